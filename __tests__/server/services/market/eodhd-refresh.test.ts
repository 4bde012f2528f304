/** @jest-environment node */
// The daily refresh against a local EODHD stand-in (../../../helpers/fakeEodhd.ts, written from
// EODHD's documentation): a split recorded after the first import, a late publication, preliminary
// volume, bulk requests, a 402, the call budget, and the token in no log line.
import { MARKET_OSLO, MARKET_US, type MarketId } from '@/lib/constants';
import type { SignalRefresh } from '@/server/domain/alerts';
import type { DbHandle } from '@/server/db/client';
import { refreshJob } from '@/server/jobs/definitions';
import {
  findTickerBySymbol,
  listDividends,
  getMarketFreshness,
  getProviderUsage,
  loadBars,
} from '@/server/repositories/marketRepository';
import { marketDataOperations } from '@/server/services/market/marketOperationsService';
import { refreshMarket } from '@/server/services/market/marketRefreshService';

import { FakeEodhd, rawSeries, weekdays, type RawDay } from '../../../helpers/fakeEodhd';
import { openTestDatabase } from '../../../helpers/db';

jest.setTimeout(120_000);

let fake: FakeEodhd;
let handle: DbHandle;

beforeEach(async () => {
  fake = new FakeEodhd();
  await fake.start();
  handle = await openTestDatabase('pglite');
});

afterEach(async () => {
  await handle.close();
  await fake.stop();
});

/** Notifications recorded instead of sent. */
function recorder() {
  const calls: SignalRefresh[] = [];
  const notify = async (_db: unknown, refresh: SignalRefresh) => {
    calls.push(refresh);
    return { created: 0, users: 0, emails: Promise.resolve([]) };
  };
  return { calls, notify };
}

function addFx(dates: readonly string[]): void {
  fake.add({ code: 'USDNOK', exchange: 'FOREX', name: 'USD/NOK', days: rawSeries(dates, 10.5, 0) });
}

async function stored(marketId: MarketId, symbol: string) {
  const ticker = await findTickerBySymbol(handle.db, marketId, symbol);
  expect(ticker).toBeDefined();
  return loadBars(handle.db, ticker!.id, { from: '2000-01-01', to: '2100-01-01' });
}

describe('a 10-for-1 split recorded after the first import', () => {
  it('re-fetches the history: no step larger than the real move, volume adjusted once, no alert', async () => {
    // NVDA: raw closes around 900 until Friday 2024-06-07; the split's ex-date is Monday 2024-06-10.
    const before = rawSeries(weekdays('2023-06-01', '2024-06-07'), 700, 40_000_000);
    const friday = before[before.length - 1];
    // Monday's raw close is a tenth of Friday's, up 0.6 % in real terms; volume in post-split shares.
    const monday: RawDay = {
      date: '2024-06-10',
      open: Math.round((friday.close / 10) * 100) / 100,
      high: Math.round((friday.close / 10) * 1.01 * 100) / 100,
      low: Math.round((friday.close / 10) * 0.995 * 100) / 100,
      close: Math.round((friday.close / 10) * 1.006 * 100) / 100,
      volume: 380_000_000,
    };
    fake.add({
      code: 'NVDA',
      exchange: 'US',
      name: 'NVIDIA Corp',
      isin: 'US67066G1040',
      days: [...before, monday],
    });
    addFx(weekdays('2023-06-01', '2024-06-10'));
    const { calls, notify } = recorder();

    // First import on Friday evening (18:00 in New York): Monday is not published yet.
    fake.publishedThrough.set('US', '2024-06-07');
    fake.publishedThrough.set('FOREX', '2024-06-07');
    const common = { env: fake.env(), symbols: ['NVDA'], historyYears: 1, notify };
    await refreshMarket(handle.db, MARKET_US, { now: new Date('2024-06-07T22:00:00Z'), ...common });
    const first = await stored(MARKET_US, 'NVDA');
    expect(first[first.length - 1]).toMatchObject({ date: '2024-06-07', close: friday.close });

    // EODHD records the split and publishes Monday.
    fake.recordSplit('NVDA', '2024-06-10', 10);
    fake.publishedThrough.set('US', '2024-06-10');
    fake.publishedThrough.set('FOREX', '2024-06-10');
    const result = await refreshMarket(handle.db, MARKET_US, {
      now: new Date('2024-06-10T22:00:00Z'),
      ...common,
    });
    expect(result.readjusted).toEqual(['NVDA']);

    const bars = await stored(MARKET_US, 'NVDA');
    // The whole year again (from a year before Monday), every raw date once.
    expect(bars[0].date <= '2023-06-12').toBe(true);
    expect(bars.map((b) => b.date)).toEqual(
      [...before, monday].map((d) => d.date).filter((d) => d >= bars[0].date),
    );
    // By hand: Friday adjusted = raw / 10; Monday's real move = 1.006 (rounded to cents) - 1 ≈ +0.6 %.
    const fri = bars[bars.length - 2];
    const mon = bars[bars.length - 1];
    expect(fri.close).toBeCloseTo(friday.close / 10, 3);
    expect(mon.close / fri.close - 1).toBeCloseTo(monday.close / (friday.close / 10) - 1, 4);
    // Every step of the stored series is at most the fake's largest real move (1.9 %), never −90 %.
    for (let i = 1; i < bars.length; i += 1) {
      expect(Math.abs(bars[i].close / bars[i - 1].close - 1)).toBeLessThan(0.0195);
    }
    // Volume adjusted exactly once (by EODHD): Friday's 40–46 M pre-split shares become 400–460 M,
    // not 4 000 M; Monday's 380 M stays.
    expect(fri.volume).toBe(friday.volume * 10);
    expect(mon.volume).toBe(380_000_000);
    // The re-adjustment moved no signal: nobody was notified.
    expect(calls).toEqual([]);
  });
});

