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

  it('reads the last listed year (Oslo 2027 today: Christmas Eve is closed)', () => {
    expect(holidaysCoveredThrough(MARKET_OSLO)).toBe('2027-12-31');
    expect(isSession(MARKET_OSLO, '2027-12-24')).toBe(false);
  });

  it('knows the US closures of 2028 as NYSE announced them (2025-12-23)', () => {
    expect(holidaysCoveredThrough(MARKET_US)).toBe('2028-12-31');
    // Good Friday 14 April, Independence Day Tuesday 4 July, Thanksgiving Thursday 23 November.
    for (const closed of ['2028-04-14', '2028-07-04', '2028-11-23', '2028-12-25'])
      expect(isSession(MARKET_US, closed)).toBe(false);
    // New Year's Day 2028 is a Saturday and is not observed: Friday 31 December 2027 trades.
    expect(isSession(MARKET_US, '2027-12-31')).toBe(true);
    expect(isSession(MARKET_US, '2028-01-03')).toBe(true);
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
