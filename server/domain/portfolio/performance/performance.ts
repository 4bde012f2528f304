import type { PerformancePointDto } from '@/lib/types/portfolio';
import type Decimal from 'decimal.js';
import { toApiNumber, ZERO } from '../ledger/decimal';
import { MissingTickerError } from '../ledger/errors';
import { conversionFactor } from '../ledger/fx';
import {
  BIG_SCALE,
  EXACT_ZERO,
  MAX_NUMBER_SCALE,
  RunningSum,
  ScaledDaySum,
  TEN_POW_40,
  SCALED_ONE,
  divRounded,
  exactApiNumber,
  exactToDecimal,
  exactToScaled,
  indexReturn,
  minusRounded,
  mulRounded,
  pow10,
  scaledApiNumber,
  scaledToDecimal,
  scaledCloses,
  scaledOf,
  smallScaledOf,
  type Exact,
  type Scaled,
  type SmallScaled,
} from './scaled';
import { compareTransactions, normalizeTransactions } from '../ledger/transactions';
import type { CurrencyCode, FxRateOn, Prices, TickerInfo, LedgerEntry, Transaction } from '../ledger/types';
import { NO_PRICES } from '../ledger/prices';
import {
  computeTickerTimelines,
  PriceCursor,
  sameDecimal,
  performanceCalendar,
  type TickerTimeline,
  type TimelineFlow,
  type TimelineStep,
} from './performanceTimelines';

export interface ComputePerformanceInput {
  transactions: readonly LedgerEntry[];
  /** Trading currency of every ticker the transactions use. */
  tickers: ReadonlyMap<number, Pick<TickerInfo, 'currency'>>;
  /** Daily closes per ticker id, in the ticker's currency, ascending by date. */
  closes: ReadonlyMap<number, Prices>;
  /** Daily closes of the benchmark (the market's main index), ascending by date. */
  indexCloses?: Prices;
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
  /** Net external cash put in since inception: buys (incl. fee) and split fees minus sell proceeds (net of fee), at trade-date rates. */
  investedBase: Decimal;
  /** Cash flow assigned to this day: buys positive, sell proceeds and dividends negative (paid out of the portfolio). */
  cashFlowBase: Decimal;
  /** Time-weighted return since the first day of the series (a fraction; 0 on that day). */
  twr: Decimal;
  /** Index close / index close on the first day - 1; null before the index has a close. */
  indexTwr: Decimal | null;
}

/**
 * A day combinePerformance computed, held as the exact scaled integers its decimals have: each
 * Decimal is made when it is first read (the service reads none: its JSON numbers are rounded from
 * the integers), where making five a day was a cold request's Decimal time (CPU profile, issue 26).
 */
class ComputedPoint implements PerformancePoint {
  #valueBase: Decimal | null;
  #investedBase: Decimal | null = null;
  #cashFlowBase: Decimal | null = null;
  #twr: Decimal | null = null;
  #indexTwr: Decimal | null = null;

  constructor(
    readonly date: string,
    readonly valueScaled: Scaled,
    /** The value's Decimal when it was made (a sum that rounds), else null. */
    valueBase: Decimal | null,
    readonly investedExact: Exact,
    readonly cashFlowExact: Exact,
    readonly twrScaled: Scaled,
    readonly indexTwrScaled: Scaled | null,
  ) {
    this.#valueBase = valueBase;
  }

