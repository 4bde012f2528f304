import { useEffect, useId, useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import ChangeValue from '@/components/market/ChangeValue';
import EmptyState from '@/components/market/EmptyState';
import { analysisHref } from '@/components/market/links';
import LoadError from '@/components/market/LoadError';
import ScoreValue from '@/components/market/ScoreValue';
import TickerLogo from '@/components/market/TickerLogo';
import TimeframeSwitch from '@/components/market/TimeframeSwitch';
import MarketTrackRecord from './MarketTrackRecord';
import styles from '@/components/market/market.module.scss';
import { marketById, type Timeframe } from '@/lib/constants';
import { formatMoney, formatNumber } from '@/lib/format';
import type { TickerListItem } from '@/lib/types/market';
import { useMarketStore } from '@/stores/useMarketStore';
import { useScreenerStore } from '@/stores/useScreenerStore';

/** A signal is new when the previous session had another signal (SPEC: "new since the previous session"). */
export function isNewSignal(item: TickerListItem): boolean {
  return item.previous_signal != null && item.previous_signal !== item.signal;
}

/** /signals: buy and sell candidates of the selected market and timeframe, new signals marked. */
export default function SignalsView() {
  const { t } = useTranslation('signals');
  const id = useId();
  const marketId = useMarketStore((s) => s.marketId);
  const timeframe = useMarketStore((s) => s.timeframe);
  const setTimeframe = useMarketStore((s) => s.setTimeframe);
  const signals = useScreenerStore((s) => s.signals);
  const fetchSignals = useScreenerStore((s) => s.fetchSignals);
  const retry = useScreenerStore((s) => s.retry);
  const [onlyNew, setOnlyNew] = useState(false);

  useEffect(() => {
    void fetchSignals(marketId, timeframe);
  }, [marketId, timeframe, fetchSignals]);

  const data = signals.data;
  const market = marketById(marketId);

  return (
    <div>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <p className="mb-0 small text-body-secondary me-auto">
          {t('note', {
            market: t(`common:markets.${market.id}`),
            timeframe: t(`market:timeframe.${timeframe}.name`),
          })}
        </p>
        <div className="form-check form-switch mb-0">
          <input
            id={`${id}-only-new`}
            className="form-check-input"
            type="checkbox"
            role="switch"
            checked={onlyNew}
            onChange={(e) => setOnlyNew(e.target.checked)}
          />
          <label className="form-check-label small" htmlFor={`${id}-only-new`}>
            {t('onlyNew')}
          </label>
        </div>
        <TimeframeSwitch value={timeframe} onChange={setTimeframe} />
      </div>
      {signals.status === 'error' && (
        <LoadError error={signals.error} onRetry={() => void retry('signals')} what="signals" />
      )}
      <div className={`row g-3 ${signals.loading && data ? styles.busy : ''}`} aria-busy={signals.loading}>
        {(['buy', 'sell'] as const).map((side) => (
          <div key={side} className="col-12 col-lg-6">
            <SignalColumn
              side={side}
              items={data ? data[side] : null}
              total={data ? (side === 'buy' ? data.buyTotal : data.sellTotal) : 0}
              onlyNew={onlyNew}
              timeframe={timeframe}
              failed={signals.status === 'error' && !data}
            />
          </div>
        ))}
      </div>
      <MarketTrackRecord marketId={marketId} timeframe={timeframe} />
    </div>
  );
}

function SignalColumn({
  side,
  items,
  total,
  onlyNew,
  timeframe,
  failed,
}: {
  side: 'buy' | 'sell';
  items: TickerListItem[] | null;
  total: number;
  onlyNew: boolean;
  timeframe: Timeframe;
  failed: boolean;
}) {
  const { t } = useTranslation('signals');
  const { locale } = useRouter();
  const titleId = `signals-${side}-title`;
  const newCount = items ? items.filter(isNewSignal).length : 0;
  const shown = items ? (onlyNew ? items.filter(isNewSignal) : items) : null;
  const variant = side === 'buy' ? 'success' : 'danger';

  return (
    <section className={`${styles.card} h-100`} aria-labelledby={titleId} data-testid={`signals-${side}`}>
      <header className="d-flex flex-wrap align-items-center gap-2 p-3 border-bottom">
        <span
          className={`rounded-circle d-inline-block bg-${variant}`}
          style={{ width: 10, height: 10 }}
          aria-hidden="true"
        />
        <h2 id={titleId} className="h6 mb-0 me-auto">
          {t(`${side}.title`)}
        </h2>
        {items && (
          <span className="small text-body-secondary">
            {t('count', { count: total, formatted: formatNumber(total, locale, 0) })}
            {newCount > 0 && (
              <span className={`badge rounded-pill bg-${variant}-subtle text-${variant}-emphasis ms-2`}>
                {t('newCount', { count: newCount })}
              </span>
            )}
          </span>
        )}
      </header>
      <p className="small text-body-secondary px-3 pt-2 mb-0">{t(`${side}.description`)}</p>
      {shown === null ? (
        failed ? null : (
          <ListSkeleton />
        )
      ) : shown.length === 0 ? (
        <EmptyState title={onlyNew ? t('emptyNew') : t(`${side}.empty`)} />
      ) : (
        <ul className={`${styles.miniList} p-2`}>
          {shown.map((item) => {
            const fresh = isNewSignal(item);
            return (
              <li key={item.ticker_id} data-new={fresh || undefined}>
                <Link href={analysisHref(item.ticker_id, timeframe)} className={styles.miniItem}>
                  <TickerLogo name={item.long_name} symbol={item.symbol} img={item.img} size={30} />
                  <span className={styles.miniName}>
                    <span className="d-flex align-items-center gap-2" style={{ minWidth: 0 }}>
                      <span className="fw-semibold text-truncate">{item.long_name}</span>
                      {fresh && (
                        <span
                          className={`badge rounded-pill text-bg-${variant} flex-shrink-0 ${styles.newBadge}`}
                          title={t('newTitle', { previous: t(`market:signal.${item.previous_signal}`) })}
                        >
                          {t('new')}
                          <span className="visually-hidden">
                            {' '}
                            – {t('newTitle', { previous: t(`market:signal.${item.previous_signal}`) })}
                          </span>
                        </span>
                      )}
                    </span>
                    <span className="d-block small text-body-secondary">
                      {item.symbol} · {formatMoney(item.close, item.currency, locale)} ·{' '}
                      <ChangeValue changePct={item.change_pct} className="fw-normal" />
                    </span>
                  </span>
                  <ScoreValue score={item.technical_score} />
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function ListSkeleton() {
  return (
    <div className="p-3 placeholder-glow" aria-hidden="true" data-testid="signals-skeleton">
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <div key={i} className="d-flex align-items-center gap-2 mb-3">
          <span className="placeholder rounded-circle" style={{ width: 30, height: 30 }} />
          <span className="placeholder col-7" />
          <span className="placeholder col-2 ms-auto" />
        </div>
      ))}
    </div>
  );
}
