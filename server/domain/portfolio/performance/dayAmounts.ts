/**
 * Each held ticker's quantity × close on each day of a part, as scaled integers in typed arrays.
 */
import {
  BIG_SCALE,
  MAX_NUMBER_SCALE,
  scaledOf,
  smallScaledOf,
  type Scaled,
  type SmallScaled,
} from './scaled';
import type { TickerTimeline, TimelineStep } from './performanceTimelines';

// Module locals of imported constants read for every close, ticker and day in the loops below: an
// imported binding is read through the bundler's export getter on each use (tsx and Next's server
// bundle alike): 9 % of a cold performance call's CPU samples; as module locals the cold call's CPU
// p50 went 477 → 372 ms (portfolio-cold, four interleaved runs each; issue 43, docs/benchmarks.md).
const LOCAL_BIG_SCALE = BIG_SCALE;
const LOCAL_MAX_SCALE = MAX_NUMBER_SCALE;

/** A day on which a ticker adds nothing (no holding yet, or a holding of 0). */
export const NO_AMOUNT = 255;
/** A day's quantity × close whose digits are not a safe integer (or whose scale is beyond MAX_NUMBER_SCALE). */
export const BIG_AMOUNT = 254;

/**
 * Every ticker's quantity × close on every day of a part, day by day (row `day · tickers`): digits
 * and scale when the digits are a safe integer and the scale at most MAX_NUMBER_SCALE, else the
 * exact product in `big` (scale BIG_AMOUNT), or NO_AMOUNT.
 */
export class DayAmounts {
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
export interface AmountReader {
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
export function readerAmounts(
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
        if (scale === LOCAL_BIG_SCALE) {
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
      if (Number.isSafeInteger(product) && amountScale <= LOCAL_MAX_SCALE) {
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
