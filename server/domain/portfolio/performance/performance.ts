/**
 * The performance series (DESIGN §7): per-ticker timelines summed into the daily value, net
 * invested cash and time-weighted return against the index. The parts: performanceTypes (inputs
 * and days), performanceTimelines (a ticker's steps and flows), dayAmounts (quantity × close per
 * ticker and day), dayFlows (a day's flows in order), dayValue (a day's total in the base
 * currency), seriesReuse (the days an earlier series vouches for), scaled (exact integers).
 */
import type { PerformancePointDto } from '@/lib/types/portfolio';
import type Decimal from 'decimal.js';
import { toApiNumber } from '../ledger/decimal';
import { MissingTickerError } from '../ledger/errors';
import { compareTransactions, normalizeTransactions } from '../ledger/transactions';
import type { CurrencyCode, Transaction } from '../ledger/types';
import { NO_PRICES } from '../ledger/prices';
import type { Prices } from '../ledger/types';
import {
  EXACT_ZERO,
  RunningSum,
  ScaledDaySum,
  SCALED_ONE,
  divRounded,
  exactApiNumber,
  exactToScaled,
  indexReturn,
  minusRounded,
  mulRounded,
  scaledApiNumber,
  scaledCloses,
  scaledOf,
  type Exact,
  type Scaled,
} from './scaled';
import { computeTickerTimelines, PriceCursor, performanceCalendar } from './performanceTimelines';
import type {
  CombinePerformanceInput,
  ComputePerformanceInput,
  PerformancePoint,
  PerformanceSeries,
} from './performanceTypes';
import { ComputedPoint } from './computedPoint';
import { firstChangedDay, ownSeries } from './seriesReuse';
import { BIG_AMOUNT, DayAmounts, NO_AMOUNT, readerAmounts } from './dayAmounts';
import { firstIndexFrom, flowsInOrder } from './dayFlows';
import { decimalDayValue, exactDayValue, SCALED_ZERO, type RateDigits } from './dayValue';

// Module locals of imported constants read for every close, ticker and day in the loops below: an
// imported binding is read through the bundler's export getter on each use (tsx and Next's server
// bundle alike): 9 % of a cold performance call's CPU samples; as module locals the cold call's CPU
// p50 went 477 → 372 ms (portfolio-cold, four interleaved runs each; issue 43, docs/benchmarks.md).
const LOCAL_NO_AMOUNT = NO_AMOUNT;
const LOCAL_BIG_AMOUNT = BIG_AMOUNT;

export type {
  CombinePerformanceInput,
  ComputePerformanceInput,
  PerformancePoint,
  PerformancePointDto,
  PerformanceSeries,
} from './performanceTypes';

export {
  computeTickerTimelines,
  performanceCalendar,
  type TickerTimeline,
  type TickerTimelineInput,
  type TimelineFlow,
  type TimelineStep,
} from './performanceTimelines';

/** The index's first positive close on the calendar and its day: index_twr is measured from it. */
function indexAnchor(
  calendar: readonly string[],
  indexCloses: Prices,
): { day: number; close: Decimal } | null {
  const cursor = new PriceCursor(indexCloses, '');
  for (let day = 0; day < calendar.length; day++) {
    const close = cursor.closeOn(calendar[day]);
    if (close !== null && close.gt(0)) return { day, close };
  }
  return null;
}

/**
 * Sum the tickers' timelines into the daily series and chain-link its time-weighted return
 * (DESIGN §7; the rules are computePerformance's). With `previous`, only the days from the first
 * one that can differ are computed again: a write to one ticker costs that ticker's timeline and
 * the days from its first changed transaction on. Every sum is formed in the same order as a full
 * computation, so the result is the same to the last digit.
 */
