/** @jest-environment node */
import fc from 'fast-check';
import type Decimal from 'decimal.js';
import {
  InsufficientHoldingError,
  combinePerformance,
  computePerformance,
  computeTickerTimelines,
  createFxRateOn,
  normalizeTransactions,
  performanceCalendar,
  toDecimal,
  type CurrencyCode,
  type PerformanceSeries,
  type PricePoint,
  type TickerTimeline,
  type Transaction,
  type TransactionInput,
} from '@/server/domain/portfolio';
import { referencePerformance } from './fixtures/referencePerformance';
import { BUY, DIVIDEND, SELL, SPLIT, tx, cents, digits, shares } from './helpers';

// Oslo trades on every one of these days but 01-10; the US market (ticker 3) also on 01-10.
const DATES = [
  '2024-01-02',
  '2024-01-03',
  '2024-01-04',
  '2024-01-05',
  '2024-01-08',
  '2024-01-09',
  '2024-01-10',
  '2024-01-11',
];
const CURRENCY = new Map<number, CurrencyCode>([
  [1, 'NOK'],
  [2, 'NOK'],
  [3, 'USD'],
  [4, 'USD'],
]);
const tickers = new Map([...CURRENCY].map(([id, currency]) => [id, { currency }]));
const fxRateOn = createFxRateOn([
  { date: '2024-01-02', rate: '10.5' },
  { date: '2024-01-05', rate: '10.87' },
  { date: '2024-01-09', rate: '11.0213' },
]);

/** Valid histories over tickers 1-4: sells clipped to the holding, a sell of nothing becomes a buy. */
function historyArb(idBase: number): fc.Arbitrary<TransactionInput[]> {
  const op = fc.record({
    tickerId: fc.constantFrom(1, 2, 3, 4),
    date: fc.constantFrom(...DATES, '2024-01-06', '2024-01-12'),
    kind: fc.constantFrom('buy', 'buy', 'sell', 'sell', 'dividend', 'split'),
    quantity: shares,
    price: cents(10_000_000),
    fee: cents(50_000),
    ratio: fc.constantFrom('2', '3', '0.5', '0.1', '1.5', '0.3333333333'),
    sellAll: fc.boolean(),
  });
  return fc.array(op, { maxLength: 30 }).chain((items) =>
    fc
      .uniqueArray(fc.integer({ min: 1, max: 1_000_000 }), {
        minLength: items.length,
        maxLength: items.length,
      })
      .map((ids) => {
        const draft = items.map((item, i) => ({ ...item, id: idBase + ids[i] }));
        draft.sort((a, b) => (a.date === b.date ? a.id - b.id : a.date < b.date ? -1 : 1));
        const held = new Map<number, Decimal>();
        return draft.map((d) => {
          const have = held.get(d.tickerId) ?? toDecimal(0);
          let eventId = { buy: BUY, sell: SELL, dividend: DIVIDEND, split: SPLIT }[d.kind];
          if (eventId === SELL && have.isZero()) eventId = BUY;
          let quantity = eventId === SPLIT ? toDecimal(d.ratio) : d.quantity;
          if (eventId === SELL && (d.sellAll || quantity.gt(have))) quantity = have;
          if (eventId === BUY) held.set(d.tickerId, have.plus(quantity));
          if (eventId === SELL) held.set(d.tickerId, have.minus(quantity));
          if (eventId === SPLIT) held.set(d.tickerId, have.mul(quantity));
          return tx(d.id, d.tickerId, d.date, eventId, quantity, d.price, d.fee);
        });
      }),
  );
}

/** Closes on some of the days; ticker 3 and the index may also trade on 01-10. */
const seriesArb = (dates: readonly string[]): fc.Arbitrary<PricePoint[]> =>
  fc
    .array(fc.option(cents(100_000_000), { nil: null }), { minLength: dates.length, maxLength: dates.length })
    .map((cs) =>
      cs.flatMap((close, i): PricePoint[] =>
        close === null || close.isZero() ? [] : [{ date: dates[i], close }],
      ),
    );
const OSLO_DATES = DATES.filter((d) => d !== '2024-01-10');
const marketArb = fc.record({
  c1: seriesArb(OSLO_DATES),
  c2: seriesArb(OSLO_DATES),
  c3: seriesArb(DATES),
  c4: seriesArb(OSLO_DATES),
  index: seriesArb(OSLO_DATES),
  base: fc.constantFrom<CurrencyCode>('NOK', 'USD'),
  range: fc.constantFrom<readonly [string, string]>(
    ['2024-01-02', '2024-01-12'],
    ['2024-01-04', '2024-01-09'],
    ['2024-01-08', '2024-01-11'],
    ['2024-01-06', '2024-01-07'],
  ),
});
type Market = typeof marketArb extends fc.Arbitrary<infer M> ? M : never;

function closesOf(m: Market): Map<number, readonly PricePoint[]> {
  return new Map([
    [1, m.c1],
    [2, m.c2],
    [3, m.c3],
    [4, m.c4],
  ]);
}

