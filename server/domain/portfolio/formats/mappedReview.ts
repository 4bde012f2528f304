import type { ImportMapping, MappedField } from '@/lib/schemas/importMapping';
import type { NordnetReviewRow } from './nordnet/types';
import { parseMappedNumber } from './mappedNumbers';

/** A mapped row whose type word the mapping does not know: a review row (mappedCsv.ts). */
export function reviewRow(
  line: number,
  id: string | null,
  date: string,
  type: string,
  isin: string | null,
  name: string | null,
  cell: (field: MappedField) => string,
  currency: string | null,
  mapping: ImportMapping,
): NordnetReviewRow {
  let direction: NordnetReviewRow['direction'] = null;
  let quantity: string | null = cell('quantity') || null;
  try {
    const q = parseMappedNumber(cell('quantity'), mapping.decimal);
    // Canonical, so accepting the row reads it whatever the file's separators.
    if (q !== null) quantity = q.toFixed();
    if (q !== null && !q.isZero()) direction = q.isNeg() ? 'out' : 'in';
  } catch {
    direction = null;
  }
  return {
    line,
    externalId: id,
    date,
    transactionType: type,
    isin,
    name,
    quantity,
    amount: cell('amount') || null,
    currency,
    direction,
    reason: `type "${type}" is not in the mapping`,
    code: 'UNMAPPED_TYPE',
    params: { type },
  };
}
