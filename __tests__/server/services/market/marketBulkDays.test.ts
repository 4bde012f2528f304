/** @jest-environment node */
// Which bulk days a market's daily refresh reads (server/services/marketBulkDays.ts), on hand-made
// sync states. Sessions are weekdays of October 2026 (no Oslo or Nasdaq holiday that month).
import { MARKET_OSLO, MARKET_US } from '@/lib/constants';
import { isFinalRead } from '@/server/domain/calendar/marketCalendar';
import { planBulkDays, preliminaryKey, reconciledKey } from '@/server/services/market/marketBulkDays';

const states = (entries: Record<string, string | null>) => new Map(Object.entries(entries));

describe('planBulkDays', () => {
  it('reads only the new session when nothing stored is preliminary or due for reconciliation', () => {
    // Stored up to Wednesday 14th, marked on the 13th: the 15th is one session after the mark.
    const plan = planBulkDays(
      MARKET_OSLO,
      ['2026-10-14', '2026-10-14'],
      '2026-10-15',
      states({
        [reconciledKey(MARKET_OSLO)]: '2026-10-13',
      }),
    );
    expect(plan).toEqual({ dates: ['2026-10-15'], reread: [], reconcile: false });
  });

  it('re-reads the preliminary session once, with the new one', () => {
    const plan = planBulkDays(
      MARKET_US,
      ['2026-10-14'],
      '2026-10-15',
      states({
        [preliminaryKey(MARKET_US)]: '2026-10-14',
        [reconciledKey(MARKET_US)]: '2026-10-14',
      }),
    );
    expect(plan).toEqual({ dates: ['2026-10-14', '2026-10-15'], reread: ['2026-10-14'], reconcile: false });
  });

  it('re-reads the marked session when five sessions follow it (the new one included)', () => {
    // Mark Friday 9th; sessions after it up to Friday 16th: 12, 13, 14, 15, 16 = 5.
    const due = planBulkDays(
      MARKET_OSLO,
      ['2026-10-15'],
      '2026-10-16',
      states({
        [reconciledKey(MARKET_OSLO)]: '2026-10-09',
      }),
    );
    expect(due).toEqual({ dates: ['2026-10-09', '2026-10-16'], reread: ['2026-10-09'], reconcile: true });
    // Four sessions (12–15) up to Thursday: not yet.
    const early = planBulkDays(
      MARKET_OSLO,
      ['2026-10-14'],
      '2026-10-15',
      states({
        [reconciledKey(MARKET_OSLO)]: '2026-10-09',
      }),
    );
    expect(early).toEqual({ dates: ['2026-10-15'], reread: [], reconcile: false });
  });

  it('reads every session after the oldest stored stock, and gives up beyond five', () => {
    // One stock stored up to the 12th, the other up to the 14th: 13, 14, 15 read.
    expect(planBulkDays(MARKET_OSLO, ['2026-10-12', '2026-10-14'], '2026-10-15', states({}))).toEqual({
      dates: ['2026-10-13', '2026-10-14', '2026-10-15'],
      reread: [],
      reconcile: false,
    });
    // Stored up to Thursday 8th, to Friday 16th: 9, 12, 13, 14, 15, 16 = 6 sessions, per ticker instead.
    expect(planBulkDays(MARKET_OSLO, ['2026-10-08'], '2026-10-16', states({}))).toBeNull();
    expect(planBulkDays(MARKET_OSLO, [], '2026-10-16', states({}))).toBeNull();
  });
});

describe('isFinalRead', () => {
  it('US data is final from 20:00 New York time on the session day, Oslo’s when published', () => {
    // 14 October 2026: New York is UTC-4, Oslo UTC+2.
    expect(isFinalRead(MARKET_US, '2026-10-14', new Date('2026-10-14T21:05:00Z'))).toBe(false); // 17:05
    expect(isFinalRead(MARKET_US, '2026-10-14', new Date('2026-10-14T23:59:00Z'))).toBe(false); // 19:59
    expect(isFinalRead(MARKET_US, '2026-10-14', new Date('2026-10-15T00:00:00Z'))).toBe(true); // 20:00
    expect(isFinalRead(MARKET_US, '2026-10-14', new Date('2026-10-15T13:00:00Z'))).toBe(true); // next day
    expect(isFinalRead(MARKET_OSLO, '2026-10-14', new Date('2026-10-14T17:45:00Z'))).toBe(true); // 19:45
    expect(isFinalRead(MARKET_OSLO, '2026-10-14', new Date('2026-10-14T17:44:00Z'))).toBe(false); // 19:44
  });
});
