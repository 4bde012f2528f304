/** The cash flows of a part of the series' days, in (date, id) order. */
import { compareTransactions } from '../ledger/transactions';
import type { TickerTimeline, TimelineFlow } from './performanceTimelines';

/** The first index of `items` (ascending by day) whose day is `day` or later. */
export function firstIndexFrom<T extends { day: number }>(items: readonly T[], day: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (items[mid].day < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The flows of the days from `start` to `end` (exclusive) of every timeline, in (date, id) order:
 * placed by day (a day's flows are dated after the calendar day before it and up to it, so the
 * days are in date order), each day's few then sorted. Each timeline's flows are in (date, id)
 * order already, so a day's are runs of sorted flows, one per ticker; sorting all of them with
 * compareTransactions was most of the flows' time (CPU profile, issue 26).
 */
export function flowsInOrder(
  timelines: readonly TickerTimeline[],
  start: number,
  end: number,
): TimelineFlow[] {
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
