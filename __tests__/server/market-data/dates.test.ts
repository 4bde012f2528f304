/** @jest-environment node */
import { dayNumber, filterByDate, isIsoDate, lastWeekday, weekdaysBetween } from '@/server/market-data/dates';

describe('lastWeekday', () => {
  it.each([
    ['2026-11-20T15:00:00Z', '2026-11-20'], // Friday: itself
    ['2026-11-21T10:00:00Z', '2026-11-20'], // Saturday: the Friday before
    ['2026-11-22T23:59:59Z', '2026-11-20'], // Sunday: the Friday before
    ['2026-11-23T00:00:00Z', '2026-11-23'], // Monday: itself
    ['2024-03-01T12:00:00Z', '2024-03-01'], // Friday after a leap day
  ])('%s -> %s', (now, expected) => {
    expect(lastWeekday(new Date(now))).toBe(expected);
  });
});

describe('calendar helpers', () => {
  it('accepts only real YYYY-MM-DD dates', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-13-01')).toBe(false);
    expect(isIsoDate('2024-1-01')).toBe(false);
    expect(isIsoDate('01.02.2024')).toBe(false);
  });

  it('lists the weekdays of a range, inclusive', () => {
    // Fri 2026-11-20 .. Tue 2026-11-24: Fri, Mon, Tue.
    expect(weekdaysBetween('2026-11-20', '2026-11-24')).toEqual(['2026-11-20', '2026-11-23', '2026-11-24']);
    expect(weekdaysBetween('2026-11-21', '2026-11-22')).toEqual([]);
  });

  it('counts days since 1970-01-01', () => {
    expect(dayNumber('1970-01-02')).toBe(1);
    expect(dayNumber('2015-01-05') - dayNumber('2014-12-29')).toBe(7);
  });

  it('filters by an inclusive range with an optional start', () => {
    const items = ['2025-01-01', '2025-01-02', '2025-01-03'].map((date) => ({ date }));
    expect(filterByDate(items, { from: '2025-01-02', to: '2025-01-03' }).map((i) => i.date)).toEqual([
      '2025-01-02',
      '2025-01-03',
    ]);
    expect(filterByDate(items, { to: '2025-01-02' }).map((i) => i.date)).toEqual([
      '2025-01-01',
      '2025-01-02',
    ]);
  });
});
