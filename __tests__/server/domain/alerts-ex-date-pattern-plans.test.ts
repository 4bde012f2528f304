// Issue 41 and 42, pure: which patterns a refresh brought (the window of its sessions), who holds a
// share before its ex-date (over several portfolios), and who is told about a completed pattern.
import { normalizeTransactions } from '@/server/domain/portfolio';
import {
  patternsCompletedBetween,
  planExDateAlerts,
  planPatternAlerts,
  quantityBeforeExDate,
  type ExDividend,
  type PatternFacts,
} from '@/server/domain/alerts';

const tx = (date: string, eventId: number, quantity: string, id: number) => ({
  id,
  date,
  eventId,
  tickerId: 7,
  quantity,
  price: '100',
  fee: '0',
});
const events = (...rows: ReturnType<typeof tx>[]) => normalizeTransactions(rows);

const pattern = (over: Partial<PatternFacts>): PatternFacts => ({
  kind: 'double_bottom',
  direction: 'buy',
  status: 'completed',
  breakout_date: '2026-11-20',
  target_zone: [110, 112],
  invalidation: 90,
  ...over,
});

describe('patternsCompletedBetween', () => {
  it('keeps completed patterns with a breakout after the previous snapshot, up to the new session', () => {
    const found = patternsCompletedBetween(
      7,
      [
        pattern({ breakout_date: '2026-11-19' }), // the previous snapshot's session: told then
        pattern({ breakout_date: '2026-11-20' }), // in the window
        pattern({ breakout_date: '2026-11-20' }), // the same kind and day again: once
        pattern({ kind: 'rectangle', breakout_date: '2026-11-18', status: 'completed' }), // before
        pattern({ kind: 'rectangle', breakout_date: null, status: 'forming' }),
        pattern({ kind: 'double_top', direction: 'sell', status: 'failed', breakout_date: null }),
        pattern({ kind: 'ascending_triangle', breakout_date: '2026-11-23' }), // after the session
      ],
      '2026-11-19',
      '2026-11-20',
    );
    expect(found).toEqual([
      {
        tickerId: 7,
        kind: 'double_bottom',
        direction: 'buy',
        breakoutDate: '2026-11-20',
        targetZone: [110, 112],
        invalidation: 90,
      },
    ]);
  });

  it('covers every session of a refresh that caught up several', () => {
    const found = patternsCompletedBetween(
      7,
      [pattern({ breakout_date: '2026-11-17' }), pattern({ kind: 'rectangle', breakout_date: '2026-11-19' })],
      '2026-11-16',
      '2026-11-20',
    );
    expect(found.map((p) => [p.kind, p.breakoutDate])).toEqual([
      ['double_bottom', '2026-11-17'],
      ['rectangle', '2026-11-19'],
    ]);
  });
});

describe('quantityBeforeExDate', () => {
  it('sums the shares held at the start of the ex-date over portfolios', () => {
    // Portfolio A: 60 bought, 25 more ON the ex-date (not entitled) → 60.
    // Portfolio B: 50 bought, 10 sold the day before → 40. Total 100.
    const a = events(tx('2026-01-05', 1, '60', 1), tx('2026-11-20', 1, '25', 2));
    const b = events(tx('2026-01-05', 1, '50', 3), tx('2026-11-19', 2, '10', 4));
    expect(quantityBeforeExDate([a, b], '2026-11-20').toString()).toBe('100');
    // The day after, the 25 count: 60 + 25 + 40 = 125.
    expect(quantityBeforeExDate([a, b], '2026-11-21').toString()).toBe('125');
  });

  it('follows a split before the ex-date (2-for-1: 30 → 60)', () => {
    const split = {
      ...tx('2026-06-01', 4, '2', 2),
      price: '0',
      splitTo: 2,
      splitFrom: 1,
    };
    const a = normalizeTransactions([tx('2026-01-05', 1, '30', 1), split]);
    expect(quantityBeforeExDate([a], '2026-11-20').toString()).toBe('60');
  });
});

describe('planExDateAlerts', () => {
  const dividend: ExDividend = {
    tickerId: 7,
    exDate: '2026-11-20',
    payDate: '2026-12-01',
    amount: 3.5,
    currency: 'NOK',
  };

  it('tells each holder before the ex-date once, with the shares held then', () => {
    const plan = planExDateAlerts(
      [dividend, { ...dividend, tickerId: 8 }],
      [
        { uid: 'b', tickerId: 7, portfolios: [events(tx('2026-01-05', 1, '10', 1))] },
        { uid: 'a', tickerId: 7, portfolios: [events(tx('2026-01-05', 1, '4', 2))] },
        // bought on the ex-date: not entitled
        { uid: 'c', tickerId: 7, portfolios: [events(tx('2026-11-20', 1, '10', 3))] },
        // sold out before it
        {
          uid: 'd',
          tickerId: 7,
          portfolios: [events(tx('2026-01-05', 1, '10', 4), tx('2026-03-02', 2, '10', 5))],
        },
      ],
    );
    const line = (quantity: number) => ({
      kind: 'ex_date',
      ex_date: '2026-11-20',
      pay_date: '2026-12-01',
      amount: 3.5,
      currency: 'NOK',
      quantity,
    });
    expect(plan).toEqual([
      { uid: 'a', tickerId: 7, change: line(4) },
      { uid: 'b', tickerId: 7, change: line(10) },
    ]);
  });
});

describe('planPatternAlerts', () => {
  it('tells each interested pair once, with each kind and breakout date once', () => {
    const p = {
      tickerId: 7,
      kind: 'rectangle' as const,
      direction: 'sell' as const,
      breakoutDate: '2026-11-20',
      targetZone: [80, 82] as [number, number],
      invalidation: 101,
    };
    const plan = planPatternAlerts(
      [p, p],
      [
        { uid: 'w', tickerId: 7 },
        { uid: 'h', tickerId: 7 },
        { uid: 'w', tickerId: 7 }, // holds and watches: once
        { uid: 'x', tickerId: 9 }, // another share
      ],
    );
    const line = {
      kind: 'pattern',
      pattern: 'rectangle',
      direction: 'sell',
      breakout_date: '2026-11-20',
      target_zone: [80, 82],
      invalidation: 101,
    };
    expect(plan).toEqual([
      { uid: 'h', tickerId: 7, changes: [line] },
      { uid: 'w', tickerId: 7, changes: [line] },
    ]);
  });
});