/** The one-pass input: the whole history over the market's range. */
function fullInput(history: TransactionInput[], m: Market) {
  return {
    transactions: history,
    tickers,
    closes: closesOf(m),
    indexCloses: m.index,
    fxRateOn,
    from: m.range[0],
    to: m.range[1],
    baseCurrency: m.base,
  };
}

function reference(history: TransactionInput[], m: Market): string[][] {
  return digits(referencePerformance(fullInput(history, m)));
}

/** What the service does: per-ticker histories up to `to`, their calendar and timelines. */
function timelinesFor(
  history: TransactionInput[],
  m: Market,
  reuse?: { calendar: readonly string[]; timelines: ReadonlyMap<number, TickerTimeline>; only: number },
): { calendar: string[]; timelines: Map<number, TickerTimeline>; computed: number[] } {
  const byTicker = new Map<number, Transaction[]>();
  for (const t of normalizeTransactions(history)) {
    if (t.date <= m.range[1]) byTicker.set(t.tickerId, [...(byTicker.get(t.tickerId) ?? []), t]);
  }
  const closes = closesOf(m);
  const calendar = performanceCalendar(
    [...[...byTicker.keys()].map((id) => closes.get(id)), m.index],
    m.range[0],
    m.range[1],
  );
  const sameCalendar = reuse !== undefined && reuse.calendar.join() === calendar.join();
  const timelines = new Map<number, TickerTimeline>();
  const missing = [...byTicker.keys()].filter((id) => {
    const kept = sameCalendar && id !== reuse.only ? reuse.timelines.get(id) : undefined;
    if (kept) timelines.set(id, kept);
    return !kept;
  });
  const computed = computeTickerTimelines(
    missing.map((tickerId) => ({
      tickerId,
      currency: CURRENCY.get(tickerId)!,
      transactions: byTicker.get(tickerId)!,
      calendar,
      fxRateOn,
      baseCurrency: m.base,
    })),
  );
  for (const [id, timeline] of computed) timelines.set(id, timeline);
  return { calendar, timelines, computed: missing };
}

function combine(
  parts: { calendar: string[]; timelines: Map<number, TickerTimeline> },
  m: Market,
  closes: ReadonlyMap<number, readonly PricePoint[]>,
  previous?: PerformanceSeries,
): PerformanceSeries {
  return combinePerformance({
    calendar: parts.calendar,
    timelines: parts.timelines,
    closes,
    indexCloses: m.index,
    fxRateOn,
    baseCurrency: m.base,
    previous,
  });
}

