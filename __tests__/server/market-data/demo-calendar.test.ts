/** @jest-environment node */
// The demo generator follows each exchange's calendar (issue 24 item 2): over 2025–2027 no bar on a
// weekend or on any full-day holiday listed in exchangeHolidays.json, a bar on every other weekday,
// and "today's" bar only once the exchange's session is due (the rule the seed and the scheduled
// refresh share, lastDueSession). The expected calendar is built here from the JSON file and the
// weekday alone, not from isSession.
import { MARKET_OSLO, MARKET_US, type MarketId } from '@/lib/constants';
import holidays from '@/server/domain/calendar/exchangeHolidays.json';
import { lastDueSession } from '@/server/domain/calendar/marketCalendar';
import { DemoProvider, generateIndexBars, generateTickerBars } from '@/server/market-data/demo';
import { findUniverseTicker } from '@/server/market-data/universe';
import { demoSyncEnds } from '@/server/services/market/marketSyncService';

const END = '2027-12-31';

function expectedSessions(marketId: MarketId, from: string, to: string): string[] {
  const closed = new Set<string>(holidays[String(marketId) as '160' | '226']);
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    const d = new Date(t);
    const iso = d.toISOString().slice(0, 10);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6 && !closed.has(iso)) out.push(iso);
  }
  return out;
}

describe.each([
  [MARKET_OSLO, 'EQNR'],
  [MARKET_US, 'AAPL'],
] as const)('demo calendar of market %s', (marketId, symbol) => {
  const ticker = findUniverseTicker(marketId, symbol)!;
  const inYears = (dates: string[]) => dates.filter((d) => d >= '2025-01-01' && d <= END);

  it('has a bar on every session of 2025–2027 and on nothing else (holidays and weekends)', () => {
    const expected = expectedSessions(marketId, '2025-01-01', END);
    const listed = holidays[String(marketId) as '160' | '226'];
    // The list really covers the three years (a sanity check on the fixture, not the code).
    expect(listed.filter((d) => d.startsWith('2025')).length).toBeGreaterThan(5);
    expect(listed.filter((d) => d.startsWith('2027')).length).toBeGreaterThan(5);

    const stock = inYears(generateTickerBars(marketId, ticker, END).map((b) => b.date));
    const index = inYears(generateIndexBars(marketId, END).map((b) => b.date));
    expect(stock).toEqual(expected);
    expect(index).toEqual(expected);
    for (const holiday of listed) expect(stock).not.toContain(holiday);
  });

  it('serves no bar on a holiday through the provider either', async () => {
    const provider = new DemoProvider();
    const bars = await provider.getDailyBars(symbol, marketId, { from: '2026-11-20', to: '2026-12-31' });
    expect(bars.map((b) => b.date)).toEqual(expectedSessions(marketId, '2026-11-20', '2026-12-31'));
  });
});

describe('today’s demo bar only after the close (the seed’s and the refresh’s rule)', () => {
  const aapl = findUniverseTicker(MARKET_US, 'AAPL')!;
  const eqnr = findUniverseTicker(MARKET_OSLO, 'EQNR')!;
  // The end the seed (npm start, prepareDemoMarketData) syncs each market to, as the provider serves it.
  const lastBar = (marketId: MarketId, now: string) => {
    const ticker = marketId === MARKET_US ? aapl : eqnr;
    const end = demoSyncEnds(new Date(now)).toByMarket[marketId]!;
    // The scheduled refresh asks for the same session.
    expect(end).toBe(lastDueSession(marketId, new Date(now)));
    const bars = generateTickerBars(marketId, ticker, end);
    return bars[bars.length - 1].date;
  };

  it.each([
    // The reported case: Thanksgiving 2026 at 10:28 in New York (15:28Z) — Wednesday's bar is the newest.
    [MARKET_US, '2026-11-26T15:28:00Z', '2026-11-25'],
    // ...and Thanksgiving evening still has no bar of its own.
    [MARKET_US, '2026-11-26T23:30:00Z', '2026-11-25'],
    // Oslo trades that Thursday; the data is due at the provider's publication time (EODHD, issue
    // 28): 19:45 CET = 18:45Z, not at the 16:20 close.
    [MARKET_OSLO, '2026-11-26T15:50:00Z', '2026-11-25'], // closed, not yet published
    [MARKET_OSLO, '2026-11-26T18:44:00Z', '2026-11-25'],
    [MARKET_OSLO, '2026-11-26T18:45:00Z', '2026-11-26'],
    // NASDAQ, Wednesday 25 November 2026: 16:00 EST close = 21:00Z, published 17:00 EST = 22:00Z.
    [MARKET_US, '2026-11-25T20:59:00Z', '2026-11-24'], // just before the close
    [MARKET_US, '2026-11-25T21:59:00Z', '2026-11-24'], // closed, data not yet due
    [MARKET_US, '2026-11-25T22:00:00Z', '2026-11-25'], // due
    // Summer time (EDT, UTC-4): 17:00 local is 21:00Z, on Wednesday 14 July 2027.
    [MARKET_US, '2027-07-14T20:59:00Z', '2027-07-13'],
    [MARKET_US, '2027-07-14T21:00:00Z', '2027-07-14'],
    // A Saturday gives Friday's bar.
    [MARKET_OSLO, '2025-11-29T12:00:00Z', '2025-11-28'],
  ] as const)('market %s at %s: newest bar %s', (marketId, now, expected) => {
    expect(lastBar(marketId, now)).toBe(expected);
  });

  it('takes USD/NOK up to the later of the two markets', () => {
    // Thanksgiving after Oslo's data is due (18:45Z): Oslo 26 November, NASDAQ 25 November.
    expect(demoSyncEnds(new Date('2026-11-26T19:00:00Z'))).toEqual({
      to: '2026-11-26',
      toByMarket: { [MARKET_OSLO]: '2026-11-26', [MARKET_US]: '2026-11-25' },
    });
  });
});
