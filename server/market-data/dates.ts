/**
 * Calendar helpers of the market-data generator. The day arithmetic itself (day numbers,
 * weekdays, adding days) lives once in lib/dates.ts; the names below are re-exported so the
 * provider code keeps one import.
 */

import { dayNumber, isIsoDate, isoFromDayNumber, isWeekday, utcDayNumber, weekdayOf } from '@/lib/dates';

export { dayNumber, isIsoDate, isoFromDayNumber, isWeekday, weekdayOf };

/**
 * The last weekday on or before `today`, as ISO: today itself Monday–Friday, else the Friday
 * before. Uses the UTC calendar day of `today` (callers pass "now"; the generator never reads the clock).
 */
export function lastWeekday(today: Date): string {
  let day = utcDayNumber(today);
  while (!isWeekday(day)) day -= 1;
  return isoFromDayNumber(day);
}

/** Every weekday from `from` to `to` inclusive, ascending (empty when `to` is before `from`). */
export function weekdaysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  const end = dayNumber(to);
  for (let d = dayNumber(from); d <= end; d += 1) {
    if (isWeekday(d)) out.push(isoFromDayNumber(d));
  }
  return out;
}

/** Keep the items whose `date` lies in [from, to] (ISO strings compare like dates). */
export function filterByDate<T extends { date: string }>(
  items: readonly T[],
  range: { from?: string; to: string },
): T[] {
  return items.filter((it) => (range.from === undefined || it.date >= range.from) && it.date <= range.to);
}
