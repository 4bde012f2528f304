/** @jest-environment node */
// The holiday list must not run out silently (issue 27): after its last year every weekday counts
// as a session, so the refresh would wait for data that never comes and "stale" would lie.
import { MARKET_OSLO, MARKET_US, type MarketId } from '@/lib/constants';
import {
  holidaysCoveredThrough,
  holidaysRunningOut,
  isSession,
} from '@/server/domain/calendar/marketCalendar';

const MARKETS: MarketId[] = [MARKET_OSLO, MARKET_US];

describe('exchangeHolidays.json', () => {
  // On the real clock on purpose: this test is the alarm. When it fails, add next year's
  // full-day closures (Oslo Børs and Nasdaq trading calendars) to exchangeHolidays.json.
  it.each(MARKETS)('covers next calendar year for market %s', (market) => {
    const nextYear = new Date().getUTCFullYear() + 1;
    expect(Number(holidaysCoveredThrough(market).slice(0, 4))).toBeGreaterThanOrEqual(nextYear);
  });

  it('reads the last listed year (2027 today: Christmas Eve is closed on both exchanges)', () => {
    expect(holidaysCoveredThrough(MARKET_OSLO)).toBe('2027-12-31');
    expect(isSession(MARKET_OSLO, '2027-12-24')).toBe(false);
  });
});

describe('holidaysRunningOut', () => {
  // The list for Oslo ends 2027-12-31; the warning starts 31 days before it: on 2027-11-30.
  it.each([
    ['2027-11-29T12:00:00Z', false], // 32 days left
    ['2027-11-30T12:00:00Z', true], // 30 Nov + 31 days = 31 Dec: 31 days left
    ['2027-12-31T12:00:00Z', true],
    ['2028-03-01T12:00:00Z', true],
    ['2026-11-26T12:00:00Z', false],
  ])('at %s is %s', (now, expected) => {
    expect(holidaysRunningOut(MARKET_OSLO, new Date(now))).toBe(expected);
  });
});
