/**
 * The one date module: ISO calendar dates (YYYY-MM-DD) and the day arithmetic on them. Dates are
 * handled as whole UTC days ("day numbers" since 1970-01-01), so no time zone or DST can shift a
 * day. Without dependencies, so that client code that only needs "today" does not pull zod
 * (lib/schemas) into a page's first load. The market data (server/market-data/dates.ts), the
 * exchange calendar (server/domain/calendar) and the market services all count days here.
 */

const MS_PER_DAY = 86_400_000;

/** A date as YYYY-MM-DD in the local time zone of the device (forms). */
export function localIsoDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * True when `value` is a real calendar date written YYYY-MM-DD (2024-02-30 is not). The one copy:
 * the schemas, the portfolio domain and the market data all use it.
 */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

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

/** The day number of the UTC calendar day that `instant` falls on. */
export function utcDayNumber(instant: Date): number {
  return Math.floor(instant.getTime() / MS_PER_DAY);
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

/** The ISO date `days` after `iso` (negative: before). */
export function addDays(iso: string, days: number): string {
  return isoFromDayNumber(dayNumber(iso) + days);
}

/** The same calendar day `years` earlier (29 February falls to 1 March). */
export function yearsBefore(iso: string, years: number): string {
  const [year, month, day] = [Number(iso.slice(0, 4)), Number(iso.slice(5, 7)), Number(iso.slice(8, 10))];
  return new Date(Date.UTC(year - years, month - 1, day)).toISOString().slice(0, 10);
}
