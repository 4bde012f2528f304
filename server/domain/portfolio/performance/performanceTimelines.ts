/**
 * Per-ticker daily timelines for the performance series (DESIGN §7): the calendar, a forward-filling
 * price reader, and each ticker's holding steps and cash flows on that calendar. Summed by
 * combinePerformance in performance.ts.
 */
import type Decimal from 'decimal.js';
import {
  EVENT_BUY,
  EVENT_CAPITAL_RETURN,
  EVENT_DIVIDEND,
  EVENT_EXCHANGE_IN,
  EVENT_EXCHANGE_OUT,
  EVENT_SELL,
  EVENT_SPLIT,
} from '@/lib/constants';
import { ONE, toDecimal, ZERO } from '../ledger/decimal';
import { InsufficientHoldingError, MissingFxRateError } from '../ledger/errors';
import { equalDecimals } from '../ledger/decimalCompare';
import { conversionFactor } from '../ledger/fx';
import { applyEvent, EffectBuffer } from '../ledger/events';
import { compareTransactions } from '../ledger/transactions';
import { asPriceSeries } from '../ledger/prices';
import type { CurrencyCode, FxRateOn, Prices, PriceSeries, Transaction } from '../ledger/types';

// The event ids as module constants: an imported binding is read through a getter on every use
// once compiled to CommonJS (tsx, the benches), and buildTimeline's switch read several per event.
const BUY = EVENT_BUY;
const SELL = EVENT_SELL;
const DIVIDEND = EVENT_DIVIDEND;
const SPLIT = EVENT_SPLIT;
const CAPITAL_RETURN = EVENT_CAPITAL_RETURN;
const EXCHANGE_OUT = EVENT_EXCHANGE_OUT;
const EXCHANGE_IN = EVENT_EXCHANGE_IN;

/**
 * From calendar day `day` on (until the next step) a ticker holds `quantity` and, on a day without
 * a close, is valued at `fallbackPrice` (its last trade price, split-adjusted; null before any).
 */
export interface TimelineStep {
  readonly day: number;
  readonly quantity: Decimal;
  readonly fallbackPrice: Decimal | null;
}

/** One transaction's cash flow in the base currency, on the calendar day it is booked. */
export interface TimelineFlow {
  readonly date: string;
  readonly id: number;
  readonly day: number;
  /** Added to the day's cash flow: buys positive, sell proceeds and dividends negative. */
  readonly flow: Decimal;
  /** Added to the net invested cash (buys and sells), null for a dividend. */
  readonly invested: Decimal | null;
}

/**
 * One ticker's part of the performance series on a calendar: what it holds from which day, and the
 * cash flows of its transactions. It depends on that ticker's transactions only, so a write to
 * another ticker leaves it as it is.
 */
export interface TickerTimeline {
  readonly tickerId: number;
  readonly currency: CurrencyCode;
  /** The first transaction applied: the daily sum adds tickers in this (date, id) order. */
  readonly first: { readonly date: string; readonly id: number; readonly day: number } | null;
  /** Ascending by day; a step only where the holding or its fallback price changes. */
  readonly steps: readonly TimelineStep[];
  /** In (date, id) order. */
  readonly flows: readonly TimelineFlow[];
}

export interface TickerTimelineInput {
  tickerId: number;
  currency: CurrencyCode;
  /** This ticker's transactions, validated and in (date, id) order (see normalizeTransactions). */
  transactions: readonly Transaction[];
  calendar: readonly string[];
  fxRateOn: FxRateOn;
  baseCurrency?: CurrencyCode;
}

/** A forward-filling reader of one ascending price series. */
export class PriceCursor {
  private index: number;
  private current: Decimal | null = null;
  private readonly dates: readonly string[];

  /** Positioned before the first close on or after `date`, so reads may start at `date`. */
  private readonly series: PriceSeries;

