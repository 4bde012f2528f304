import {
  addDays,
  dayNumber,
  isIsoDate,
  isWeekday,
  isoFromDayNumber,
  utcDayNumber,
  weekdayOf,
  yearsBefore,
} from '@/lib/dates';

// The one date module. Expectations worked out by hand from the calendar.
describe('lib/dates day arithmetic', () => {
  it('counts days since 1970-01-01', () => {
    expect(dayNumber('1970-01-01')).toBe(0);
    // 1970 has 365 days, so 1971-01-01 is day 365.
    expect(dayNumber('1971-01-01')).toBe(365);
    expect(isoFromDayNumber(365)).toBe('1971-01-01');
    expect(() => dayNumber('2024-02-30')).toThrow(RangeError);
  });

  it('adds days across a month end, a leap day and a year end', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    // Summer time begins 2025-03-30 in Oslo: whole UTC days do not notice.
    expect(addDays('2025-03-29', 2)).toBe('2025-03-31');
  });

  it('goes back whole years, 29 February falling to 1 March', () => {
    expect(yearsBefore('2025-06-15', 5)).toBe('2020-06-15');
    expect(yearsBefore('2024-02-29', 1)).toBe('2023-03-01');
  });

  it('knows weekdays (1970-01-01 was a Thursday, 2026-11-28 a Saturday)', () => {
    expect(weekdayOf(0)).toBe(4);
    expect(weekdayOf(dayNumber('2026-11-28'))).toBe(6);
    expect(isWeekday(dayNumber('2026-11-27'))).toBe(true);
    expect(isWeekday(dayNumber('2026-11-29'))).toBe(false);
    // Before 1970 too: 1969-12-31 was a Wednesday.
    expect(weekdayOf(-1)).toBe(3);
  });

  it('takes the UTC day of an instant, not the local one', () => {
    // 23:30 in Oslo on 2026-06-01 is 21:30Z the same day; 00:30 Oslo on 2 June is still 1 June UTC.
    expect(isoFromDayNumber(utcDayNumber(new Date('2026-06-01T22:30:00Z')))).toBe('2026-06-01');
    expect(isoFromDayNumber(utcDayNumber(new Date('2026-06-01T23:59:59.999Z')))).toBe('2026-06-01');
  });

  it('validates ISO dates', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-2-1')).toBe(false);
  });
});
