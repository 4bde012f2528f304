/** @jest-environment node */
// A timeline books each transaction on the first calendar day on or after its date (its own day
// looked up when the calendar has it, issue 26), and drops those after the last day. Checked
// against a plain search of the calendar written here, with trade dates on and off the calendar.
import fc from 'fast-check';
import { computeTickerTimelines, createFxRateOn, normalizeTransactions } from '@/server/domain/portfolio';
import { BUY, tx } from './helpers';

/** The first 40 days of 2024 as dates. */
const DAYS = Array.from({ length: 40 }, (_, i) =>
  new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10),
);

describe('the day a timeline books a transaction on', () => {
  it('is the first calendar day on or after its date (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.subarray(DAYS, { minLength: 1 }),
        fc.array(fc.constantFrom(...DAYS), { minLength: 1, maxLength: 30 }),
        (calendar, dates) => {
          const rows = dates.map((date, i) => tx(i + 1, 1, date, BUY, 1, 10, 0));
          const transactions = normalizeTransactions(rows);
          const timeline = computeTickerTimelines([
            { tickerId: 1, currency: 'NOK', transactions, calendar, fxRateOn: createFxRateOn([]) },
          ]).get(1)!;
          const expected = transactions
            .filter((t) => t.date <= calendar[calendar.length - 1])
            .map((t) => ({ id: t.id, day: calendar.findIndex((d) => d >= t.date) }));
          expect(timeline.flows.map((f) => ({ id: f.id, day: f.day }))).toEqual(expected);
        },
      ),
      { numRuns: 500 },
    );
  });
});
