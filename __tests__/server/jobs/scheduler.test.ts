/** @jest-environment node */
// The job scheduler with an injected clock: a market refresh runs after a weekday's close and not
// on a weekend or an exchange holiday; a failed run is retried with back-off and keeps its error;
// two schedulers on one database run a slot once; a market too far behind is caught up on start.
import { MARKET_OSLO, type MarketId } from '@/lib/constants';
import type { Bar } from '@/lib/types/market';
import { openDatabase, type DbHandle } from '@/server/db/client';
import { refreshJob } from '@/server/jobs/definitions';
import { JobScheduler, type Clock, type JobDefinition } from '@/server/jobs/scheduler';
import {
  DemoProvider,
  type DateRange,
  type FxRate,
  type MarketDataProvider,
  type TickerInfo,
} from '@/server/market-data';
import { getMarketFreshness } from '@/server/repositories/marketRepository';
import { listJobRuns } from '@/server/repositories/jobRunRepository';
import { onMarketRefreshed, type MarketRefreshedEvent } from '@/server/services/market/marketEvents';
import { syncMarketData } from '@/server/services/market/marketSyncService';

import { openTestDatabase, testDbKinds } from '../../helpers/db';

jest.setTimeout(180_000);

class FakeClock implements Clock {
  constructor(private t: Date) {}
  now(): Date {
    return new Date(this.t);
  }
  set(iso: string): void {
    this.t = new Date(iso);
  }
  advance(ms: number): void {
    this.t = new Date(this.t.getTime() + ms);
  }
}

const SYMBOLS = ['EQNR', 'DNB', 'OSEBX.INDX'];

/** The demo provider for three Oslo series, counting bar requests. */
class SmallOsloProvider implements MarketDataProvider {
  readonly name = 'demo' as const;
  requests = 0;
  private readonly inner = new DemoProvider();
  async listSymbols(marketId: MarketId): Promise<TickerInfo[]> {
    return (await this.inner.listSymbols(marketId)).filter((t) => SYMBOLS.includes(t.symbol));
  }
  getDailyBars(symbol: string, marketId: MarketId, range: DateRange): Promise<Bar[]> {
    this.requests += 1;
    return this.inner.getDailyBars(symbol, marketId, range);
  }
  getIndexBars(marketId: MarketId, range: DateRange): Promise<Bar[]> {
    this.requests += 1;
    return this.inner.getIndexBars(marketId, range);
  }
  getUsdNok(range: DateRange): Promise<FxRate[]> {
    return this.inner.getUsdNok(range);
  }
}

const quiet = () => {};

/**
 * Each test of the refresh job starts from its own database, stored up to its own session, with its
 * own provider, clock and listener: none depends on what an earlier test left behind.
 */