describe('a split EODHD records before it rewrites the adjusted history', () => {
  it('asks the splits endpoint, keeps the stored days and sends no alert, then re-adjusts once EODHD has', async () => {
    const before = rawSeries(weekdays('2023-06-01', '2024-06-07'), 700, 40_000_000);
    const friday = before[before.length - 1];
    // Monday 2024-06-10: the raw close a tenth of Friday's (10-for-1), up 0.6 % in real terms.
    const mondayClose = Math.round((friday.close / 10) * 1.006 * 100) / 100;
    const monday: RawDay = {
      date: '2024-06-10',
      open: mondayClose,
      high: mondayClose * 1.01,
      low: mondayClose * 0.99,
      close: mondayClose,
      volume: 380_000_000,
    };
    const other = rawSeries(weekdays('2023-06-01', '2024-06-11'), 180, 60_000_000);
    fake.add({ code: 'NVDA', exchange: 'US', name: 'NVIDIA Corp', days: [...before, monday] });
    fake.add({ code: 'AAPL', exchange: 'US', name: 'Apple Inc', days: other });
    addFx(weekdays('2023-06-01', '2024-06-11'));
    const { calls, notify } = recorder();
    fake.publishedThrough.set('US', '2024-06-07');
    fake.publishedThrough.set('FOREX', '2024-06-07');
    const common = { env: fake.env(), symbols: ['NVDA', 'AAPL'], historyYears: 1, notify };
    await refreshMarket(handle.db, MARKET_US, { now: new Date('2024-06-07T22:00:00Z'), ...common });

    // Monday is published with the raw post-split prices; EODHD knows the split but has not
    // rewritten adjusted_close yet, so Monday's adjusted close is a tenth of Friday's.
    fake.recordSplit('NVDA', '2024-06-10', 10, { applied: false });
    fake.publishedThrough.set('US', '2024-06-10');
    fake.publishedThrough.set('FOREX', '2024-06-10');
    fake.requests.length = 0;
    await refreshMarket(handle.db, MARKET_US, { now: new Date('2024-06-10T22:00:00Z'), ...common });
    expect(fake.countRequests('splits/NVDA.US', { from: '2024-06-08' })).toBe(1);
    // AAPL moved normally: its splits were not asked for.
    expect(fake.countRequests('splits/AAPL.US')).toBe(0);
    const held = await stored(MARKET_US, 'NVDA');
    expect(held[held.length - 1]).toMatchObject({ date: '2024-06-07', close: friday.close });
    expect((await stored(MARKET_US, 'AAPL')).pop()!.date).toBe('2024-06-10');
    expect(calls).toEqual([]);

    // Tuesday: EODHD has rewritten the history; the next run stores the whole adjusted series.
    fake.applySplits('NVDA');
    fake.publishedThrough.set('US', '2024-06-11');
    fake.publishedThrough.set('FOREX', '2024-06-11');
    const next = await refreshMarket(handle.db, MARKET_US, {
      now: new Date('2024-06-11T22:00:00Z'),
      ...common,
    });
    expect(next.readjusted).toEqual(['NVDA']);
    const bars = await stored(MARKET_US, 'NVDA');
    // By hand: Friday adjusted = raw / 10; Monday +0.6 % on it (cents rounding aside).
    expect(bars.find((b) => b.date === '2024-06-07')!.close).toBeCloseTo(friday.close / 10, 3);
    expect(bars.find((b) => b.date === '2024-06-10')!.close).toBe(mondayClose);
    for (let i = 1; i < bars.length; i += 1) {
      expect(Math.abs(bars[i].close / bars[i - 1].close - 1)).toBeLessThan(0.0195);
    }
    // The re-adjustment itself alerts nobody about NVDA.
    const nvda = await findTickerBySymbol(handle.db, MARKET_US, 'NVDA');
    expect(calls.flatMap((c) => c.changes).filter((c) => c.tickerId === nvda!.id)).toEqual([]);
  });
});