export function combinePerformance(input: CombinePerformanceInput): PerformanceSeries {
  const { calendar, fxRateOn } = input;
  const baseCurrency = input.baseCurrency ?? 'NOK';
  const n = calendar.length;
  const start = firstChangedDay(input, baseCurrency);
  const end = Math.min(n, start + Math.max(1, input.maxDays ?? n));
  const previous = start > 0 ? input.previous : undefined;
  const points: PerformancePoint[] = previous ? previous.points.slice(0, start) : [];
  const growthByDay: Scaled[] = previous ? previous.growth.slice(0, start) : [];

  // The daily value adds tickers in the order their first transaction was applied, and the day's
  // flows in (date, id) order across tickers, exactly as one pass over the whole history does.
  const held = [...input.timelines.values()]
    .filter((t) => t.first !== null)
    .sort((a, b) => compareTransactions(a.first!, b.first!));
  // One day sum per currency for the whole call (it keeps its last total's Decimal for a day on
  // which nothing of that currency moved).
  const sumOf = new Map<CurrencyCode, ScaledDaySum>();
  const readers = held.map((timeline) => {
    const points = input.closes.get(timeline.tickerId) ?? NO_PRICES;
    let sum = sumOf.get(timeline.currency);
    if (!sum) sumOf.set(timeline.currency, (sum = new ScaledDaySum()));
    return {
      timeline,
      sum,
      step: firstIndexFrom(timeline.steps, start + 1) - 1,
      cursor: new PriceCursor(points, calendar[start] ?? ''),
      closes: scaledCloses(points),
    };
  });
  // Only the flows of the days this call computes: a long series is computed in parts, and sorting
  // every later flow again for each part was a tenth of a cold request (CPU profile, issue 26).
  const flows = flowsInOrder(held, start, end);

  // The index column depends on the calendar and the index only: `previous` has it for its days.
  const indexFrom = Math.max(start, previous?.points.length ?? 0);
  const anchor = input.indexCloses && indexFrom < end ? indexAnchor(calendar, input.indexCloses) : null;
  const indexCursor = anchor ? new PriceCursor(input.indexCloses!, calendar[indexFrom]) : null;
  // close / anchor − 1 in scaled integers (see indexReturn), the closes read as the tickers' are.
  const indexScaled = anchor ? scaledCloses(input.indexCloses!) : null;
  const anchorScaled = anchor ? scaledOf(anchor.close) : null;
  // The running sums as Decimal would form them, without Decimals (see RunningSum): the net
  // invested cash over the whole series, and each day's cash flow.
  const before = previous ? (previous.points[start - 1] as ComputedPoint) : null;
  const invested = new RunningSum();
  invested.reset(before ? before.investedExact : EXACT_ZERO);
  const dayFlow = new RunningSum();
  let growth = previous ? previous.growth[start - 1] : SCALED_ONE;
  let previousScaled = before ? before.valueScaled : SCALED_ZERO;
  // The last day's growth and twr, and index close and index twr, to reuse on a day they repeat.
  let lastGrowth: Scaled | null = previous ? previous.growth[start - 1] : null;
  let lastTwrScaled: Scaled = before ? before.twrScaled : SCALED_ZERO;
  let lastIndexClose = -1;
  let lastIndexScaled: Scaled | null = null;
  const daySums: ScaledDaySum[] = [];
  const dayCurrencies: CurrencyCode[] = [];
  const rate: RateDigits = { rate: null, scaled: SCALED_ONE };
  // Each reader's amount on each day first, one reader at a time: its closes and steps are then
  // read in the order memory holds them (day by day across 50 tickers, reading each one's next
  // close was a cache miss each and a third of the loop; CPU profile, issue 26).
  const amounts = new DayAmounts(end - start, readers.length);
  readers.forEach((reader, r) => readerAmounts(reader, r, calendar, start, end, amounts));
  const sums = readers.map((reader) => reader.sum);
  const currencies = readers.map((reader) => reader.timeline.currency);
  let f = 0;
  for (let i = start; i < end; i++) {
    const date = calendar[i];
    let indexTwr: Scaled | null = null;
    if (i < indexFrom) indexTwr = (previous!.points[i] as ComputedPoint).indexTwrScaled;
    else if (anchor && indexCursor) {
      // Forward-filled, so there is a close on every day from the anchor's on.
      const index = indexCursor.indexOn(date);
      if (i >= anchor.day && index >= 0) {
        // The same close gives the same return: a day without an index close.
        if (index !== lastIndexClose) {
          lastIndexClose = index;
          lastIndexScaled = indexReturn(indexScaled!.exact(index), anchorScaled!);
        }
        indexTwr = lastIndexScaled;
      }
    }

    // flow = 0 + each flow, invested + each change, in (date, id) order as Decimal sums.
    let flow: Exact = EXACT_ZERO;
    if (f < flows.length && flows[f].day === i) {
      dayFlow.reset();
      do {
        const item = flows[f];
        dayFlow.add(item.flow);
        if (item.invested !== null) invested.add(item.invested);
        f += 1;
      } while (f < flows.length && flows[f].day === i);
      flow = dayFlow.value;
    }
    // Sum per currency first, exactly in scaled integers (a Decimal per ticker and day was most of
    // a cold request's CPU), then convert each sum once at the day's rate.
    daySums.length = 0;
    dayCurrencies.length = 0;
    const row = (i - start) * readers.length;
    for (let r = 0; r < readers.length; r++) {
      const scale = amounts.scales[row + r];
      if (scale === LOCAL_NO_AMOUNT) continue;
      // The currencies in first-seen order, as the Map this replaced kept them.
      const sum = sums[r];
      if (daySums.indexOf(sum) < 0) {
        daySums.push(sum);
        dayCurrencies.push(currencies[r]);
      }
      if (scale === LOCAL_BIG_AMOUNT) {
        const big = amounts.big.get(row + r)!;
        sum.addBig(big.int, big.scale);
      } else sum.addNumber(amounts.digits[row + r], scale);
    }
    for (const sum of daySums) sum.take();
    const exactValue = exactDayValue(daySums, dayCurrencies, baseCurrency, fxRateOn, date, rate);
    // One total in the base currency: exact (the same object on a day it did not change), or the
    // Decimal sum when that rounds.
    const valueDecimal =
      exactValue === null ? decimalDayValue(daySums, dayCurrencies, baseCurrency, fxRateOn, date) : null;
    const valueScaled = exactValue ?? scaledOf(valueDecimal!);
    // The time-weighted return's chain in scaled integers rounded as Decimal rounds (see
    // divRounded): the factor (V − CF) / V_prev, or V / CF after a day without value, or 1.
    // With no flow and the same value the factor is exactly 1 and growth × 1 is growth (it has at
    // most 40 digits already): nothing to do.
    if (
      i > 0 &&
      !(
        flow === EXACT_ZERO &&
        (valueScaled === previousScaled ||
          (valueScaled.int === previousScaled.int && valueScaled.scale === previousScaled.scale))
      )
    ) {
      let factor: Scaled | null = null;
      if (previousScaled.int > 0n) {
        // value − 0 is value itself (it has at most 40 digits: a Decimal result or an exact total that fits).
        const gain = flow === EXACT_ZERO ? valueScaled : minusRounded(valueScaled, exactToScaled(flow));
        factor = divRounded(gain, previousScaled);
      } else if (flow !== EXACT_ZERO && dayFlow.positive)
        factor = divRounded(valueScaled, exactToScaled(flow));
      if (factor !== null) growth = mulRounded(growth, factor);
    }
    const twrScaled = growth === lastGrowth ? lastTwrScaled : minusRounded(growth, SCALED_ONE);
    points.push(
      new ComputedPoint(date, valueScaled, valueDecimal, invested.value, flow, twrScaled, indexTwr),
    );
    growthByDay.push(growth);
    lastGrowth = growth;
    lastTwrScaled = twrScaled;
    previousScaled = valueScaled;
  }
  const series: PerformanceSeries = {
    calendar,
    timelines: input.timelines,
    closes: input.closes,
    indexCloses: input.indexCloses,
    fxRateOn,
    baseCurrency,
    points,
    growth: growthByDay,
    recomputedFrom: start,
  };
  ownSeries.add(series);
  return series;
}

