import type Decimal from 'decimal.js';
import { EVENT_BUY, EVENT_DIVIDEND, EVENT_SELL, EVENT_SPLIT } from '@/lib/constants';
import { ONE, toApiNumber, toDecimal, ZERO } from './decimal';
import { MissingTickerError } from './errors';
import { conversionFactor } from './fx';
import { applyTransaction, createEmptyPosition, type Position } from './positions';
import { normalizeTransactions } from './transactions';
import type { CurrencyCode, FxRateOn, PricePoint, TickerInfo, Transaction, TransactionInput } from './types';

export interface ComputePerformanceInput {
  transactions: readonly TransactionInput[];
  /** Trading currency of every ticker the transactions use. */
  tickers: ReadonlyMap<number, Pick<TickerInfo, 'currency'>>;
  /** Daily closes per ticker id, in the ticker's currency, ascending by date. */
  closes: ReadonlyMap<number, readonly PricePoint[]>;
  /** Daily closes of the benchmark (the market's main index), ascending by date. */
  indexCloses?: readonly PricePoint[];
  fxRateOn: FxRateOn;
  /** Inclusive ISO date range of the series. */
  from: string;
  to: string;
  baseCurrency?: CurrencyCode;
}

/** One day of the performance series, decimals inside. */
export interface PerformancePoint {
  date: string;
  /** Σ quantity × close (last close on or before the day) × that day's rate. */
  valueBase: Decimal;
  /** Net external cash put in since inception: buys (incl. fee) minus sell proceeds (net of fee), at trade-date rates. */
  investedBase: Decimal;
  /** Cash flow assigned to this day: buys positive, sell proceeds and dividends negative (paid out of the portfolio). */
  cashFlowBase: Decimal;
  /** Time-weighted return since the first day of the series (a fraction; 0 on that day). */
  twr: Decimal;
  /** Index close / index close on the first day - 1; null before the index has a close. */
  indexTwr: Decimal | null;
}

export interface PerformancePointDto {
  date: string;
  value_base: number;
  invested_base: number;
  twr: number;
  index_twr: number | null;
}

/** A forward-filling reader of one ascending price series. */
class PriceCursor {
  private index = -1;
  private readonly points: readonly PricePoint[];
  private current: Decimal | null = null;

  constructor(points: readonly PricePoint[]) {
    this.points = points;
  }

  /** Last close on or before `date` (dates must be asked in ascending order), null before the first close. */
  closeOn(date: string): Decimal | null {
    while (this.index + 1 < this.points.length && this.points[this.index + 1].date <= date) {
      this.index += 1;
      this.current = null;
    }
    if (this.index < 0) return null;
    this.current ??= toDecimal(this.points[this.index].close);
    return this.current;
  }
}

function buildCalendar(input: ComputePerformanceInput, tickerIds: ReadonlySet<number>): string[] {
  const dates = new Set<string>();
  const add = (points: readonly PricePoint[] | undefined): void => {
    for (const p of points ?? []) if (p.date >= input.from && p.date <= input.to) dates.add(p.date);
  };
  for (const id of tickerIds) add(input.closes.get(id));
  add(input.indexCloses);
  return [...dates].sort();
}

/**
 * Daily portfolio value, net invested cash and time-weighted return from `from` to `to`, against
 * the index (DESIGN §7). The calendar is every date in range with a close of a held ticker or the
 * index. Flow timing: a transaction dated after the previous calendar day and up to this one is a
 * cash flow at the END of this day, so day t's return is (V_t − CF_t) / V_{t−1} − 1, chain-linked.
 * When there is no prior value (V_{t−1} = 0, e.g. the first buy) the day's return is V_t / CF_t − 1
 * for an inflow and 0 otherwise, so nothing divides by zero. Transactions up to the first day form
 * the starting state (twr 0 there). A held ticker with no close yet is valued at its last trade
 * price (split-adjusted).
 */
