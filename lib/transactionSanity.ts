/**
 * Sanity warnings on a typed transaction (issue 24 item 4): the date is not a session of the
 * ticker's exchange, or a buy/sell price lies more than 20 % outside the day's low–high range (for
 * a date that is not a session: the range of the last session before it). Warnings never refuse
 * anything — brokers trade off-hours — they only ask the user to look again. One rule for the API
 * answer and the form (isomorphic: the caller brings the session flag and the bar).
 */
import { EVENT_BUY, EVENT_SELL } from '@/lib/constants';

/** How far outside the day's range a price may be before it is flagged (0.2 = 20 %). */
export const PRICE_RANGE_TOLERANCE = 0.2;

export interface DayBar {
  date: string;
  low: number;
  high: number;
  close: number;
}

export type TransactionWarning =
  | { code: 'NOT_A_SESSION'; date: string; last_session: string | null }
  | { code: 'PRICE_OUTSIDE_DAY_RANGE'; session: string; low: number; high: number; price: number };

/**
 * The warnings of a transaction on `date` at `price`: `isSession` says whether the date is a
 * trading session of the ticker's exchange, `reference` is that session's bar (or the last one
 * before the date; null when there is none). Only buys and sells are priced against the range.
 */
export function transactionWarnings(input: {
  date: string;
  eventId: number;
  price: number;
  isSession: boolean;
  reference: DayBar | null;
}): TransactionWarning[] {
  const warnings: TransactionWarning[] = [];
  if (!input.isSession) {
    warnings.push({ code: 'NOT_A_SESSION', date: input.date, last_session: input.reference?.date ?? null });
  }
  const ref = input.reference;
  const priced = input.eventId === EVENT_BUY || input.eventId === EVENT_SELL;
  if (priced && ref && Number.isFinite(input.price)) {
    const tooHigh = input.price > ref.high * (1 + PRICE_RANGE_TOLERANCE);
    const tooLow = input.price < ref.low * (1 - PRICE_RANGE_TOLERANCE);
    if (tooHigh || tooLow) {
      warnings.push({
        code: 'PRICE_OUTSIDE_DAY_RANGE',
        session: ref.date,
        low: ref.low,
        high: ref.high,
        price: input.price,
      });
    }
  }
  return warnings;
}
