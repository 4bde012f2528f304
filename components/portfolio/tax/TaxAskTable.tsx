import Table from 'react-bootstrap/Table';
import { useTranslation } from 'next-i18next/pages';
import { formatMoney } from '@/lib/format';
import type { PersonTaxAsk } from '@/lib/types/personTax';
import TableScroll from '@/components/common/TableScroll';

const COLUMNS = [
  'deposits',
  'valueEnd',
  'shieldingBase',
  'shieldingYear',
  'withdrawnAbove',
  'taxable',
  'estimatedTax',
] as const;

/**
 * Each aksjesparekonto's year (issue 21): deposits, value on 31.12, the shielding base and the
 * year's shielding, withdrawals above the deposits and the tax on them. `nameOf` names a portfolio.
 */
export default function TaxAskTable({
  accounts,
  nameOf,
}: {
  accounts: readonly PersonTaxAsk[];
  nameOf(portfolioId: number): string;
}) {
  const { t, i18n } = useTranslation('personTax');
  const locale = i18n.language;
  const nok = (value: number | null) =>
    value === null ? t('notPublished') : formatMoney(value, 'NOK', locale);
  const cell = (a: PersonTaxAsk, k: (typeof COLUMNS)[number]) =>
    ({
      deposits: a.deposits,
      valueEnd: a.value_end,
      shieldingBase: a.shielding_base,
      shieldingYear: a.shielding_year,
      withdrawnAbove: a.withdrawn_above_deposits,
      taxable: a.taxable,
      estimatedTax: a.estimated_tax,
    })[k];
  return (
    <TableScroll label={t('ask.title')} stickyFirstColumn>
      <Table size="sm" className="align-middle">
        <caption className="visually-hidden">{t('ask.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('ask.portfolio')}</th>
            {COLUMNS.map((k) => (
              <th scope="col" className="text-end" key={k}>
                {t(`ask.${k}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {accounts.map((a) => (
            <tr key={a.portfolio_id}>
              <td>{nameOf(a.portfolio_id)}</td>
              {COLUMNS.map((k) => (
                <td className="text-end" key={k}>
                  {nok(cell(a, k))}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}
