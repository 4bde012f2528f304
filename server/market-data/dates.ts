/**
 * Calendar helpers for market data. Dates are ISO calendar dates (YYYY-MM-DD) handled as whole
 * UTC days ("day numbers" since 1970-01-01), so no time zone or DST can shift a session.
 */

import { isIsoDate } from '@/lib/dates';

export { isIsoDate };

const MS_PER_DAY = 86_400_000;

/** Days since 1970-01-01 for a valid ISO date (throws on anything else). */
export function dayNumber(iso: string): number {
  if (!isIsoDate(iso)) throw new RangeError(`Not an ISO date: ${iso}`);
  return (
    Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / MS_PER_DAY
  );
}

/** The ISO date of a day number. */
export function isoFromDayNumber(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday for a day number (1970-01-01 was a Thursday). */
export function weekdayOf(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/** True when the day number falls on Monday–Friday. */
export function isWeekday(day: number): boolean {
  const w = weekdayOf(day);
  return w !== 0 && w !== 6;
}

/**
 * The last weekday on or before `today`, as ISO: today itself Monday–Friday, else the Friday
 * before. Uses the UTC calendar day of `today` (callers pass "now"; the generator never reads the clock).
 */
export function lastWeekday(today: Date): string {
  let day = Math.floor(today.getTime() / MS_PER_DAY);
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
