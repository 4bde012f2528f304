import { formatDate, formatNumber } from '@/lib/format';
import type { PersonTaxSale } from '@/lib/types/personTax';
import TaxTable, { useTaxTableText } from './TaxTable';
import GainLoss from '../GainLoss';

/**
 * Sales with the person-level figures (issue 21): FIFO cost across every ordinary account, the
 * gain or loss and the shielding it used, in NOK. `note` adds a line under the security (for
 * example when FIFO took shares from another portfolio).
 */
export default function TaxSalesTable({
  sales,
  caption,
  note,
  showIsin = true,
}: {
  sales: readonly PersonTaxSale[];
  caption: string;
  note?: (sale: PersonTaxSale) => string | null;
  showIsin?: boolean;
}) {
  const { t, locale, nok } = useTaxTableText();
  return (
    <TaxTable caption={caption}>
      <thead>
        <tr>
          <th scope="col">{t('sales.date')}</th>
          <th scope="col">{t('sales.security')}</th>
          {showIsin && <th scope="col">{t('sales.isin')}</th>}
          {(['quantity', 'proceeds', 'cost', 'gain', 'shieldingUsed'] as const).map((k) => (
            <th scope="col" className="text-end" key={k}>
              {t(`sales.${k}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="tabular-nums">
        {sales.map((s, i) => {
          const line = note?.(s) ?? null;
          return (
            <tr key={`${s.date}-${s.ticker_id}-${s.portfolio_id}-${i}`}>
              <td className="text-nowrap">{formatDate(s.date, locale)}</td>
              <td>
                <span className="fw-semibold">{s.symbol}</span>
                {line && <span className="d-block small text-body-secondary">{line}</span>}
              </td>
              {showIsin && <td className="small">{s.isin ?? ''}</td>}
              <td className="text-end">{formatNumber(s.quantity, locale, 6)}</td>
              <td className="text-end">{nok(s.proceeds)}</td>
              <td className="text-end">{nok(s.cost)}</td>
              <td className="text-end">
                <GainLoss value={s.gain} currency="NOK" />
              </td>
              <td className="text-end">{nok(s.shielding_used)}</td>
            </tr>
          );
        })}
      </tbody>
    </TaxTable>
  );
}
