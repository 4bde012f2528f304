import Decimal from 'decimal.js';
import fc from 'fast-check';
import { EVENT_BUY, EVENT_DIVIDEND, EVENT_SELL, EVENT_SPLIT } from '@/lib/constants';
import {
  toDecimal,
  type DecimalInput,
  type PerformancePoint,
  type TransactionInput,
} from '@/server/domain/portfolio';

export const BUY = EVENT_BUY;
export const SELL = EVENT_SELL;
export const DIVIDEND = EVENT_DIVIDEND;
export const SPLIT = EVENT_SPLIT;

/** Property tests' amounts: whole øre from 0 to `max` øre. */
export const cents = (max: number): fc.Arbitrary<Decimal> =>
  fc.integer({ min: 0, max }).map((n) => toDecimal(n).div(100));
/** Property tests' quantities: 0.001 to 1,000 shares in steps of 0.001. */
export const shares = fc.integer({ min: 1, max: 1_000_000 }).map((n) => toDecimal(n).div(1000));

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

/** Every field of every day as exact text. */
export function digits(points: readonly PerformancePoint[]): string[][] {
  return points.map((p) => [
    p.date,
    p.valueBase.toString(),
    p.investedBase.toString(),
    p.cashFlowBase.toString(),
    p.twr.toString(),
    p.indexTwr === null ? 'null' : p.indexTwr.toString(),
  ]);
}

/** Decimals of 200 digits: exact oracles for the scaled-integer sums (performance tests). */
export const Wide = Decimal.clone({ precision: 200, toExpNeg: -200, toExpPos: 200 });
export const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** `int / 10^scale` as a 200-digit Decimal (exact for everything these tests make). */
export const wide = (int: number | bigint, scale: number) =>
  new Wide(int.toString()).div(new Wide(10).pow(scale));