describe('performance from per-ticker timelines equals one pass over the whole history', () => {
  it('gives the same digits as the reference for random histories, prices, ranges and base currencies', () => {
    fc.assert(
      fc.property(historyArb(0), marketArb, (history, m) => {
        const points = computePerformance(fullInput(history, m));
        expect(digits(points)).toEqual(reference(history, m));
      }),
      { numRuns: 400 },
    );
  });

  it('after a write to one ticker, recomputes that ticker only and the days from its change, to the same digits', () => {
    fc.assert(
      fc.property(
        historyArb(0),
        historyArb(10_000_000),
        fc.constantFrom(1, 2, 3, 4),
        marketArb,
        (before, other, edited, m) => {
          // The write replaces the edited ticker's transactions (ids stay unique across the two).
          const after = [
            ...before.filter((t) => t.tickerId !== edited),
            ...other.filter((t) => t.tickerId === edited),
          ];
          const closes = closesOf(m);
          const first = timelinesFor(before, m);
          const series = combine(first, m, closes);
          const second = timelinesFor(after, m, { ...first, only: edited });
          const next = combine(second, m, closes, series);

          expect(digits(next.points)).toEqual(reference(after, m));
          if (second.calendar.join() === first.calendar.join()) {
            // Only the written ticker's timeline was built again ...
            expect(second.computed.filter((id) => id !== edited)).toEqual([]);
            // ... and the days before its first changed transaction were taken over as they were.
            const changed = [...before, ...after]
              .filter((t) => t.tickerId === edited && t.date <= m.range[1])
              .filter((t) => !(before.includes(t) && after.includes(t)))
              .map((t) => t.date)
              .sort()[0];
            const changedDay =
              changed === undefined ? next.points.length : second.calendar.findIndex((d) => d >= changed);
            expect(next.recomputedFrom).toBe(changedDay < 0 ? next.points.length : changedDay);
            for (let i = 0; i < next.recomputedFrom; i++) expect(next.points[i]).toBe(series.points[i]);
          } else {
            expect(next.recomputedFrom).toBe(0);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('gives the same digits when computed in parts of any size, from scratch or after a write', () => {
    fc.assert(
      fc.property(
        historyArb(0),
        historyArb(10_000_000),
        fc.constantFrom(1, 2, 3, 4),
        marketArb,
        fc.integer({ min: 1, max: 4 }),
        (before, other, edited, m, maxDays) => {
          const after = [
            ...before.filter((t) => t.tickerId !== edited),
            ...other.filter((t) => t.tickerId === edited),
          ];
          const closes = closesOf(m);
          const inParts = (
            parts: { calendar: string[]; timelines: Map<number, TickerTimeline> },
            start?: PerformanceSeries,
          ) => {
            let series = combinePerformance({
              calendar: parts.calendar,
              timelines: parts.timelines,
              closes,
              indexCloses: m.index,
              fxRateOn,
              baseCurrency: m.base,
              previous: start,
              maxDays,
            });
            while (series.points.length < parts.calendar.length) {
              const next = combinePerformance({
                calendar: parts.calendar,
                timelines: parts.timelines,
                closes,
                indexCloses: m.index,
                fxRateOn,
                baseCurrency: m.base,
                previous: series,
                maxDays,
              });
              // Each part continues where the last one stopped and adds at most maxDays days.
              expect(next.recomputedFrom).toBe(series.points.length);
              expect(next.points.length - series.points.length).toBeLessThanOrEqual(maxDays);
              series = next;
            }
            return series;
          };
          const first = timelinesFor(before, m);
          const series = inParts(first);
          expect(digits(series.points)).toEqual(reference(before, m));
          const second = timelinesFor(after, m, { ...first, only: edited });
          expect(digits(inParts(second, series).points)).toEqual(reference(after, m));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('recomputes nothing when nothing changed, and everything a changed price series touches', () => {
    const m: Market = {
      c1: [
        { date: '2024-01-02', close: 100 },
        { date: '2024-01-03', close: 110 },
        { date: '2024-01-04', close: 121 },
      ],
      c2: [],
      c3: [],
      c4: [],
      index: [{ date: '2024-01-02', close: 1000 }],
      base: 'NOK',
      range: ['2024-01-02', '2024-01-12'],
    };
    const history = [tx(1, 1, '2024-01-02', BUY, 10, 100), tx(2, 1, '2024-01-04', SELL, 5, 121)];
    const parts = timelinesFor(history, m);
    const series = combine(parts, m, closesOf(m));
    const again = combine(parts, m, closesOf(m), series);
    expect(again.recomputedFrom).toBe(3);
    expect(again.points).toEqual(series.points);

    // A corrected close (a new array) makes the ticker count as changed from its first day.
    const corrected = { ...m, c1: [...m.c1.slice(0, 2), { date: '2024-01-04', close: 120 }] };
    const fixed = combine(parts, corrected, closesOf(corrected), series);
    expect(fixed.recomputedFrom).toBe(0);
    expect(digits(fixed.points)).toEqual(reference(history, corrected));
    // 01-04: 5 × 120 = 600 after the sell's 605 left
    expect(fixed.points[2].valueBase.toString()).toBe('600');
  });

  it('starts again from the first day when a US ticker brings a new trading day into the calendar', () => {
    const m: Market = {
      c1: OSLO_DATES.map((date, i) => ({ date, close: 100 + i })),
      c2: [],
      c3: DATES.map((date) => ({ date, close: 10 })),
      c4: [],
      index: OSLO_DATES.map((date) => ({ date, close: 1000 })),
      base: 'NOK',
      range: ['2024-01-02', '2024-01-11'],
    };
    const before = [tx(1, 1, '2024-01-02', BUY, 10, 100)];
    const first = timelinesFor(before, m);
    expect(first.calendar).not.toContain('2024-01-10');
    const series = combine(first, m, closesOf(m));

    const after = [...before, tx(2, 3, '2024-01-09', BUY, 3, 10)];
    const second = timelinesFor(after, m, { ...first, only: 3 });
    expect(second.calendar).toContain('2024-01-10');
    // Every timeline is on the new calendar, not just the written ticker's.
    expect(second.computed.sort()).toEqual([1, 3]);
    const next = combine(second, m, closesOf(m), series);
    expect(next.recomputedFrom).toBe(0);
    expect(digits(next.points)).toEqual(reference(after, m));
    // 01-10: Oslo forward-filled at 105 (10 shares), 3 × 10 USD at 11.0213 = 330.639
    const tenth = next.points.find((p) => p.date === '2024-01-10')!;
    expect(tenth.valueBase.toString()).toBe('1380.639');
  });

  it('reports the earliest sell beyond the holding across tickers, as the full pass does', () => {
    const calendar = ['2024-01-02', '2024-01-03'];
    const history = normalizeTransactions([
      tx(1, 1, '2024-01-02', BUY, 1, 10),
      tx(9, 1, '2024-01-03', SELL, 5, 10),
      tx(4, 2, '2024-01-03', SELL, 1, 10),
    ]);
    const inputs = [1, 2].map((tickerId) => ({
      tickerId,
      currency: 'NOK' as const,
      transactions: history.filter((t) => t.tickerId === tickerId),
      calendar,
      fxRateOn,
    }));
    let caught: unknown;
    try {
      computeTickerTimelines(inputs);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InsufficientHoldingError);
    expect((caught as InsufficientHoldingError).transactionId).toBe(4);
  });
});
