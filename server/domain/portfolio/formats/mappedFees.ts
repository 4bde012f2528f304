import type Decimal from 'decimal.js';
import type { ImportMapping } from '@/lib/schemas/importMapping';
import { findColumn, MappingColumnsError } from './mappedColumns';
import { parseMappedNumber } from './mappedNumbers';
import { restoreCell } from './nordnet/cells';
import { RowError } from './nordnet/importErrors';

/**
 * Issue 37: a fee the file states in the account's currency (DEGIRO's Transactiekosten in EUR,
 * Avanza's Courtage in SEK) while the trade is in another (USD). A transaction keeps one fee, in
 * the trade's currency, so the fee is converted with the row's own exchange rate; without a rate
 * the row is an error of its line, never a EUR amount read as USD.
 */

/** A trade's fee in the trade's currency, from the row's cells. */
export type FeeInTradeCurrency = (fields: string[], fee: Decimal, tradeCurrency: string | null) => Decimal;

/** Rounded to what a transaction keeps (10 decimals, 15 significant digits). */
const kept = (d: Decimal) => d.toSignificantDigits(15).toDecimalPlaces(10);

/** The mapping's fee rule over a header; the fee as it is when the mapping names none. Throws MappingColumnsError. */
export function feeConverter(headers: string[], mapping: ImportMapping): FeeInTradeCurrency {
  const rule = mapping.feeCurrency;
  if (rule === undefined) return (_fields, fee) => fee;
  const index = (column: string): number => {
    const i = findColumn(headers, column);
    if (i === undefined) throw new MappingColumnsError([{ field: 'fee', column }], headers);
    return i;
  };
  const currencyColumn = rule.column ? index(rule.column) : null;
  const rateColumn = index(rule.rate);
  return (fields, fee, tradeCurrency) => {
    const cell = (i: number) => restoreCell(fields[i] ?? '').trim();
    const feeCurrency = (
      currencyColumn === null ? (rule.currency ?? '') : cell(currencyColumn)
    ).toUpperCase();
    if (fee.isZero() || feeCurrency === '' || tradeCurrency === null || feeCurrency === tradeCurrency)
      return fee;
    let rate: Decimal | null = null;
    try {
      rate = parseMappedNumber(cell(rateColumn), mapping.decimal)?.abs() ?? null;
    } catch {
      rate = null;
    }
    if (rate === null || rate.isZero()) {
      throw new RowError(
        'NO_RATE',
        `fee is in ${feeCurrency}, the trade in ${tradeCurrency}, and there is no exchange rate`,
        { field: 'fee', valueCurrency: feeCurrency, currency: tradeCurrency },
      );
    }
    return kept(rule.quote === 'trade-per-fee' ? fee.times(rate) : fee.div(rate));
  };
}