describe('refresh-160 on the clock', () => {
  let handle: DbHandle;
  let provider: SmallOsloProvider;
  let clock: FakeClock;
  let events: MarketRefreshedEvent[];
  let unsubscribe: (() => void) | undefined;

  /** A fresh database with the three Oslo series stored up to `storedTo`, the clock at `now`. */
  async function start(storedTo: string, now: string): Promise<void> {
    handle = await openTestDatabase('pglite');
    await syncMarketData(handle.db, {
      provider: new DemoProvider(),
      to: storedTo,
      markets: [MARKET_OSLO],
      symbols: SYMBOLS,
      historyYears: 3,
    });
    provider = new SmallOsloProvider();
    clock = new FakeClock(new Date(now));
    events = [];
    unsubscribe = onMarketRefreshed((event) => {
      events.push(event);
    });
  }

  afterEach(async () => {
    unsubscribe?.();
    unsubscribe = undefined;
    await handle?.close();
  });

  const scheduler = () =>
    new JobScheduler({
      db: handle.db,
      kind: handle.kind,
      jobs: [refreshJob(MARKET_OSLO, { provider: () => provider })],
      clock,
      log: quiet,
    });

  it('does nothing over the weekend, runs after Monday’s publication time and not before', async () => {
    // Stored up to Friday 20 November 2026; Friday 20:00 in Oslo, after its slot.
    await start('2026-11-20', '2026-11-20T19:00:00Z');
    const jobs = scheduler();
    clock.set('2026-11-21T10:00:00Z'); // Saturday
    await jobs.tick();
    clock.set('2026-11-23T18:44:00Z'); // Monday 19:44 in Oslo, before EODHD publishes
    await jobs.tick();
    expect(provider.requests).toBe(0);
    expect(await listJobRuns(handle.db, 'refresh-160')).toHaveLength(0);
    expect(jobs.nextRun('refresh-160')?.toISOString()).toBe('2026-11-23T18:45:00.000Z');

    clock.set('2026-11-23T18:45:30Z'); // 19:45:30
    await jobs.tick();
    expect(provider.requests).toBe(SYMBOLS.length);
    expect((await getMarketFreshness(handle.db, MARKET_OSLO)).lastSession).toBe('2026-11-23');
    const runs = await listJobRuns(handle.db, 'refresh-160');
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ slot: '2026-11-23T18:45:00.000Z', ok: true, attempt: 1 });
    expect(runs[0].message).toMatch(/^session 2026-11-23: \d+ bars, 3 tickers analysed, \d+ signal changes$/);
    // The listeners heard the new session.
    expect(events.at(-1)).toMatchObject({ marketId: MARKET_OSLO, session: '2026-11-23' });

    // The same slot again (a second tick in the same minute) does not run twice.
    await jobs.tick();
    expect(await listJobRuns(handle.db, 'refresh-160')).toHaveLength(1);
  });

  it('skips an exchange holiday (Christmas Eve, a Thursday) and runs the next session', async () => {
    // Stored up to Wednesday 23 December; Christmas Eve 20:00 in Oslo, after the usual refresh time.
    await start('2026-12-23', '2026-12-24T19:00:00Z');
    const jobs = scheduler();
    await jobs.tick();
    expect(provider.requests).toBe(0);
    expect(await listJobRuns(handle.db, 'refresh-160')).toHaveLength(0);
    expect(jobs.nextRun('refresh-160')?.toISOString()).toBe('2026-12-25T18:45:00.000Z');
    // 25 and 26 December are closed too (the 26th is a Saturday); Monday 28th runs.
    clock.set('2026-12-28T19:00:00Z');
    await jobs.tick();
    expect((await getMarketFreshness(handle.db, MARKET_OSLO)).lastSession).toBe('2026-12-28');
    expect(await listJobRuns(handle.db, 'refresh-160')).toHaveLength(1);
    expect(provider.requests).toBe(SYMBOLS.length);
  });

  it('on start, refreshes at once a market more than one session behind', async () => {
    // Stored up to Monday 28 December 2026; Wednesday 6 January 2027 20:00 in Oslo: the sessions
    // 29, 30 December and 4, 5, 6 January are missing (31 Dec and 1 Jan closed), far more than one.
    await start('2026-12-28', '2027-01-06T19:00:00Z');
    const jobs = scheduler();
    await jobs.catchUp();
    expect((await getMarketFreshness(handle.db, MARKET_OSLO)).lastSession).toBe('2027-01-06');
    const runs = await listJobRuns(handle.db, 'refresh-160');
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ slot: 'catch-up:2027-01-06', ok: true });
    // Current now: a second start does not run again.
    await scheduler().catchUp();
    expect(await listJobRuns(handle.db, 'refresh-160')).toHaveLength(runs.length);
  });
});

