import { formatDate, formatNumber } from '@/lib/format';
import type { PersonTaxDividend } from '@/lib/types/personTax';
import TaxTable, { useTaxTableText } from './TaxTable';
import { sumOre } from './sumOre';

/**
 * Each dividend as received, in NOK: gross (what is taxed), the tax withheld abroad, the fee and
 * net (gross − withholding − fee), with a total row.
 */
export default function TaxDividendsTable({
  dividends,
  caption,
}: {
  dividends: readonly PersonTaxDividend[];
  caption: string;
}) {
  const { t, locale, nok } = useTaxTableText();
  const columns = ['gross', 'withholding', 'fee', 'net'] as const;
  return (
    <TaxTable caption={caption}>
      <thead>
        <tr>
          <th scope="col">{t('dividends.date')}</th>
          <th scope="col">{t('dividends.security')}</th>
          <th scope="col" className="text-end">
            {t('dividends.quantity')}
          </th>
          {columns.map((k) => (
            <th scope="col" className="text-end" key={k}>
              {t(`dividends.${k}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="tabular-nums">
        {dividends.map((d, i) => (
          <tr key={`${d.date}-${d.ticker_id}-${d.portfolio_id}-${i}`}>
            <td className="text-nowrap">{formatDate(d.date, locale)}</td>
            <td>
              <span className="fw-semibold">{d.symbol}</span>
            </td>
            <td className="text-end">{formatNumber(d.quantity, locale, 6)}</td>
            {columns.map((k) => (
              <td className="text-end" key={k}>
                {nok(d[k])}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      <tfoot className="tabular-nums">
        <tr className="fw-semibold">
          <th scope="row" colSpan={3}>
            {t('dividends.total', { count: dividends.length })}
          </th>
          {columns.map((k) => (
            <td className="text-end" key={k}>
              {nok(sumOre(dividends.map((d) => d[k])))}
            </td>
          ))}
        </tr>
      </tfoot>
    </TaxTable>
  );
}