export function computePerformance(input: ComputePerformanceInput): PerformancePoint[] {
  const baseCurrency = input.baseCurrency ?? 'NOK';
  const transactions = normalizeTransactions(input.transactions).filter((t) => t.date <= input.to);
  const tickerIds = new Set(transactions.map((t) => t.tickerId));
  const currencyOf = (tickerId: number): CurrencyCode => {
    const info = input.tickers.get(tickerId);
    if (!info) throw new MissingTickerError(tickerId);
    return info.currency;
  };
  for (const id of tickerIds) currencyOf(id);
  const calendar = buildCalendar(input, tickerIds);
  if (calendar.length === 0) return [];

  const positions = new Map<number, Position>();
  const cursors = new Map<number, PriceCursor>();
  const fallbackPrice = new Map<number, Decimal>();
  for (const id of tickerIds) cursors.set(id, new PriceCursor(input.closes.get(id) ?? []));
  const indexCursor = input.indexCloses ? new PriceCursor(input.indexCloses) : null;

  let invested = ZERO;
  let txIndex = 0;
  /** Apply every transaction dated on or before `date`; returns that batch's cash flow in base currency. */
  const applyUntil = (date: string): Decimal => {
    let flow = ZERO;
    while (txIndex < transactions.length && transactions[txIndex].date <= date) {
      const tx: Transaction = transactions[txIndex];
      txIndex += 1;
      const before = positions.get(tx.tickerId) ?? createEmptyPosition(tx.tickerId);
      positions.set(tx.tickerId, applyTransaction(before, tx, ONE));
      const factor = (): Decimal =>
        conversionFactor(currencyOf(tx.tickerId), baseCurrency, input.fxRateOn, tx.date);
      const gross = tx.quantity.mul(tx.price);
      switch (tx.eventId) {
        case EVENT_BUY: {
          const amount = gross.plus(tx.fee).mul(factor());
          flow = flow.plus(amount);
          invested = invested.plus(amount);
          fallbackPrice.set(tx.tickerId, tx.price);
          break;
        }
        case EVENT_SELL: {
          const proceeds = gross.minus(tx.fee).mul(factor());
          flow = flow.minus(proceeds);
          invested = invested.minus(proceeds);
          fallbackPrice.set(tx.tickerId, tx.price);
          break;
        }
        case EVENT_DIVIDEND:
          flow = flow.minus(gross.minus(tx.fee).mul(factor()));
          break;
        case EVENT_SPLIT: {
          const last = fallbackPrice.get(tx.tickerId);
          if (last) fallbackPrice.set(tx.tickerId, last.div(tx.quantity));
          break;
        }
      }
    }
    return flow;
  };

  const valueOn = (date: string): Decimal => {
    // Sum per currency first, then convert each sum once at the day's rate.
    const byCurrency = new Map<CurrencyCode, Decimal>();
    for (const position of positions.values()) {
      if (position.quantity.isZero()) continue;
      const close =
        cursors.get(position.tickerId)?.closeOn(date) ?? fallbackPrice.get(position.tickerId) ?? ZERO;
      const currency = currencyOf(position.tickerId);
      byCurrency.set(currency, (byCurrency.get(currency) ?? ZERO).plus(position.quantity.mul(close)));
    }
    let value = ZERO;
    for (const [currency, amount] of byCurrency) {
      value = value.plus(amount.mul(conversionFactor(currency, baseCurrency, input.fxRateOn, date)));
    }
    return value;
  };

  const points: PerformancePoint[] = [];
  let growth = ONE;
  let previousValue = ZERO;
  let indexStart: Decimal | null = null;
  for (let i = 0; i < calendar.length; i++) {
    const date = calendar[i];
    const flow = applyUntil(date);
    const value = valueOn(date);
    if (i > 0) {
      let factor: Decimal;
      if (previousValue.gt(0)) factor = value.minus(flow).div(previousValue);
      else if (flow.gt(0)) factor = value.div(flow);
      else factor = ONE;
      growth = growth.mul(factor);
    }
    const indexClose = indexCursor ? indexCursor.closeOn(date) : null;
    if (indexStart === null && indexClose !== null && indexClose.gt(0)) indexStart = indexClose;
    points.push({
      date,
      valueBase: value,
      investedBase: invested,
      cashFlowBase: flow,
      twr: growth.minus(ONE),
      indexTwr: indexStart !== null && indexClose !== null ? indexClose.div(indexStart).minus(ONE) : null,
    });
    previousValue = value;
  }
  return points;
}

/** Map a performance point to its snake_case JSON numbers. */
export function toPerformancePointDto(point: PerformancePoint): PerformancePointDto {
  return {
    date: point.date,
    value_base: toApiNumber(point.valueBase),
    invested_base: toApiNumber(point.investedBase),
    twr: toApiNumber(point.twr),
    index_twr: point.indexTwr === null ? null : toApiNumber(point.indexTwr),
  };
}
