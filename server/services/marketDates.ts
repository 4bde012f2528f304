/** Calendar arithmetic of the market services on ISO dates (YYYY-MM-DD, whole UTC days). */
import { dayNumber, isoFromDayNumber } from '@/server/market-data/dates';

/** The ISO date `days` after `iso` (negative: before). */
export function addDays(iso: string, days: number): string {
  return isoFromDayNumber(dayNumber(iso) + days);
}

/** The same calendar day `years` earlier (29 February falls to 1 March). */
export function yearsBefore(iso: string, years: number): string {
  const [year, month, day] = [Number(iso.slice(0, 4)), Number(iso.slice(5, 7)), Number(iso.slice(8, 10))];
  return new Date(Date.UTC(year - years, month - 1, day)).toISOString().slice(0, 10);
}
