import Decimal from 'decimal.js';
import { EVENT_DIVIDEND } from '@/lib/constants';
import { optionalNumber, parseTradeRow, type RawRow } from './rows';
import type { ParsedNordnetRow } from './types';

/**
 * Issue 37: a foreign dividend as Nordnet writes it. Kurs is the dividend per share in the
 * share's own currency (0,24 for a USD share), but the row is labelled with the account's currency
 * and a Vekslingskurs of 1, and Beløp is the gross amount in the account's currency. Read as it is
 * labelled, 0,24 would be a NOK (SEK, DKK, EUR) amount per share. When Beløp is not Antall × Kurs,
 * the dividend is in the share's currency (left to the resolved instrument: `currency` null) and
 * the rate is the one Beløp implies, Beløp ÷ (Antall × Kurs); tax withheld on it
 * (KUPONGSKATT, stated in the account's currency) is converted with the same rate.
 */

/** Beløp is rounded to 0.01, Kurs to a few decimals: within this, Beløp is Antall × Kurs in one currency. */
function sameCurrencyTolerance(quantity: Decimal): Decimal {
  return new Decimal('0.01').plus(quantity.times('0.00005'));
}

/** Rounded to what a transaction keeps (10 decimals, 15 significant digits). */
const kept = (d: Decimal) => d.toSignificantDigits(15).toDecimalPlaces(10);

/** A dividend row; in the share's currency at the rate Beløp implies when its labels say otherwise. */
export function parseDividendRow(row: RawRow, type: string): ParsedNordnetRow {
  const parsed = parseTradeRow(row, EVENT_DIVIDEND, type);
  // A real Vekslingskurs (not 1), or Kurs's own currency column, already says which currency it is.
  if (parsed.fxRate !== null || row.currencyOf('price') !== '') return parsed;
  const perShare = optionalNumber(row, 'price', 'Kurs')?.abs() ?? null;
  const amount = optionalNumber(row, 'amount', 'Beløp')?.abs() ?? null;
  if (perShare === null || perShare.isZero() || amount === null || amount.isZero()) return parsed;
  const gross = parsed.quantity.times(perShare);
  if (amount.minus(gross).abs().lte(sameCurrencyTolerance(parsed.quantity))) return parsed;
  const rate = kept(amount.div(gross));
  if (rate.isZero()) return parsed;
  return {
    ...parsed,
    currency: null,
    fxRate: rate,
    // A fee on the row is in the account's currency like Beløp.
    fee: parsed.fee.isZero() ? parsed.fee : kept(parsed.fee.div(rate)),
  };
}