  get valueBase(): Decimal {
    return (this.#valueBase ??= scaledToDecimal(this.valueScaled));
  }

  get investedBase(): Decimal {
    return (this.#investedBase ??= exactToDecimal(this.investedExact));
  }

  get cashFlowBase(): Decimal {
    return (this.#cashFlowBase ??=
      this.cashFlowExact === EXACT_ZERO ? ZERO : exactToDecimal(this.cashFlowExact));
  }

  get twr(): Decimal {
    return (this.#twr ??= scaledToDecimal(this.twrScaled));
  }

  get indexTwr(): Decimal | null {
    if (this.indexTwrScaled === null) return null;
    return (this.#indexTwr ??= scaledToDecimal(this.indexTwrScaled));
  }
}

/** The JSON shape of a day is the client's (lib/types, the one API contract). */
export type { PerformancePointDto };

export {
  computeTickerTimelines,
  performanceCalendar,
  type TickerTimeline,
  type TickerTimelineInput,
  type TimelineFlow,
  type TimelineStep,
} from './performanceTimelines';

/** The daily series and what it was computed from, so that a later call can reuse its unchanged days. */
export interface PerformanceSeries {
  readonly calendar: readonly string[];
  readonly timelines: ReadonlyMap<number, TickerTimeline>;
  readonly closes: ReadonlyMap<number, Prices>;
  readonly indexCloses: Prices | undefined;
  readonly fxRateOn: FxRateOn;
  readonly baseCurrency: CurrencyCode;
  readonly points: readonly PerformancePoint[];
  /**
   * The chain-linked growth factor of each day (twr + 1, unrounded; as the portfolio Decimal would
   * hold it, in a scaled integer), to resume the chain from.
   */
  readonly growth: readonly Scaled[];
  /** The first day this call computed; the days before it were taken from `previous`. */
  readonly recomputedFrom: number;
}

export interface CombinePerformanceInput {
  calendar: readonly string[];
  /** One timeline per ticker that has transactions up to the end of the calendar, on this calendar. */
  timelines: ReadonlyMap<number, TickerTimeline>;
  /** Daily closes per ticker id, ascending by date (the last close before the calendar included). */
  closes: ReadonlyMap<number, Prices>;
  indexCloses?: Prices;
  fxRateOn: FxRateOn;
  baseCurrency?: CurrencyCode;
  /**
   * An earlier result. Its days before the first day on which a timeline differs are reused when
   * it was computed on an equal calendar with the same base currency and the same `fxRateOn`,
   * `indexCloses` and per-ticker closes arrays (compared by identity: pass the same array for
   * unchanged prices, any other array counts as changed); otherwise it is ignored. It may cover
   * only the first days of the calendar (see `maxDays`).
   */
  previous?: PerformanceSeries;
  /**
   * Compute at most this many days (at least one): the result then covers only the first days of
   * the calendar, and passing it back as `previous` continues from there. Lets a caller yield
   * between parts of a long series.
   */
  maxDays?: number;
}

function firstActiveDay(timeline: TickerTimeline | undefined, none: number): number {
  return timeline?.first?.day ?? none;
}

/** The first calendar day on which two timelines of one ticker can give a different value, flow or order. */
function firstDifference(a: TickerTimeline, b: TickerTimeline, none: number): number {
  const either = Math.min(firstActiveDay(a, none), firstActiveDay(b, none));
  if (a.currency !== b.currency) return either;
  let day = none;
  if (a.first?.date !== b.first?.date || a.first?.id !== b.first?.id) day = either;
  for (let i = 0; i < Math.max(a.steps.length, b.steps.length); i++) {
    const x = a.steps[i];
    const y = b.steps[i];
    if (
      !x ||
      !y ||
      x.day !== y.day ||
      !x.quantity.eq(y.quantity) ||
      !sameDecimal(x.fallbackPrice, y.fallbackPrice)
    ) {
      day = Math.min(day, x?.day ?? none, y?.day ?? none);
      break;
    }
  }
  for (let i = 0; i < Math.max(a.flows.length, b.flows.length); i++) {
    const x = a.flows[i];
    const y = b.flows[i];
    if (
      !x ||
      !y ||
      x.day !== y.day ||
      x.date !== y.date ||
      x.id !== y.id ||
      !x.flow.eq(y.flow) ||
      !sameDecimal(x.invested, y.invested)
    ) {
      day = Math.min(day, x?.day ?? none, y?.day ?? none);
      break;
    }
  }
  return day;
}

function sameCalendar(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The series combinePerformance made: their days are ComputedPoints, with the exact integers to resume from. */
const ownSeries = new WeakSet<PerformanceSeries>();

/** The first day `previous` cannot vouch for: 0 when it cannot be reused at all. */
function firstChangedDay(input: CombinePerformanceInput, baseCurrency: CurrencyCode): number {
  const previous = input.previous;
  const n = input.calendar.length;
  if (
    !previous ||
    // Its days are this module's (the exact integers to resume from are in them).
    !ownSeries.has(previous) ||
    previous.baseCurrency !== baseCurrency ||
    previous.fxRateOn !== input.fxRateOn ||
    previous.indexCloses !== input.indexCloses ||
    !sameCalendar(previous.calendar, input.calendar)
  ) {
    return 0;
  }
  let day = Math.min(n, previous.points.length);
  for (const [id, timeline] of input.timelines) {
    const before = previous.timelines.get(id);
    if (before === timeline && previous.closes.get(id) === input.closes.get(id)) continue;
    if (!before) day = Math.min(day, firstActiveDay(timeline, n));
    else if (previous.closes.get(id) !== input.closes.get(id)) {
      day = Math.min(day, firstActiveDay(before, n), firstActiveDay(timeline, n));
    } else day = Math.min(day, firstDifference(before, timeline, n));
  }
  for (const [id, before] of previous.timelines) {
    if (!input.timelines.has(id)) day = Math.min(day, firstActiveDay(before, n));
  }
  return day;
}

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

function firstIndexFrom<T extends { day: number }>(items: readonly T[], day: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (items[mid].day < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A day on which a ticker adds nothing (no holding yet, or a holding of 0). */
const NO_AMOUNT = 255;
/** A day's quantity × close whose digits are not a safe integer (or whose scale is beyond MAX_NUMBER_SCALE). */
const BIG_AMOUNT = 254;

/**
 * Every ticker's quantity × close on every day of a part, day by day (row `day · tickers`): digits
 * and scale when the digits are a safe integer and the scale at most MAX_NUMBER_SCALE, else the
 * exact product in `big` (scale BIG_AMOUNT), or NO_AMOUNT.
 */
class DayAmounts {
  readonly digits: Float64Array;
  readonly scales: Uint8Array;
  readonly big = new Map<number, Scaled>();

  constructor(
    days: number,
    readonly tickers: number,
  ) {
    this.digits = new Float64Array(days * tickers);
    this.scales = new Uint8Array(days * tickers);
  }
}

/** What readerAmounts reads of a ticker: its timeline, its closes and a cursor on them. */
interface AmountReader {
  readonly timeline: TickerTimeline;
  /** The step in force on the part's first day (-1 before the first). */
  readonly step: number;
  readonly cursor: { indexOn(date: string): number };
  readonly closes: { scale(i: number): number; readonly digits: ArrayLike<number>; exact(i: number): Scaled };
}

/**
 * One ticker's quantity × close (as a scaled integer, see scaled.ts) on each day from `start` to
 * `end` into column `r` of `out`: the close of the day (the last one on or before it), or before
 * the first close the step's fallback price, or 0 without one. Kept while neither the step nor
 * the close changes (a day of another market's calendar).
 */
function readerAmounts(
  reader: AmountReader,
  r: number,
  calendar: readonly string[],
  start: number,
  end: number,
  out: DayAmounts,
): void {
  const steps = reader.timeline.steps;
  const scratch: SmallScaled = { int: 0, scale: 0 };
  let s = reader.step;
  let step: TimelineStep | null = s >= 0 ? steps[s] : null;
  let nextStepDay = s + 1 < steps.length ? steps[s + 1].day : Infinity;
  // The step's quantity: its digits in a number when they are a safe integer (NaN otherwise).
  let quantityDigits = 0;
  let quantityScale = 0;
  const readQuantity = (): void => {
    const quantity = step === null ? null : smallScaledOf(step.quantity, scratch);
    quantityDigits = quantity === null ? Number.NaN : quantity.int;
    quantityScale = quantity === null ? 0 : quantity.scale;
  };
  if (step !== null) readQuantity();
  let lastIndex = -2;
  let amount = 0;
  let amountScale = 0;
  let amountBig: Scaled | null = null;
  const columns = out.tickers;
  const { digits: outDigits, scales: outScales } = out;
  for (let i = start; i < end; i++) {
    const at = (i - start) * columns + r;
    if (nextStepDay <= i) {
      do s += 1;
      while (s + 1 < steps.length && steps[s + 1].day <= i);
      nextStepDay = s + 1 < steps.length ? steps[s + 1].day : Infinity;
      step = steps[s];
      readQuantity();
      lastIndex = -2;
    }
    // (NaN digits are not 0: a quantity of 0 has the digits 0.)
    if (step === null || quantityDigits === 0) {
      outScales[at] = NO_AMOUNT;
      continue;
    }
    const index = reader.cursor.indexOn(calendar[i]);
    if (lastIndex !== index) {
      lastIndex = index;
      let digits = 0;
      let scale = 0;
      let exact: Scaled | null = null;
      if (index >= 0) {
        scale = reader.closes.scale(index);
        if (scale === BIG_SCALE) {
          exact = reader.closes.exact(index);
          digits = Number.NaN;
        } else digits = reader.closes.digits[index];
      } else if (step.fallbackPrice) {
        const price = smallScaledOf(step.fallbackPrice, scratch);
        if (price === null) {
          exact = scaledOf(step.fallbackPrice);
          digits = Number.NaN;
        } else {
          digits = price.int;
          scale = price.scale;
        }
      }
      if (exact !== null) scale = exact.scale;
      // Exact when it is a safe integer (a product beyond 2^53 is not one, rounded or not; NaN
      // digits make a NaN product).
      const product = quantityDigits * digits;
      amountScale = quantityScale + scale;
      if (Number.isSafeInteger(product) && amountScale <= MAX_NUMBER_SCALE) {
        amount = product;
        amountBig = null;
      } else {
        const quantity = scaledOf(step.quantity);
        amountBig = {
          int: quantity.int * (exact ? exact.int : BigInt(digits)),
          scale: quantity.scale + scale,
        };
      }
    }
    if (amountBig === null) {
      outDigits[at] = amount;
      outScales[at] = amountScale;
    } else {
      outScales[at] = BIG_AMOUNT;
      out.big.set(at, amountBig);
    }
  }
}

/**
 * The flows of the days from `start` to `end` (exclusive) of every timeline, in (date, id) order:
 * placed by day (a day's flows are dated after the calendar day before it and up to it, so the
 * days are in date order), each day's few then sorted. Each timeline's flows are in (date, id)
 * order already, so a day's are runs of sorted flows, one per ticker; sorting all of them with
 * compareTransactions was most of the flows' time (CPU profile, issue 26).
 */
function flowsInOrder(timelines: readonly TickerTimeline[], start: number, end: number): TimelineFlow[] {
  const from: number[] = [];
  // count[d + 1] flows on day start + d, then the offset of each day's first flow.
  const count = new Int32Array(end - start + 1);
  let total = 0;
  for (const timeline of timelines) {
    const all = timeline.flows;
    const first = firstIndexFrom(all, start);
    from.push(first);
    for (let i = first; i < all.length && all[i].day < end; i++) count[all[i].day - start + 1] += 1;
  }
  for (let d = 1; d < count.length; d++) {
    total += count[d];
    count[d] = total;
  }
  const flows = new Array<TimelineFlow>(total);
  const next = count.slice(0, end - start);
  timelines.forEach((timeline, t) => {
    const all = timeline.flows;
    for (let i = from[t]; i < all.length && all[i].day < end; i++) flows[next[all[i].day - start]++] = all[i];
  });
  for (let d = 0; d < end - start; d++) {
    const lo = count[d];
    const hi = count[d + 1];
    if (hi - lo < 2) continue;
    if (hi - lo > 32) {
      const day = flows.slice(lo, hi).sort(compareTransactions);
      for (let k = 0; k < day.length; k++) flows[lo + k] = day[k];
      continue;
    }
    // Insertion sort: short runs that are mostly in order.
    for (let k = lo + 1; k < hi; k++) {
      const flow = flows[k];
      let j = k - 1;
      while (j >= lo && compareTransactions(flows[j], flow) > 0) {
        flows[j + 1] = flows[j];
        j -= 1;
      }
      flows[j + 1] = flow;
    }
  }
  return flows;
}

/**
 * The day's value from its per-currency totals as Decimals: 0 + each total (× the day's rate for
 * another currency than the base), in first-seen order, at the portfolio precision.
 */
function decimalDayValue(
  sums: readonly ScaledDaySum[],
  currencies: readonly CurrencyCode[],
  baseCurrency: CurrencyCode,
  fxRateOn: FxRateOn,
  date: string,
): Decimal {
  let value = ZERO;
  for (let c = 0; c < sums.length; c++) {
    const currency = currencies[c];
    const amount = sums[c].toDecimal();
    // A sum in the base currency is not multiplied by 1 (Decimal's × 1 returns the same value).
    const term =
      currency === baseCurrency
        ? amount
        : amount.mul(conversionFactor(currency, baseCurrency, fxRateOn, date));
    // 0 + term is term itself when it has at most the 40 significant digits Decimal rounds a sum
    // to (a product is rounded to them already).
    value = c === 0 && (term !== amount || sums[c].fitsPrecision) ? term : value.plus(term);
  }
  return value;
}

/**
 * decimalDayValue's answer as a scaled integer, without its Decimals, when it is the exact sum:
 * every product (total × rate) and every partial sum then has at most 40 digits, so no Decimal
 * operation of it rounds anything, and the exact integers give the same value. Null when some has
 * more (or a rate's digits are not a safe integer): the caller then takes the Decimal way.
 */
function exactDayValue(
  sums: readonly ScaledDaySum[],
  currencies: readonly CurrencyCode[],
  baseCurrency: CurrencyCode,
  fxRateOn: FxRateOn,
  date: string,
  rate: RateDigits,
): Scaled | null {
  if (sums.length === 0) return SCALED_ZERO;
  if (sums.length === 1 && currencies[0] === baseCurrency)
    return sums[0].fitsPrecision ? sums[0].toScaled() : null;
  let total = 0n;
  let scale = 0;
  for (let c = 0; c < sums.length; c++) {
    const sum = sums[c];
    if (!sum.fitsPrecision) return null;
    let int = sum.toScaled().int;
    let termScale = sum.totalScale;
    if (currencies[c] !== baseCurrency) {
      const factor = conversionFactor(currencies[c], baseCurrency, fxRateOn, date);
      if (rate.rate !== factor) {
        rate.rate = factor;
        const small = smallScaledOf(factor);
        rate.scaled = small === null ? scaledOf(factor) : { int: BigInt(small.int), scale: small.scale };
      }
      int *= rate.scaled.int;
      termScale += rate.scaled.scale;
      if ((int < 0n ? -int : int) >= TEN_POW_40) return null;
    }
    if (termScale > scale) {
      total *= pow10(termScale - scale);
      scale = termScale;
    } else int *= pow10(scale - termScale);
    total += int;
    if ((total < 0n ? -total : total) >= TEN_POW_40) return null;
  }
  return { int: total, scale };
}

/** The last conversion factor's digits (the rates' Decimals are the same object for the same rate). */
interface RateDigits {
  rate: Decimal | null;
  scaled: Scaled;
}

const SCALED_ZERO: Scaled = { int: 0n, scale: 0 };

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
  // smallScaledOf's answer, read at once each time.
  const scratch: SmallScaled = { int: 0, scale: 0 };
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
        const small = smallScaledOf(item.flow, scratch);
        dayFlow.addDigits(item.flow, small);
        // A buy's or sell's invested change is its flow, the same object.
        if (item.invested === item.flow) invested.addDigits(item.flow, small);
        else if (item.invested !== null) invested.add(item.invested);
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
      if (scale === NO_AMOUNT) continue;
      // The currencies in first-seen order, as the Map this replaced kept them.
      const sum = sums[r];
      if (daySums.indexOf(sum) < 0) {
        daySums.push(sum);
        dayCurrencies.push(currencies[r]);
      }
      if (scale === BIG_AMOUNT) {
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
