// Exchange sessions and when their data is due. Expected dates worked out by hand from the
// exchanges' calendars: Oslo closes 16:20 Europe/Oslo (UTC+1 in winter, UTC+2 in summer), NASDAQ
// 16:00 America/New_York (UTC-5 / UTC-4); the data is due 30 minutes later.
import { MARKET_OSLO, MARKET_US } from '@/lib/constants';
import {
  isSession,
  lastDueSession,
  previousSession,
  sessionsBehind,
} from '@/server/domain/calendar/marketCalendar';

describe('isSession', () => {
  it.each([
    [MARKET_OSLO, '2026-11-24', true], // a Tuesday
    [MARKET_OSLO, '2026-11-28', false], // Saturday
    [MARKET_OSLO, '2026-11-29', false], // Sunday
    [MARKET_OSLO, '2026-05-14', false], // Ascension Day
    [MARKET_OSLO, '2026-12-24', false], // Christmas Eve
    [MARKET_US, '2026-12-24', true], // NASDAQ trades (early close) on Christmas Eve 2026
    [MARKET_US, '2026-11-26', false], // Thanksgiving
    [MARKET_OSLO, '2026-11-26', true],
    [MARKET_US, '2026-07-03', false], // Independence Day observed (4 July is a Saturday)
    [MARKET_US, '2025-01-09', false], // national day of mourning (President Carter)
    [MARKET_OSLO, '2027-05-17', false], // Constitution Day and Whit Monday
  ] as const)('%s %s -> %s', (market, date, expected) => {
    expect(isSession(market, date)).toBe(expected);
  });
});

describe('lastDueSession', () => {
  it.each([
    // Oslo's data is due at EODHD's publication, 19:45 local. Winter (UTC+1): 18:45Z.
    [MARKET_OSLO, '2026-11-24T18:44:59Z', '2026-11-23'],
    [MARKET_OSLO, '2026-11-24T18:45:00Z', '2026-11-24'],
    // Oslo, summer (UTC+2): 19:45 local is 17:45Z.
    [MARKET_OSLO, '2026-06-15T17:44:00Z', '2026-06-12'], // a Monday before publication: Friday
    [MARKET_OSLO, '2026-06-15T17:45:00Z', '2026-06-15'],
    // NASDAQ at 17:00 New York, winter (UTC-5): 22:00Z.
    [MARKET_US, '2026-11-24T21:59:00Z', '2026-11-23'],
    [MARKET_US, '2026-11-24T22:00:00Z', '2026-11-24'],
    // 01:00Z on Wednesday is still Tuesday evening in New York.
    [MARKET_US, '2026-11-25T01:00:00Z', '2026-11-24'],
    // Thanksgiving evening: Wednesday's session.
    [MARKET_US, '2026-11-26T23:00:00Z', '2026-11-25'],
    // Weekend: Friday.
    [MARKET_OSLO, '2026-11-28T12:00:00Z', '2026-11-27'],
    // Easter 2026: Maundy Thursday, Good Friday and Easter Monday closed in Oslo.
    [MARKET_OSLO, '2026-04-06T20:00:00Z', '2026-04-01'],
  ] as const)('%s at %s -> %s', (market, now, expected) => {
    expect(lastDueSession(market, new Date(now))).toBe(expected);
  });
});

describe('sessionsBehind', () => {
  it('counts the due sessions after the stored one, holidays left out', () => {
    // Tuesday 7 April 2026, 20:00 in Oslo: due sessions after 31 March are 1 April and 7 April.
    const now = new Date('2026-04-07T18:00:00Z');
    expect(sessionsBehind(MARKET_OSLO, '2026-03-31', now)).toBe(2);
    expect(sessionsBehind(MARKET_OSLO, '2026-04-01', now)).toBe(1);
    expect(sessionsBehind(MARKET_OSLO, '2026-04-07', now)).toBe(0);
    // Data ahead of what is due (a demo bar for today before the close) is not behind.
    expect(sessionsBehind(MARKET_OSLO, '2026-04-08', now)).toBe(0);
    expect(sessionsBehind(MARKET_OSLO, null, now)).toBe(Number.POSITIVE_INFINITY);
    expect(previousSession(MARKET_US, '2026-04-06')).toBe('2026-04-02');
  });
});
