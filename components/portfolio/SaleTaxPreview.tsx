/**
 * Issue 38 item 4, the tax before you sell: while a sale is being entered, the lots FIFO would take
 * (from which portfolio), the gain, the shielding used and the estimated tax, from
 * GET /api/v1/tax/simulate (the one engine; nothing is saved). In an aksjesparekonto: nothing now,
 * and how much of a withdrawal would be taxable.
 */
import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'next-i18next/pages';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';
import type { SaleSimulationDto } from '@/lib/types/personTax';
import { ApiError } from '@/services/apiError';
import { portfolioService } from '@/services/portfolioService';

type State =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'done'; result: SaleSimulationDto };

const DECIMAL = /^\d{1,15}(\.\d{1,10})?$/;

export function SaleTaxPreview({
  portfolioId,
  tickerId,
  quantity,
  price,
  date,
  portfolioName,
}: {
  portfolioId: number | null;
  tickerId: number | undefined;
  quantity: string;
  price: string;
  date: string;
  portfolioName(id: number): string;
}) {
  const { t, i18n } = useTranslation('saleTax');
  const locale = i18n.language;
  const [state, setState] = useState<State>({ status: 'idle' });
  const q = quantity.trim().replace(',', '.');
  const p = price.trim().replace(',', '.');
  const ready =
    portfolioId !== null && tickerId !== undefined && DECIMAL.test(q) && Number(q) > 0 && DECIMAL.test(p);

  useEffect(() => {
    if (!ready) return;
    let current = true;
    // Asked once the typing pauses; an older answer is ignored.
    const timer = setTimeout(() => {
      setState({ status: 'loading' });
      portfolioService
        .simulateSale({ portfolioId: portfolioId!, tickerId: tickerId!, quantity: q, price: p, date })
        .then((result) => current && setState({ status: 'done', result }))
        .catch((err: unknown) => {
          if (!current) return;
          const code = err instanceof ApiError ? err.code : '';
          const key =
            code === 'INSUFFICIENT_HOLDING'
              ? 'errorOversell'
              : code === 'NO_PUBLISHED_RATES'
                ? 'errorNoRates'
                : 'errorFailed';
          setState({ status: 'error', message: t(key) });
        });
    }, 400);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [ready, portfolioId, tickerId, q, p, date, t]);

  if (!ready || state.status === 'idle') return null;
  const nok = (v: number) => formatMoney(v, 'NOK', locale);
  return (
    <section aria-live="polite" aria-label={t('title')} className="mt-3">
      <h3 className="h6">{t('title')}</h3>
      {state.status === 'loading' && (
        <p className="text-body-secondary small mb-0">
          <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
          {t('loading')}
        </p>
      )}
      {state.status === 'error' && (
        <Alert variant="warning" className="small mb-0">
          {state.message}
        </Alert>
      )}
      {state.status === 'done' && (
        <div className="small">
          <ul className="list-unstyled mb-2">
            {state.result.lots.map((lot, i) => (
              <li key={i}>
                {t('lot', {
                  quantity: formatNumber(lot.quantity, locale),
                  date: formatDate(lot.date, locale),
                  portfolio: portfolioName(lot.portfolio_id),
                  cost: nok(lot.cost),
                })}
              </li>
            ))}
          </ul>
          <dl className="row mb-0">
            <dt className="col-7 fw-normal">{t('gain')}</dt>
            <dd className="col-5 text-end mb-1">{nok(state.result.gain)}</dd>
            {state.result.ask === null ? (
              <>
                <dt className="col-7 fw-normal">{t('shieldingUsed')}</dt>
                <dd className="col-5 text-end mb-1">{nok(state.result.shielding_used)}</dd>
                <dt className="col-7">{t('estimatedTax')}</dt>
                <dd className="col-5 text-end mb-1 fw-semibold">{nok(state.result.estimated_tax)}</dd>
              </>
            ) : (
              <>
                <dt className="col-7">{t('askNow')}</dt>
                <dd className="col-5 text-end mb-1 fw-semibold">{nok(state.result.ask.taxable_now)}</dd>
                <dt className="col-7 fw-normal">{t('askWithdrawal')}</dt>
                <dd className="col-5 text-end mb-1">{nok(state.result.ask.withdrawal_taxable)}</dd>
                <dt className="col-7 fw-normal">{t('askWithdrawalTax')}</dt>
                <dd className="col-5 text-end mb-1">{nok(state.result.ask.withdrawal_estimated_tax)}</dd>
              </>
            )}
          </dl>
          <p className="text-body-secondary mb-0">{t('note')}</p>
        </div>
      )}
    </section>
  );
}
