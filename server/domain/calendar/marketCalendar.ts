/**
 * Exchange sessions and when their data is due (pure: "now" is always passed in).
 *
 * A session is a weekday that is not a full-day holiday of the exchange (exchangeHolidays.json,
 * see holidaysCoveredThrough). Its end-of-day data is due when the provider has published it, in the exchange's own
 * time zone (`publishedMinutes`): EODHD publishes non-US exchanges 2–3 hours after the close (Oslo
 * Børs closes 16:20, its data arrives about 18:20–19:20 Europe/Oslo, so we read it from 19:45), and
 * US exchanges soon after the close with volume that is Nasdaq-only at first (we read it from 17:00
 * America/New_York). A session read before `finalMinutes` is preliminary: the next refresh re-reads
 * it once (isFinalRead). Outside the years the file covers, every weekday counts as a session.
 */
import { MARKET_OSLO, MARKET_US, type MarketId } from '@/lib/constants';
import { dayNumber, isoFromDayNumber, isWeekday, utcDayNumber } from '@/lib/dates';

import holidays from './exchangeHolidays.json';

export interface ExchangeHours {
  timeZone: string;
  /** Regular close, local time, minutes after midnight. */
  closeMinutes: number;
  /** When the provider's end-of-day data of the session is published, local minutes after midnight. */
  publishedMinutes: number;
  /**
   * From when the provider's data of the session is final, local minutes after midnight. Oslo:
   * EODHD publishes it once (final at publication). US: the first volume is Nasdaq-only and the
   * consolidated volume follows; trade reports can be corrected until the post-market closes at
   * 20:00 New York time, so a US session read before 20:00 is preliminary.
   */
  finalMinutes: number;
}

export const EXCHANGE_HOURS: Record<MarketId, ExchangeHours> = {
  [MARKET_OSLO]: {
    timeZone: 'Europe/Oslo',
    closeMinutes: 16 * 60 + 20,
    publishedMinutes: 19 * 60 + 45,
    finalMinutes: 19 * 60 + 45,
  },
  [MARKET_US]: {
    timeZone: 'America/New_York',
    closeMinutes: 16 * 60,
    publishedMinutes: 17 * 60,
    finalMinutes: 20 * 60,
  },
};

const HOLIDAYS: Record<MarketId, ReadonlySet<string>> = {
  [MARKET_OSLO]: new Set(holidays['160']),
  [MARKET_US]: new Set(holidays['226']),
};

/** The last day the holiday list covers for a market: 31 December of its last listed year. */
export function holidaysCoveredThrough(marketId: MarketId): string {
  const years = [...HOLIDAYS[marketId]].map((iso) => Number(iso.slice(0, 4)));
  return `${Math.max(...years)}-12-31`;
}

/** Days before the holiday list runs out that /api/health and /admin/operations warn. */
export const HOLIDAY_WARNING_DAYS = 31;

/**
 * True when the market's holiday list ends at most `HOLIDAY_WARNING_DAYS` days after `now` (or has ended):
 * after it ends every weekday counts as a session, so someone must extend exchangeHolidays.json.
 */
export function holidaysRunningOut(marketId: MarketId, now: Date): boolean {
  return dayNumber(holidaysCoveredThrough(marketId)) - utcDayNumber(now) <= HOLIDAY_WARNING_DAYS;
}

/** True when `iso` (YYYY-MM-DD) is a trading session of the market: a weekday and no holiday. */
export function isSession(marketId: MarketId, iso: string): boolean {
  return isWeekday(dayNumber(iso)) && !HOLIDAYS[marketId].has(iso);
}

/** The calendar date and the minutes after midnight of `instant` in `timeZone`. */
export function localDateTime(instant: Date, timeZone: string): { date: string; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    minutes: Number(get('hour')) * 60 + Number(get('minute')),
  };
}

/** The session before `iso` (not counting `iso` itself). */
export function previousSession(marketId: MarketId, iso: string): string {
  let day = dayNumber(iso) - 1;
  while (!isSession(marketId, isoFromDayNumber(day))) day -= 1;
  return isoFromDayNumber(day);
}

/**
 * The newest session whose data is due at `now`: today (exchange time) once its publication time
 * has passed and today is a session, else the session before.
 */
export function lastDueSession(marketId: MarketId, now: Date): string {
  const { timeZone, publishedMinutes } = EXCHANGE_HOURS[marketId];
  const local = localDateTime(now, timeZone);
  if (isSession(marketId, local.date) && local.minutes >= publishedMinutes) return local.date;
  return previousSession(marketId, local.date);
}

/**
 * True when data of `session` read at `now` is final (read on a later local day, or on the day at
 * or after the market's finalMinutes); false when it is preliminary and worth re-reading once.
 */
export function isFinalRead(marketId: MarketId, session: string, now: Date): boolean {
  const { timeZone, finalMinutes } = EXCHANGE_HOURS[marketId];
  const local = localDateTime(now, timeZone);
  return local.date > session || (local.date === session && local.minutes >= finalMinutes);
}

/**
 * How many sessions the stored data (newest session `lastSession`, null = none) is behind at
 * `now`: the sessions after it up to and including lastDueSession. 0 when current or ahead.
 */
export function sessionsBehind(marketId: MarketId, lastSession: string | null, now: Date): number {
  const due = lastDueSession(marketId, now);
  if (lastSession === null) return Number.POSITIVE_INFINITY;
  let behind = 0;
  for (let day = dayNumber(due); isoFromDayNumber(day) > lastSession; day -= 1) {
    if (isSession(marketId, isoFromDayNumber(day))) behind += 1;
  }
  return behind;
}
