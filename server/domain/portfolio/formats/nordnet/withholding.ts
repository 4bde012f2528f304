import type Decimal from 'decimal.js';
import { EVENT_DIVIDEND } from '@/lib/constants';
import { dayNumber } from '@/lib/dates';
import { ZERO } from '../../ledger/decimal';
import type { NordnetParseResult, ParsedNordnetRow } from './types';

/** A row of tax withheld on a dividend ("KUPONGSKATT"), before it is attached to its dividend. */
export interface Withholding {
  line: number;
  date: string;
  isin: string | null;
  name: string | null;
  /** In the account's currency as stated, and in the trade currency. */
  amount: Decimal;
  amountCurrency: string;
  rate: Decimal | null;
  type: string;
}

/** How many days before or after a withholding row its dividend may be. */
const WITHHOLDING_DAYS = 10;

/**
 * Tax withheld on a dividend goes onto that dividend (same security, the same day or the closest
 * one within ten days before or after), converted to its trade currency with the row's (else the
 * dividend's) Vekslingskurs; a withholding row without a dividend is a review row.
 */
export function attachWithholdings(result: NordnetParseResult, withholdings: readonly Withholding[]): void {
  const dividends = new Map<string, ParsedNordnetRow[]>();
  for (const r of result.rows) {
    if (r.eventId !== EVENT_DIVIDEND) continue;
    for (const key of [r.isin, r.name]) {
      if (key === null) continue;
      const list = dividends.get(key) ?? [];
      list.push(r);
      dividends.set(key, list);
    }
  }
  const days = (a: string, b: string) => Math.abs(dayNumber(a) - dayNumber(b));
  for (const w of withholdings) {
    const candidates =
      (w.isin !== null ? dividends.get(w.isin) : undefined) ??
      (w.name !== null ? dividends.get(w.name) : undefined) ??
      [];
    let best: ParsedNordnetRow | null = null;
    for (const d of candidates) {
      if (
        days(d.date, w.date) <= WITHHOLDING_DAYS &&
        (best === null || days(d.date, w.date) < days(best.date, w.date))
      )
        best = d;
    }
    if (best === null) {
      result.review.push({
        line: w.line,
        externalId: null,
        date: w.date,
        transactionType: w.type,
        isin: w.isin,
        name: w.name,
        quantity: null,
        amount: w.amount.toFixed(),
        currency: w.amountCurrency || null,
        direction: null,
        reason: 'tax withheld without a dividend of the same security within ten days',
        code: 'WITHHOLDING_ALONE',
        params: { type: w.type, days: WITHHOLDING_DAYS },
      });
      continue;
    }
    const rate = w.rate ?? best.fxRate;
    const sameCurrency = best.currency !== null && w.amountCurrency === best.currency;
    const amount =
      sameCurrency || w.amountCurrency === '' || rate === null
        ? w.amount
        : w.amount.div(rate).toSignificantDigits(15).toDecimalPlaces(10);
    best.withholdingTax = (best.withholdingTax ?? ZERO).plus(amount);
  }
}
