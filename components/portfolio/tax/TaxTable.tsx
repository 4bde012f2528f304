import type { ReactNode } from 'react';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'next-i18next/pages';
import { formatMoney } from '@/lib/format';
import TableScroll from '@/components/common/TableScroll';

/** A tax table: scrolls sideways in its labelled box with the first column kept in view. */
export default function TaxTable({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <TableScroll label={caption} stickyFirstColumn>
      <Table size="sm" hover className="align-middle mb-2">
        <caption className="visually-hidden">{caption}</caption>
        {children}
      </Table>
    </TableScroll>
  );
}

/** The tax tables' texts, locale and NOK amounts. */
export function useTaxTableText() {
  const { t, i18n } = useTranslation('personTax');
  const locale = i18n.language;
  return { t, locale, nok: (value: number) => formatMoney(value, 'NOK', locale) };
}