  constructor(prices: Prices, date: string) {
    this.series = asPriceSeries(prices);
    const dates = this.series.dates;
    this.dates = dates;
    // Binary search for the last close before `date` (-1 when there is none).
    let lo = -1;
    let hi = dates.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (dates[mid] < date) lo = mid;
      else hi = mid - 1;
    }
    this.index = lo;
  }

  /** Last close on or before `date` (dates must be asked in ascending order), null before the first close. */
  closeOn(date: string): Decimal | null {
    const before = this.index;
    if (this.indexOn(date) !== before) this.current = null;
    if (this.index < 0) return null;
    this.current ??= toDecimal(this.series.closes[this.index]);
    return this.current;
  }

  /**
   * The index in the series of closeOn's close (-1 before the first close), to read it as a scaled
   * integer (scaledCloses in scaled.ts) without making a Decimal; an unchanged index is an unchanged close.
   */
  indexOn(date: string): number {
    const dates = this.dates;
    let index = this.index;
    while (index + 1 < dates.length && dates[index + 1] <= date) index += 1;
    this.index = index;
    return index;
  }
}

/**
 * The calendar of the series: every date from `from` to `to` (inclusive) on which one of the given
 * price series (the held tickers' and the index's) has a close, ascending.
 */
export function performanceCalendar(
  series: Iterable<Prices | undefined>,
  from: string,
  to: string,
): string[] {
  const dates = new Set<string>();
  // Series of one market often share one dates array (getCloseSeries): each array is read once.
  const read = new Set<readonly string[]>();
  for (const one of series) {
    if (one === undefined) continue;
    const own = asPriceSeries(one).dates;
    if (read.has(own)) continue;
    read.add(own);
    for (const date of own) if (date >= from && date <= to) dates.add(date);
  }
  return [...dates].sort();
}

export function sameDecimal(a: Decimal | null, b: Decimal | null): boolean {
  return a === b || (a !== null && b !== null && equalDecimals(a, b));
}

type TimelineResult =
  { timeline: TickerTimeline } | { error: InsufficientHoldingError | MissingFxRateError; at: Transaction };

/**
 * One ticker's amounts in the base currency at their trade date's rate: the same amount when the
 * ticker trades in the base currency (the factor is ONE itself, no product to make), else the
 * factor of the date, looked up once per date (a day's several trades share it). A class, not a
 * closure made per transaction (each closure was named on creation, and its lookups repeated).
 */
class ToBase {
  private date: string | null = null;
  private factor: Decimal = ONE;
  /** The ticker trades in the base currency: every factor is ONE (conversionFactor's answer). */
  private readonly same: boolean;

  constructor(private readonly input: TickerTimelineInput) {
    this.same = input.currency === (input.baseCurrency ?? 'NOK');
  }

  /** The factor of `date`; throws MissingFxRateError as conversionFactor does. */
  private factorOn(date: string): Decimal {
    if (date !== this.date) {
      const { input } = this;
      this.factor = conversionFactor(input.currency, input.baseCurrency ?? 'NOK', input.fxRateOn, date);
      this.date = date;
    }
    return this.factor;
  }

  amount(d: Decimal, date: string): Decimal {
    if (this.same) return d;
    const factor = this.factorOn(date);
    return factor === ONE ? d : d.mul(factor);
  }
}

/** Each calendar's day index by date, made once per calendar array (every ticker of a series shares it). */
const dayIndexes = new WeakMap<readonly string[], Map<string, number>>();

function dayIndexOf(calendar: readonly string[]): Map<string, number> {
  let index = dayIndexes.get(calendar);
  if (!index) {
    index = new Map(calendar.map((date, day) => [date, day]));
    dayIndexes.set(calendar, index);
  }
  return index;
}