describe('publication times', () => {
  it('refreshes Oslo after 19:45 and picks up a late publication at the next scheduled run', async () => {
    const job = refreshJob(MARKET_OSLO);
    expect([job.pattern, job.timeZone]).toEqual(['45 19 * * 1-5', 'Europe/Oslo']);
    expect(refreshJob(MARKET_US).pattern).toBe('0 17 * * 1-5');

    const dates = weekdays('2025-10-01', '2026-10-16');
    fake.add({
      code: 'EQNR',
      exchange: 'OL',
      name: 'Equinor',
      isin: 'NO0010096985',
      days: rawSeries(dates, 250, 5_000_000),
    });
    addFx(dates);
    const common = { env: fake.env(), symbols: ['EQNR'], historyYears: 1 };
    fake.publishedThrough.set('OL', '2026-10-13');
    await refreshMarket(handle.db, MARKET_OSLO, { now: new Date('2026-10-13T17:50:00Z'), ...common });
    expect((await getMarketFreshness(handle.db, MARKET_OSLO)).lastSession).toBe('2026-10-13');

    // Wednesday 14th at 19:50 Oslo time (17:50Z): EODHD is late, the bulk answer is still Tuesday's.
    await expect(
      refreshMarket(handle.db, MARKET_OSLO, { now: new Date('2026-10-14T17:50:00Z'), ...common }),
    ).rejects.toThrow(/has not published the session of 2026-10-14 yet/);
    expect((await stored(MARKET_OSLO, 'EQNR')).pop()!.date).toBe('2026-10-13');

    // Thursday's scheduled run: Wednesday and Thursday are both out, both are stored.
    fake.publishedThrough.set('OL', '2026-10-15');
    const next = await refreshMarket(handle.db, MARKET_OSLO, {
      now: new Date('2026-10-15T17:50:00Z'),
      ...common,
    });
    expect(next.session).toBe('2026-10-15');
    expect((await stored(MARKET_OSLO, 'EQNR')).slice(-3).map((b) => b.date)).toEqual([
      '2026-10-13',
      '2026-10-14',
      '2026-10-15',
    ]);
  });
});

