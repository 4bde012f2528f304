/**
 * Which days of an earlier series a new call can take over: the first calendar day on which a
 * changed timeline (or changed closes) can give a different value, flow or order.
 */
import type { CurrencyCode } from '../ledger/types';
import { sameDecimal, type TickerTimeline } from './performanceTimelines';
import type { CombinePerformanceInput, PerformanceSeries } from './performanceTypes';

export function firstActiveDay(timeline: TickerTimeline | undefined, none: number): number {
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
export const ownSeries = new WeakSet<PerformanceSeries>();

/** The first day `previous` cannot vouch for: 0 when it cannot be reused at all. */
export function firstChangedDay(input: CombinePerformanceInput, baseCurrency: CurrencyCode): number {
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