describe('retries', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDatabase('pglite');
  });
  afterAll(() => handle.close());

  it('retries a failed run after 1, then 5 minutes, keeping each error until it succeeds', async () => {
    const clock = new FakeClock(new Date('2026-11-24T02:00:00Z'));
    let calls = 0;
    const flaky: JobDefinition = {
      name: 'flaky',
      pattern: '0 3 * * *',
      timeZone: 'UTC',
      async run() {
        calls += 1;
        if (calls <= 2) throw new Error(`provider down (${calls})`);
        return 'done';
      },
    };
    const jobs = new JobScheduler({ db: handle.db, kind: handle.kind, jobs: [flaky], clock, log: quiet });
    clock.set('2026-11-24T03:00:10Z');
    await jobs.tick();
    expect(calls).toBe(1);
    let [status] = await jobs.list();
    expect(status.last_run).toMatchObject({ ok: false, message: 'provider down (1)', attempt: 1 });
    expect(status.retry_at).toBe('2026-11-24T03:01:10.000Z');

    clock.set('2026-11-24T03:01:09Z');
    await jobs.tick();
    expect(calls).toBe(1);
    clock.set('2026-11-24T03:01:10Z');
    await jobs.tick();
    expect(calls).toBe(2);
    [status] = await jobs.list();
    expect(status.last_run).toMatchObject({ ok: false, message: 'provider down (2)', attempt: 2 });
    expect(status.retry_at).toBe('2026-11-24T03:06:10.000Z');

    clock.set('2026-11-24T03:06:10Z');
    await jobs.tick();
    expect(calls).toBe(3);
    [status] = await jobs.list();
    expect(status.last_run).toMatchObject({ ok: true, message: 'done', attempt: 3 });
    expect(status.retry_at).toBeNull();
    // One row for the slot, updated by each attempt.
    expect(await listJobRuns(handle.db, 'flaky')).toHaveLength(1);
  });

  it('gives up after the last back-off step', async () => {
    const clock = new FakeClock(new Date('2026-11-24T02:00:00Z'));
    let calls = 0;
    const broken: JobDefinition = {
      name: 'broken',
      pattern: '0 3 * * *',
      timeZone: 'UTC',
      async run() {
        calls += 1;
        throw new Error('always');
      },
    };
    const jobs = new JobScheduler({
      db: handle.db,
      kind: handle.kind,
      jobs: [broken],
      clock,
      backoffMs: [1000, 2000],
      log: quiet,
    });
    clock.set('2026-11-24T03:00:00Z');
    await jobs.tick();
    clock.advance(1000);
    await jobs.tick();
    clock.advance(2000);
    await jobs.tick();
    clock.advance(60 * 60_000);
    await jobs.tick();
    expect(calls).toBe(3);
    const [status] = await jobs.list();
    expect(status.last_run).toMatchObject({ ok: false, message: 'always', attempt: 3 });
    expect(status.retry_at).toBeNull();
  });
});

describe.each(testDbKinds())('two schedulers on one %s database', (kind) => {
  let first: DbHandle;
  let second: DbHandle;
  beforeAll(async () => {
    first = await openTestDatabase(kind);
    // PostgreSQL: a second pool on the same database, as a second app instance has. PGlite is one
    // process's database: both schedulers share its handle (and the process-local lock).
    second = kind === 'postgres' ? await openDatabase({ url: first.url }) : first;
  });
  afterAll(async () => {
    if (second !== first) await second.close();
    await first.close();
  });

  it('runs a slot once, and a manual run is refused while the job runs elsewhere', async () => {
    const clock = new FakeClock(new Date('2026-11-24T02:00:00Z'));
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const job: JobDefinition = {
      name: 'shared',
      pattern: '0 3 * * *',
      timeZone: 'UTC',
      async run() {
        runs += 1;
        await gate;
        return 'ok';
      },
    };
    const a = new JobScheduler({ db: first.db, kind, jobs: [job], clock, instance: 'a', log: quiet });
    const b = new JobScheduler({ db: second.db, kind, jobs: [job], clock, instance: 'b', log: quiet });
    clock.set('2026-11-24T03:00:05Z');
    const ticks = Promise.all([a.tick(), b.tick()]);
    // Wait until one of them is inside the job, then let the other try a manual run.
    while (runs === 0) await new Promise((r) => setTimeout(r, 10));
    const running = (await a.list())[0].running ? a : b;
    const other = running === a ? b : a;
    expect((await other.list())[0].running).toBe(true);
    expect(await other.runNow('shared')).toBe('busy');
    release();
    await ticks;
    // The instance that lost the lock looks at the slot again later: it is taken, so no second run.
    clock.advance(60_000);
    await Promise.all([a.tick(), b.tick()]);
    expect(runs).toBe(1);
    const rows = await listJobRuns(first.db, 'shared');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ slot: '2026-11-24T03:00:00.000Z', ok: true });

    // A manual run afterwards is accepted once.
    expect(await a.runNow('shared')).toBe('started');
    expect(await a.runNow('shared')).toBe('busy');
    await a.idle();
    expect(runs).toBe(2);
  });
});