function buildTimeline(input: TickerTimelineInput): TimelineResult {
  const { calendar, transactions } = input;
  const steps: TimelineStep[] = [];
  const flows: TimelineFlow[] = [];
  let first: TickerTimeline['first'] = null;
  const done = (): TimelineResult => ({
    timeline: { tickerId: input.tickerId, currency: input.currency, first, steps, flows },
  });
  if (calendar.length === 0) return done();
  const lastDay = calendar[calendar.length - 1];
  const dayIndex = dayIndexOf(calendar);
  const toBase = new ToBase(input);
  // One effect written over by each transaction (read before the next): no object per transaction.
  const effect = new EffectBuffer();
  let quantity = ZERO;
  let fallbackPrice: Decimal | null = null;
  let day = 0;
  for (let t = 0; t < transactions.length; t++) {
    const tx = transactions[t];
    // A transaction after the last calendar day is never booked (computePerformance's rule).
    if (tx.date > lastDay) break;
    // Booked at the end of the first calendar day on or after its date: its own day when the
    // calendar has it (looked up, not walked to: 50 tickers walked 2,600 days each), else the next.
    const own = dayIndex.get(tx.date);
    if (own !== undefined) day = own;
    else while (calendar[day] < tx.date) day += 1;
    first ??= { date: tx.date, id: tx.id, day };
    try {
      const e = applyEvent(quantity, tx, effect);
      quantity = e.quantity;
      switch (tx.eventId) {
        case BUY:
        case SELL: {
          const flow = toBase.amount(e.flow, tx.date);
          flows.push({ date: tx.date, id: tx.id, day, flow, invested: flow });
          fallbackPrice = tx.price;
          break;
        }
        case DIVIDEND:
          flows.push({ date: tx.date, id: tx.id, day, flow: toBase.amount(e.flow, tx.date), invested: null });
          break;
        case CAPITAL_RETURN:
        case EXCHANGE_OUT:
        case EXCHANGE_IN: {
          // Capital returned is money out of the holding (and out of what is invested); an
          // exchange moves the holding's cost out of one security into another (only its fee is new money).
          const flow = toBase.amount(e.flow, tx.date);
          flows.push({ date: tx.date, id: tx.id, day, flow, invested: toBase.amount(e.invested, tx.date) });
          if (tx.eventId === EXCHANGE_IN) fallbackPrice = tx.price;
          break;
        }
        case SPLIT:
          if (fallbackPrice) fallbackPrice = fallbackPrice.mul(e.split!.from).div(e.split!.to);
          // A split's fee is money put into the holding (added to its cost).
          if (!e.flow.isZero()) {
            const flow = toBase.amount(e.flow, tx.date);
            flows.push({ date: tx.date, id: tx.id, day, flow, invested: flow });
          }
          break;
      }
    } catch (error) {
      if (error instanceof InsufficientHoldingError || error instanceof MissingFxRateError) {
        return { error, at: tx };
      }
      throw error;
    }
    const next = transactions[t + 1];
    const dayEnds = next === undefined || next.date > lastDay || next.date > calendar[day];
    if (!dayEnds) continue;
    const before = steps[steps.length - 1];
    const changed = before
      ? !equalDecimals(before.quantity, quantity) || !sameDecimal(before.fallbackPrice, fallbackPrice)
      : !quantity.isZero() || fallbackPrice !== null;
    if (changed) steps.push({ day, quantity, fallbackPrice });
  }
  return done();
}

/**
 * Each ticker's timeline on the calendar (see TickerTimeline); transactions are booked as
 * computePerformance books them. When some break a rule (a sell beyond the holding, a conversion
 * without rates), throws the error of the earliest failing transaction in (date, id) order, as
 * replaying the whole history would.
 */
export function computeTickerTimelines(inputs: Iterable<TickerTimelineInput>): Map<number, TickerTimeline> {
  const timelines = new Map<number, TickerTimeline>();
  let failure: Extract<TimelineResult, { error: unknown }> | null = null;
  for (const input of inputs) {
    const result = buildTimeline(input);
    if ('timeline' in result) timelines.set(input.tickerId, result.timeline);
    else if (failure === null || compareTransactions(result.at, failure.at) < 0) failure = result;
  }
  if (failure) throw failure.error;
  return timelines;
}
