import { useCallback, useEffect, useState } from 'react';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'next-i18next/pages';
import TableScroll from '@/components/common/TableScroll';
import { localIsoDate } from '@/lib/dates';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';
import type { LossHarvestCandidateDto } from '@/lib/types/personTax';
import { taxService } from '@/services/taxService';
import GainLoss from '../GainLoss';
import { TaxLoadError, TaxLoading } from './TaxLoadState';
import { sumOre } from './sumOre';

type Answer =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; items: LossHarvestCandidateDto[]; ratesYear: number | null };

/**
 * Before year end (issue 38 item 5): the ordinary holdings whose sale today at the last close
 * would realise a loss, the tax that loss would save this year and the unused shielding that
 * lapses with such a sale (GET /api/v1/tax/harvest). `date` defaults to today.
 */
export default function TaxHarvestPanel({ date }: { date?: string }) {
  const { t, i18n } = useTranslation('taxHarvest');
  const locale = i18n.language;
  const day = date ?? localIsoDate();
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<{ key: string; value: Answer } | null>(null);
  const key = `${day}|${attempt}`;

  useEffect(() => {
    let current = true;
    taxService.harvest(day).then(
      ({ items, rates_year }) => {
        if (current) setAnswer({ key, value: { status: 'ready', items, ratesYear: rates_year } });
      },
      (err: unknown) => {
        console.error('Fetching the loss-harvest list failed:', err);
        if (current) setAnswer({ key, value: { status: 'error' } });
      },
    );
    return () => {
      current = false;
    };
  }, [day, key]);
  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  const state: Answer = answer?.key === key ? answer.value : { status: 'loading' };
  const nok = (value: number) => formatMoney(value, 'NOK', locale);

  let body;
  if (state.status === 'loading') body = <TaxLoading label={t('loading')} />;
  else if (state.status === 'error')
    body = <TaxLoadError message={t('loadFailed')} retryLabel={t('retry')} onRetry={retry} />;
  else if (state.items.length === 0) body = <p className="text-body-secondary mb-0">{t('empty')}</p>;
  else {
    const items = state.items;
    const columns = ['value', 'cost', 'loss', 'taxSaved', 'shieldingLapsing'] as const;
    body = (
      <>
        <TableScroll label={t('title')} stickyFirstColumn>
          <Table size="sm" hover className="align-middle mb-2" data-testid="tax-harvest-table">
            <caption className="visually-hidden">{t('title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('security')}</th>
                <th scope="col" className="text-end">
                  {t('quantity')}
                </th>
                {columns.map((k) => (
                  <th scope="col" className="text-end" key={k}>
                    {t(k)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="tabular-nums">
              {items.map((c) => (
                <tr key={c.ticker_id}>
                  <th scope="row" className="fw-semibold">
                    {c.symbol}
                  </th>
                  <td className="text-end">{formatNumber(c.quantity, locale, 6)}</td>
                  <td className="text-end">{nok(c.value)}</td>
                  <td className="text-end">{nok(c.cost)}</td>
                  <td className="text-end">
                    <GainLoss value={c.loss} currency="NOK" />
                  </td>
                  <td className="text-end">{nok(c.tax_saved)}</td>
                  <td className="text-end">{nok(c.shielding_lapsing)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot className="tabular-nums">
              <tr className="fw-semibold">
                <th scope="row" colSpan={4}>
                  {t('total', { count: items.length })}
                </th>
                <td className="text-end">
                  <GainLoss value={sumOre(items.map((c) => c.loss))} currency="NOK" />
                </td>
                <td className="text-end" data-testid="tax-harvest-total-saved">
                  {nok(sumOre(items.map((c) => c.tax_saved)))}
                </td>
                <td className="text-end">{nok(sumOre(items.map((c) => c.shielding_lapsing)))}</td>
              </tr>
            </tfoot>
          </Table>
        </TableScroll>
        {state.ratesYear !== null && state.ratesYear !== Number(day.slice(0, 4)) && (
          <p className="small text-body-secondary mb-1">{t('ratesNote', { year: state.ratesYear })}</p>
        )}
        <p className="small text-body-secondary mb-0">{t('note')}</p>
      </>
    );
  }

  return (
    <section aria-labelledby="tax-harvest-title" className="mb-4 d-print-none">
      <h2 id="tax-harvest-title" className="h5">
        {t('title')}
      </h2>
      <p className="small text-body-secondary">{t('intro', { date: formatDate(day, locale) })}</p>
      {body}
    </section>
  );
}