describe('the daily bulk refresh', () => {
  async function importBoth(through: string, at: { usAt?: string } = {}) {
    const dates = weekdays('2025-10-01', '2026-10-16');
    fake.add({ code: 'EQNR', exchange: 'OL', name: 'Equinor', days: rawSeries(dates, 250, 5_000_000) });
    fake.add({ code: 'AAPL', exchange: 'US', name: 'Apple Inc', days: rawSeries(dates, 230, 50_000_000) });
    fake.add({ code: 'OSEBX', exchange: 'INDX', name: 'OSEBX', days: rawSeries(dates, 1500, 0) });
    fake.add({ code: 'NDX', exchange: 'INDX', name: 'NDX', days: rawSeries(dates, 20000, 0) });
    addFx(dates);
    for (const ex of ['OL', 'US', 'INDX', 'FOREX']) fake.publishedThrough.set(ex, through);
    const { calls, notify } = recorder();
    const oslo = { env: fake.env(), symbols: ['EQNR', 'OSEBX.INDX'], historyYears: 1, notify };
    const us = { env: fake.env(), symbols: ['AAPL', 'NDX.INDX'], historyYears: 1, notify };
    // First import per ticker, after each market's publication time on `through`.
    await refreshMarket(handle.db, MARKET_OSLO, { now: new Date(`${through}T17:50:00Z`), ...oslo });
    await refreshMarket(handle.db, MARKET_US, { now: new Date(at.usAt ?? `${through}T21:05:00Z`), ...us });
    return { oslo, us, calls };
  }

  it('reads one bulk day per market for a new session read final: 2 bulk requests for two markets', async () => {
    // Both markets read after their data is final: Oslo at 19:50 Oslo time, the US at 20:30 New
    // York time (00:30Z the next day), so no stored session is preliminary.
    const { oslo, us } = await importBoth('2026-10-14', { usAt: '2026-10-15T00:30:00Z' });
    fake.requests.length = 0;
    for (const ex of ['OL', 'US', 'INDX', 'FOREX']) fake.publishedThrough.set(ex, '2026-10-15');
    const a = await refreshMarket(handle.db, MARKET_OSLO, { now: new Date('2026-10-15T17:50:00Z'), ...oslo });
    const b = await refreshMarket(handle.db, MARKET_US, { now: new Date('2026-10-16T00:30:00Z'), ...us });
    expect([a.session, b.session]).toEqual(['2026-10-15', '2026-10-15']);

    // The new session: 2 bulk requests for two markets, and no other bulk request at all (the
    // stored session of the 14th is not re-read).
    expect(fake.countBulkPrices('', { date: '2026-10-15' })).toBe(2);
    expect(fake.countBulkPrices()).toBe(2);
    // No stock history per ticker; each market's index once, USD/NOK once (the US run finds it current).
    expect(fake.countRequests('eod/EQNR.OL') + fake.countRequests('eod/AAPL.US')).toBe(0);
    expect(fake.countRequests('eod/OSEBX.INDX') + fake.countRequests('eod/NDX.INDX')).toBe(2);
    expect(fake.countRequests('eod/USDNOK.FOREX')).toBe(1);
    expect(fake.countRequests('exchange-symbol-list/')).toBe(0);
    // Issue 41: the dividends going ex that day, one bulk request per market, none per ticker.
    expect(fake.countRequests('eod-bulk-last-day/', { type: 'dividends', date: '2026-10-15' })).toBe(2);
    expect(fake.countRequests('div/')).toBe(0);
    // Counted at EODHD's prices (api-limits page): a bulk day 100 calls, any other request 1.
    // Oslo: USD/NOK 1 + bulk prices 100 + OSEBX 1 + bulk dividends 100; US: bulk prices 100 +
    // NDX 1 + bulk dividends 100 (its USD/NOK is current).
    expect(a.usage).toEqual({ requests: 4, calls: 1 + 100 + 1 + 100 });
    expect(b.usage).toEqual({ requests: 3, calls: 100 + 1 + 100 });
    // The US run was on the 16th (UTC), the only one that day: the day's usage is its own.
    expect(await getProviderUsage(handle.db, '2026-10-16', 'eodhd')).toEqual({ requests: 3, calls: 201 });
  });

  it('re-reads a session read preliminary once, then only new sessions', async () => {
    // The US import at 17:05 New York time: the 14th is preliminary (final from 20:00).
    const { us } = await importBoth('2026-10-14');
    // /admin/operations shows it.
    const usOps = async () =>
      (await marketDataOperations(handle.db, fake.env())).markets.find((m) => m.market_id === MARKET_US)!;
    expect(await usOps()).toMatchObject({
      preliminary_session: '2026-10-14',
      reconciled_session: '2026-10-14',
    });
    for (const ex of ['US', 'INDX', 'FOREX']) fake.publishedThrough.set(ex, '2026-10-15');
    fake.requests.length = 0;
    // The 15th at 20:30 New York: the preliminary 14th is re-read and the 15th read final.
    await refreshMarket(handle.db, MARKET_US, { now: new Date('2026-10-16T00:30:00Z'), ...us });
    expect(fake.countBulkPrices('US', { date: '2026-10-14' })).toBe(1);
    expect(fake.countBulkPrices('US', { date: '2026-10-15' })).toBe(1);
    expect(await usOps()).toMatchObject({ preliminary_session: null, reconciled_session: '2026-10-14' });
    for (const ex of ['US', 'INDX', 'FOREX']) fake.publishedThrough.set(ex, '2026-10-16');
    fake.requests.length = 0;
    // The 16th: the 15th was final, only the new day is read.
    await refreshMarket(handle.db, MARKET_US, { now: new Date('2026-10-17T00:30:00Z'), ...us });
    expect(fake.countBulkPrices()).toBe(1);
    expect(fake.countBulkPrices('US', { date: '2026-10-16' })).toBe(1);
  });

  it('catches a dividend’s re-adjustment at the weekly reconciliation', async () => {
    const { oslo } = await importBoth('2026-10-05');
    // EQNR goes ex-dividend on Tuesday the 6th: EODHD multiplies every earlier adjusted price by
    // (1 - 5 / Monday's close). The daily bulk days hold only the new sessions and cannot see it.
    fake.recordDividend('EQNR', '2026-10-06', 5);
    const dates = weekdays('2025-10-01', '2026-10-16');
    const days = rawSeries(dates, 250, 5_000_000);
    const monday = days[dates.indexOf('2026-10-05')].close;
    const runs = ['2026-10-06', '2026-10-07', '2026-10-08', '2026-10-09', '2026-10-12'];
    const results = [];
    for (const day of runs) {
      for (const ex of ['OL', 'INDX', 'FOREX']) fake.publishedThrough.set(ex, day);
      fake.requests.length = 0;
      results.push(
        await refreshMarket(handle.db, MARKET_OSLO, { now: new Date(`${day}T17:50:00Z`), ...oslo }),
      );
      if (day !== '2026-10-12') {
        // Monday 5th still stored as first read (raw close), one bulk day a run.
        expect(fake.countBulkPrices()).toBe(1);
        expect((await stored(MARKET_OSLO, 'EQNR')).find((b) => b.date === '2026-10-05')!.close).toBe(monday);
      }
    }
    // Issue 41: the dividend came with the bulk dividends of its ex-date (the 6th).
    const eqnr = (await findTickerBySymbol(handle.db, MARKET_OSLO, 'EQNR'))!;
    expect(await listDividends(handle.db, [eqnr.id])).toEqual([
      { tickerId: eqnr.id, exDate: '2026-10-06', payDate: null, amount: 5, currency: 'NOK', source: 'eodhd' },
    ]);
    // Monday 12th: five sessions (6th, 7th, 8th, 9th, 12th) after the mark on the 5th: the 5th is re-read with the
    // new day (2 bulk requests), its price changed, the whole history is fetched again.
    expect(fake.countBulkPrices('OL', { date: '2026-10-05' })).toBe(1);
    expect(fake.countBulkPrices()).toBe(2);
    expect(results[4].readjusted).toEqual(['EQNR']);
    // By hand: Monday's adjusted close = close * (1 - 5 / close) = close - 5.
    const bars = await stored(MARKET_OSLO, 'EQNR');
    expect(bars.find((b) => b.date === '2026-10-05')!.close).toBeCloseTo(monday - 5, 3);
    expect(bars.find((b) => b.date === '2026-10-06')!.close).toBe(days[dates.indexOf('2026-10-06')].close);
  });

  it('corrects the preliminary US volume through the overlap', async () => {
    const { us } = await importBoth('2026-10-13');
    // Wednesday 14th at 17:05 New York: Nasdaq-only volume, 12 M instead of the day's real one.
    fake.setPreliminaryVolume('AAPL', '2026-10-14', 12_000_000);
    fake.publishedThrough.set('US', '2026-10-14');
    fake.publishedThrough.set('INDX', '2026-10-14');
    fake.publishedThrough.set('FOREX', '2026-10-14');
    await refreshMarket(handle.db, MARKET_US, { now: new Date('2026-10-14T21:05:00Z'), ...us });
    const wednesday = () =>
      stored(MARKET_US, 'AAPL').then((bars) => bars.find((b) => b.date === '2026-10-14'));
    expect((await wednesday())?.volume).toBe(12_000_000);

    // Thursday: the consolidated volume is out for Wednesday, and Thursday is published.
    fake.finalise('AAPL', '2026-10-14');
    fake.publishedThrough.set('US', '2026-10-15');
    fake.publishedThrough.set('INDX', '2026-10-15');
    fake.publishedThrough.set('FOREX', '2026-10-15');
    await refreshMarket(handle.db, MARKET_US, { now: new Date('2026-10-15T21:05:00Z'), ...us });
    // rawSeries: volume = 50 M + (index % 7) M; 2026-10-14 is the 271st weekday from 2025-10-01
    // (index 270, 270 % 7 = 4), so 54 M.
    const dates = weekdays('2025-10-01', '2026-10-16');
    expect(dates.indexOf('2026-10-14')).toBe(270);
    expect((await wednesday())?.volume).toBe(54_000_000);
  });

  it('a 402 stops the run and keeps yesterday’s data; the token is in no log line', async () => {
    const { oslo } = await importBoth('2026-10-14');
    const before = await stored(MARKET_OSLO, 'EQNR');
    fake.publishedThrough.set('OL', '2026-10-15');
    fake.planLimitReached = true;
    const lines: string[] = [];
    const spies = (['log', 'info', 'warn', 'error'] as const).map((level) =>
      jest.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        lines.push(args.map(String).join(' '));
      }),
    );
    try {
      const run = refreshMarket(handle.db, MARKET_OSLO, { now: new Date('2026-10-15T17:50:00Z'), ...oslo });
      await expect(run).rejects.toMatchObject({ code: 'PLAN_LIMIT', status: 402 });
      const error = await run.catch((e: Error) => e);
      lines.push(String(error), (error as Error).stack ?? '');
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(await stored(MARKET_OSLO, 'EQNR')).toEqual(before);
    expect((await getMarketFreshness(handle.db, MARKET_OSLO)).lastSession).toBe('2026-10-14');
    // The token went to the server (that is how EODHD authenticates) but into no line we wrote.
    expect(fake.requests.some((r) => r.url.includes(fake.token))).toBe(true);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).not.toContain(fake.token);
  });

  it('stops before a request the daily call budget cannot pay for', async () => {
    const { oslo } = await importBoth('2026-10-14');
    fake.publishedThrough.set('OL', '2026-10-15');
    fake.requests.length = 0;
    const spent = await getProviderUsage(handle.db, '2026-10-15', 'eodhd');
    // The imports ran on the 14th (UTC): nothing spent on the 15th yet. With a budget of 60 calls
    // the USD/NOK request (1) is paid; the new day's bulk request (100, 101 in all) is not made.
    expect(spent).toEqual({ requests: 0, calls: 0 });
    await expect(
      refreshMarket(handle.db, MARKET_OSLO, {
        now: new Date('2026-10-15T17:50:00Z'),
        ...oslo,
        env: fake.env({ EODHD_DAILY_CALL_BUDGET: '60' }),
      }),
    ).rejects.toMatchObject({ code: 'BUDGET' });
    expect(fake.countBulkPrices()).toBe(0);
    expect(await getProviderUsage(handle.db, '2026-10-15', 'eodhd')).toEqual({ requests: 1, calls: 1 });
  });
});
