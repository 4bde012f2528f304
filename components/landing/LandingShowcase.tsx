import { useCallback, useEffect, useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'next-i18next/pages';
import Loader from '@/components/common/Loader';
import SignalBadge from '@/components/market/SignalBadge';
import { formatScore } from '@/components/market/formatters';
import type { MarketId } from '@/lib/constants';
import { formatMoney } from '@/lib/format';
import type { PublicSignalItem, PublicStockPage, PublicTopSignals } from '@/lib/types/publicStocks';
import { billingService } from '@/services/billingService';
import { useBillingStore } from '@/stores/useBillingStore';
import PublicStockSummary from './PublicStockSummary';
import { publicStockHref } from './publicStockLinks';

/** The stock of the landing page's live mini analysis: Oslo Børs' largest company. */
export const LANDING_STOCK = 'EQNR';

export type RankedSignal = PublicSignalItem & { country_id: MarketId };

/**
 * The day's strongest signals across both markets: buy and sell candidates ranked by how far the
 * score is from 0 (|score|, larger first; the symbol breaks a tie). Exported for the test.
 */
export function strongestSignals(data: PublicTopSignals, count = 3): RankedSignal[] {
  return data.markets
    .flatMap((m) => [...m.buy, ...m.sell].map((item) => ({ ...item, country_id: m.country_id as MarketId })))
    .sort(
      (a, b) =>
        Math.abs(b.technical_score) - Math.abs(a.technical_score) || a.symbol.localeCompare(b.symbol, 'en'),
    )
    .slice(0, count);
}

type Load<T> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: T };

function Retry({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation('pages');
  return (
    <div className="alert alert-danger d-flex flex-wrap align-items-center gap-3" role="alert">
      <span>{text}</span>
      <Button size="sm" variant="outline-danger" onClick={onRetry}>
        {t('showcase.retry')}
      </Button>
    </div>
  );
}

/** The hero's right half: a live, signed-out mini analysis of LANDING_STOCK. */
export function LandingMiniAnalysis() {
  const { t } = useTranslation('pages');
  const [state, setState] = useState<Load<PublicStockPage>>({ status: 'loading' });
  const fetchStock = useCallback(() => {
    billingService.publicStock(LANDING_STOCK).then(
      (data) => setState({ status: 'ready', data }),
      (err: unknown) => {
        console.error('Fetching the landing analysis failed:', err);
        setState({ status: 'error' });
      },
    );
  }, []);
  useEffect(fetchStock, [fetchStock]);
  const load = () => {
    setState({ status: 'loading' });
    fetchStock();
  };
  return (
    <section aria-labelledby="mini-analysis-title" data-testid="landing-mini-analysis">
      <h2 id="mini-analysis-title" className="h6 tv-eyebrow mb-2">
        {t('showcase.liveTitle')}
      </h2>
      {state.status === 'loading' && <Loader />}
      {state.status === 'error' && <Retry text={t('showcase.liveError')} onRetry={load} />}
      {state.status === 'ready' && (
        <>
          <PublicStockSummary stock={state.data} headingLevel={3} compact />
          <p className="small mt-2 mb-0">
            <Link href={publicStockHref(state.data.symbol)}>
              {t('showcase.livePage', { name: state.data.long_name })}
            </Link>
          </p>
        </>
      )}
    </section>
  );
}

/** Below the hero: the day's three strongest signals (links to their public pages) and the price. */
export function LandingSignalsAndPrice() {
  const { t } = useTranslation('pages');
  const { locale } = useRouter();
  const signals = useBillingStore((s) => s.publicSignals);
  const fetchSignals = useBillingStore((s) => s.fetchPublicSignals);
  const plans = useBillingStore((s) => s.plans);
  const fetchPlans = useBillingStore((s) => s.fetchPlans);
  useEffect(() => {
    void fetchSignals();
    void fetchPlans();
  }, [fetchSignals, fetchPlans]);
  const top = signals.data ? strongestSignals(signals.data) : null;
  const monthly = plans.data?.plans.find((p) => p.id === 'monthly');
  const yearly = plans.data?.plans.find((p) => p.id === 'yearly');
  return (
    <div className="row g-4">
      <section className="col-lg-8" aria-labelledby="strongest-title">
        <h2 id="strongest-title" className="h3 mb-2">
          {t('showcase.strongestTitle')}
        </h2>
        <p className="text-body-secondary">{t('showcase.strongestText')}</p>
        {!signals.data && signals.status === 'error' && (
          <Retry text={t('showcase.strongestError')} onRetry={() => void fetchSignals()} />
        )}
        {!signals.data && signals.status !== 'error' && <Loader />}
        {top && top.length === 0 && <p className="text-body-secondary">{t('showcase.strongestEmpty')}</p>}
        {top && top.length > 0 && (
          <ol className="list-unstyled row g-3" data-testid="strongest-signals">
            {top.map((item) => (
              <li key={`${item.country_id}-${item.symbol}`} className="col-md-4">
                <Link
                  href={publicStockHref(item.symbol)}
                  className="tv-card d-block h-100 p-3 text-decoration-none text-body"
                >
                  <span className="d-flex justify-content-between align-items-start gap-2">
                    <span className="fw-semibold text-primary-emphasis text-decoration-underline">
                      {item.long_name}
                    </span>
                    <SignalBadge signal={item.signal} size="sm" />
                  </span>
                  <span className="d-block small text-body-secondary">
                    {item.symbol} · {t(`common:markets.${item.country_id}`)}
                  </span>
                  <span className="d-block mt-2" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {t('showcase.scoreAndClose', {
                      score: formatScore(item.technical_score, locale),
                      close: formatMoney(item.close, item.currency, locale),
                    })}
                  </span>
                </Link>
              </li>
            ))}
          </ol>
        )}
        {signals.data?.demo && <p className="small text-body-secondary mb-0">{t('showcase.demo')}</p>}
      </section>
      <section className="col-lg-4" aria-labelledby="price-title">
        <div className="tv-card p-4 h-100" data-testid="landing-price">
          <h2 id="price-title" className="h4">
            {t('showcase.priceTitle')}
          </h2>
          {!plans.data && plans.status === 'error' && (
            <Retry text={t('showcase.priceError')} onRetry={() => void fetchPlans()} />
          )}
          {!plans.data && plans.status !== 'error' && <Loader />}
          {monthly && (
            <p className="display-6 fw-bold mb-1" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {t('showcase.perMonth', { amount: formatMoney(monthly.amount, 'NOK', locale) })}
            </p>
          )}
          {yearly && plans.data && (
            <p className="text-body-secondary">
              {t('showcase.perYear', {
                amount: formatMoney(yearly.amount, 'NOK', locale),
                pct: plans.data.yearly_saving_pct,
              })}
            </p>
          )}
          {plans.data && <p className="small text-body-secondary">{t('showcase.vat')}</p>}
          <Link href="/public/products" className="btn btn-outline-primary">
            {t('showcase.pricesLink')}
          </Link>
        </div>
      </section>
    </div>
  );
}