/**
 * Daily portfolio value, net invested cash and time-weighted return from `from` to `to`, against
 * the index (DESIGN §7). The calendar is every date in range with a close of a held ticker or the
 * index. Flow timing: a transaction dated after the previous calendar day and up to this one is a
 * cash flow at the END of this day, so day t's return is (V_t − CF_t) / V_{t−1} − 1, chain-linked.
 * When there is no prior value (V_{t−1} = 0, e.g. the first buy) the day's return is V_t / CF_t − 1
 * for an inflow and 0 otherwise, so nothing divides by zero. Transactions up to the first day form
 * the starting state (twr 0 there). A held ticker with no close yet is valued at its last trade
 * price (split-adjusted). Built from per-ticker timelines (computeTickerTimelines) summed by
 * combinePerformance, which the service also uses incrementally.
 */
export function computePerformance(input: ComputePerformanceInput): PerformancePoint[] {
  const baseCurrency = input.baseCurrency ?? 'NOK';
  const byTicker = new Map<number, Transaction[]>();
  for (const tx of normalizeTransactions(input.transactions)) {
    if (tx.date > input.to) continue;
    const list = byTicker.get(tx.tickerId);
    if (list) list.push(tx);
    else byTicker.set(tx.tickerId, [tx]);
  }
  const currencyOf = (tickerId: number): CurrencyCode => {
    const info = input.tickers.get(tickerId);
    if (!info) throw new MissingTickerError(tickerId);
    return info.currency;
  };
  for (const id of byTicker.keys()) currencyOf(id);
  const calendar = performanceCalendar(
    [...[...byTicker.keys()].map((id) => input.closes.get(id)), input.indexCloses],
    input.from,
    input.to,
  );
  if (calendar.length === 0) return [];
  const timelines = computeTickerTimelines(
    [...byTicker].map(([tickerId, transactions]) => ({
      tickerId,
      currency: currencyOf(tickerId),
      transactions,
      calendar,
      fxRateOn: input.fxRateOn,
      baseCurrency,
    })),
  );
  return [
    ...combinePerformance({
      calendar,
      timelines,
      closes: input.closes,
      indexCloses: input.indexCloses,
      fxRateOn: input.fxRateOn,
      baseCurrency,
    }).points,
  ];
}

/** toApiNumber, directly when it changes nothing (at most 6 decimals and 34 significant digits). */
function apiNumber(d: Decimal): number {
  if (d.decimalPlaces() <= 6 && d.precision() <= 34) {
    const n = d.toNumber();
    return n === 0 ? 0 : n;
  }
  return toApiNumber(d);
}

/** Map a performance point to its snake_case JSON numbers. */
export function toPerformancePointDto(point: PerformancePoint): PerformancePointDto {
  // A computed day's numbers are rounded from its exact integers, without Decimals: rounding four
  // Decimals a day was a cold request's DTO time (issue 26).
  if (point instanceof ComputedPoint) {
    return {
      date: point.date,
      value_base: scaledApiNumber(point.valueScaled),
      invested_base: exactApiNumber(point.investedExact),
      twr: scaledApiNumber(point.twrScaled),
      index_twr: point.indexTwrScaled === null ? null : scaledApiNumber(point.indexTwrScaled),
    };
  }
  return {
    date: point.date,
    value_base: apiNumber(point.valueBase),
    invested_base: apiNumber(point.investedBase),
    twr: apiNumber(point.twr),
    index_twr: point.indexTwr === null ? null : apiNumber(point.indexTwr),
  };
}
