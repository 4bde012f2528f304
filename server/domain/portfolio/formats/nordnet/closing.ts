import { optionalNumber, type RawRow } from './rows';
import type { ParsedNordnetRow } from './types';

/**
 * Issue 37: a row that takes shares out and says the holding is now 0 (Totalt antall 0) closes the
 * position. Fund units are rounded (often to 4 decimals) in the file, so the units sold may differ
 * from the units held by a remainder such as 0.0001; the import then sells what is held.
 */
export function withClosing(row: RawRow, parsed: ParsedNordnetRow): ParsedNordnetRow {
  const total = optionalNumber(row, 'totalQuantity', 'Totalt antall');
  return total !== null && total.isZero() ? { ...parsed, closesPosition: true } : parsed;
}
