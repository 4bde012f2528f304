import type Decimal from 'decimal.js';
import { EVENT_BUY, EVENT_DIVIDEND, EVENT_SELL, EVENT_SPLIT } from '@/lib/constants';
import type { DecimalInput, TransactionInput } from '@/server/domain/portfolio';

export const BUY = EVENT_BUY;
export const SELL = EVENT_SELL;
export const DIVIDEND = EVENT_DIVIDEND;
export const SPLIT = EVENT_SPLIT;

/** Shorthand for a transaction: id, ticker, date, event, quantity, price, fee. */
export function tx(
  id: number,
  tickerId: number,
  date: string,
  eventId: number,
  quantity: DecimalInput,
  price: DecimalInput,
  fee: DecimalInput = 0,
): TransactionInput {
  return { id, tickerId, date, eventId, quantity, price, fee };
}

/** Exact decimal text, so expectations compare digits, not floats. */
export function s(d: Decimal): string {
  return d.toString();
}
