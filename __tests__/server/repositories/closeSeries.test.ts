/** @jest-environment node */
// close_series (migrations 0013-0014): the triggers on daily_bars keep each ticker's stored close
// series equal to its bars whatever writes them, and getCloseSeries reads it with exactly what the
// old per-request aggregation of daily_bars gave: ascending ISO dates, the stored doubles bit for
// bit, the [from, to] cut, [] for a ticker without bars. Expectations are hand-written bars, or
// (in the property) a plain `select date, close from daily_bars order by date`.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { Client } from 'pg';

import { MARKET_OSLO } from '@/lib/constants';
import { foldForSearch } from '@/lib/search';
import type { Bar } from '@/lib/types/market';
import type { Db, DbHandle } from '@/server/db';
import { MIGRATIONS_FOLDER } from '@/server/db/client';
import { dailyBars } from '@/server/db/schema';
import {
  getCloseSeries as readCloseSeries,
  replaceDailyBars,
  upsertDailyBars,
  upsertMarkets,
  upsertTickers,
} from '@/server/repositories/marketRepository';

import { openTestDatabase, testDbKinds } from '../../helpers/db';
import { OSLO_MARKET } from '../../helpers/markets';

/** A bar whose other fields differ from its close, so a mix-up of columns shows. */
function bar(date: string, close: number, volume = 1000): Bar {
  return { date, open: close + 1, high: close + 2, low: close - 3, close, volume };
}

const closesOf = (bars: readonly Bar[]) => bars.map((b) => ({ date: b.date, close: b.close }));

/** getCloseSeries with each series' columns read back as points, to compare with hand-written closes. */
async function getCloseSeries(
  db: Db,
  tickerIds: readonly number[],
  range?: { from?: string; to?: string },
): Promise<Map<number, { date: string; close: number }[]>> {
  const read = await readCloseSeries(db, tickerIds, range);
  return new Map([...read].map(([id, s]) => [id, s.dates.map((date, i) => ({ date, close: s.closes[i] }))]));
}

describe.each(testDbKinds())('close_series on %s', (kind) => {
  let handle: DbHandle;
  let db: Db;
  const ids: Record<string, number> = {};

  async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  }

  /** The bars' closes straight from daily_bars: what the old aggregation read. */
  async function closesInBars(tickerId: number): Promise<{ date: string; close: number }[]> {
    const found = await rows<{ date: string; close: number | string }>(
      sql`select date::text as date, close from daily_bars where ticker_id = ${tickerId} order by date`,
    );
    return found.map((r) => ({ date: r.date, close: Number(r.close) }));
  }

  async function seriesRows(): Promise<number[]> {
    const found = await rows<{ ticker_id: number }>(
      sql`select distinct ticker_id from close_series order by ticker_id`,
    );
    return found.map((r) => Number(r.ticker_id));
  }

  // The first suite to open a database on a clean machine makes the migrated template (migrations
  // and a dump, much longer than the default timeout on a busy machine), as the other suites allow.
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    db = handle.db;
    await upsertMarkets(db, [{ ...OSLO_MARKET, img: '' }]);
  }, 120_000);

  afterAll(async () => {
    await handle?.close();
  });

  beforeEach(async () => {
    // Fresh tickers per test (a deleted ticker's id is never reused).
    await db.execute(sql`delete from tickers`);
    const made = await upsertTickers(
      db,
      ['AAA', 'BBB', 'CCC'].map((symbol) => ({
        countryId: MARKET_OSLO,
        symbol,
        name: `${symbol} ASA`,
        searchName: foldForSearch(`${symbol} ASA`),
        exchange: 'OL',
        currency: 'NOK',
        sector: null,
        isin: null,
        img: '',
        isIndex: false,
      })),
    );
    for (const row of made) ids[row.symbol] = row.id;
  });

  it('gives a new ticker its bars ascending, exact doubles included, and [] to one without bars', async () => {
    // Written out of date order; awkward doubles: 0.1 + 0.2, the smallest subnormal, the largest
    // double, 17 significant digits, a tiny one.
    const bars = [
      bar('2025-03-05', 0.30000000000000004),
      bar('2025-03-03', 5e-324),
      bar('2025-03-04', 1.7976931348623157e308),
      bar('2025-03-07', 1.0000000000000002e-7),
      bar('2025-03-06', 123456.78901234567),
    ];
    await upsertDailyBars(db, ids.AAA, bars);
    const series = await getCloseSeries(db, [ids.AAA, ids.BBB]);
    expect(series.get(ids.AAA)).toEqual([
      { date: '2025-03-03', close: 5e-324 },
      { date: '2025-03-04', close: 1.7976931348623157e308 },
      { date: '2025-03-05', close: 0.30000000000000004 },
      { date: '2025-03-06', close: 123456.78901234567 },
      { date: '2025-03-07', close: 1.0000000000000002e-7 },
    ]);
    expect(series.get(ids.BBB)).toEqual([]);
    expect(await getCloseSeries(db, [])).toEqual(new Map());
    expect(await seriesRows()).toEqual([ids.AAA]);
    // In columns: a date per session and the closes in a Float64Array of the same length, cut too.
    const columns = (await readCloseSeries(db, [ids.AAA], { from: '2025-03-04', to: '2025-03-06' })).get(
      ids.AAA,
    )!;
    expect(columns.closes).toBeInstanceOf(Float64Array);
    expect(columns.dates).toEqual(['2025-03-04', '2025-03-05', '2025-03-06']);
    expect([...columns.closes]).toEqual([1.7976931348623157e308, 0.30000000000000004, 123456.78901234567]);
  });

  it('follows the next sessions, a session filled in before the newest, and new months', async () => {
    await upsertDailyBars(db, ids.AAA, [bar('2025-01-06', 10), bar('2025-01-08', 12)]);
    // The daily refresh: sessions after the newest.
    await upsertDailyBars(db, ids.AAA, [bar('2025-01-10', 14), bar('2025-01-09', 13)]);
    // A gap filled in and a session before the first.
    await upsertDailyBars(db, ids.AAA, [bar('2025-01-07', 11), bar('2025-01-03', 9)]);
    expect((await getCloseSeries(db, [ids.AAA])).get(ids.AAA)).toEqual([
      { date: '2025-01-03', close: 9 },
      { date: '2025-01-06', close: 10 },
      { date: '2025-01-07', close: 11 },
      { date: '2025-01-08', close: 12 },
      { date: '2025-01-09', close: 13 },
      { date: '2025-01-10', close: 14 },
    ]);
    // One row per month with sessions.
    await upsertDailyBars(db, ids.AAA, [bar('2024-12-31', 8), bar('2025-03-03', 15)]);
    const months = await rows<{ month: string }>(
      sql`select month::text as month from close_series where ticker_id = ${ids.AAA} order by month`,
    );
    expect(months.map((m) => m.month)).toEqual(['2024-12-01', '2025-01-01', '2025-03-01']);
    const whole = (await getCloseSeries(db, [ids.AAA])).get(ids.AAA)!;
    expect(whole.map((p) => p.date)).toEqual([
      '2024-12-31',
      '2025-01-03',
      '2025-01-06',
      '2025-01-07',
      '2025-01-08',
      '2025-01-09',
      '2025-01-10',
      '2025-03-03',
    ]);
    expect(
      (await getCloseSeries(db, [ids.AAA], { from: '2025-01-09', to: '2025-03-02' })).get(ids.AAA),
    ).toEqual([
      { date: '2025-01-09', close: 13 },
      { date: '2025-01-10', close: 14 },
    ]);
  });

  it('follows a corrected old close (upsert or plain update), and ignores a corrected volume', async () => {
    await upsertDailyBars(db, ids.AAA, [bar('2025-01-06', 10), bar('2025-01-07', 11), bar('2025-01-08', 12)]);
    await upsertDailyBars(db, ids.AAA, [bar('2025-01-07', 11.5)]);
    await db.execute(
      sql`update daily_bars set close = 9.75 where ticker_id = ${ids.AAA} and date = '2025-01-06'`,
    );
    await db.execute(sql`update daily_bars set volume = 1 where ticker_id = ${ids.AAA}`);
    expect((await getCloseSeries(db, [ids.AAA])).get(ids.AAA)).toEqual([
      { date: '2025-01-06', close: 9.75 },
      { date: '2025-01-07', close: 11.5 },
      { date: '2025-01-08', close: 12 },
    ]);
    // A session moved to another date by an update.
    await db.execute(
      sql`update daily_bars set date = '2025-01-09' where ticker_id = ${ids.AAA} and date = '2025-01-06'`,
    );
    expect((await getCloseSeries(db, [ids.AAA])).get(ids.AAA)).toEqual([
      { date: '2025-01-07', close: 11.5 },
      { date: '2025-01-08', close: 12 },
      { date: '2025-01-09', close: 9.75 },
    ]);
  });

  it('cuts [from, to] on dates with and without a session', async () => {
    await upsertDailyBars(db, ids.AAA, [
      bar('2025-01-06', 10),
      bar('2025-01-07', 11),
      bar('2025-01-09', 13),
      bar('2025-01-10', 14),
    ]);
    const cut = async (range: { from?: string; to?: string }) =>
      (await getCloseSeries(db, [ids.AAA], range)).get(ids.AAA)!.map((p) => p.date);
    expect(await cut({ to: '2025-01-08' })).toEqual(['2025-01-06', '2025-01-07']);
    expect(await cut({ to: '2025-01-09' })).toEqual(['2025-01-06', '2025-01-07', '2025-01-09']);
    expect(await cut({ from: '2025-01-07', to: '2025-01-09' })).toEqual(['2025-01-07', '2025-01-09']);
    expect(await cut({ from: '2025-01-08' })).toEqual(['2025-01-09', '2025-01-10']);
    expect(await cut({ to: '2025-01-05' })).toEqual([]);
    expect(await cut({ from: '2025-01-11' })).toEqual([]);
    expect(await cut({ from: '2025-01-09', to: '2025-01-07' })).toEqual([]);
    expect(await cut({ from: '2024-12-31', to: '2025-12-31' })).toHaveLength(4);
    await expect(cut({ to: '2025-02-30' })).rejects.toThrow('Not an ISO date');
  });

  it('follows deleted bars, a replaced history and a deleted ticker', async () => {
    await upsertDailyBars(db, ids.AAA, [bar('2025-01-06', 10), bar('2025-01-07', 11), bar('2025-01-08', 12)]);
    await upsertDailyBars(db, ids.BBB, [bar('2025-01-06', 20)]);
    await upsertDailyBars(db, ids.CCC, [bar('2025-01-06', 30)]);
    await db.execute(sql`delete from daily_bars where ticker_id = ${ids.AAA} and date = '2025-01-07'`);
    expect((await getCloseSeries(db, [ids.AAA])).get(ids.AAA)).toEqual([
      { date: '2025-01-06', close: 10 },
      { date: '2025-01-08', close: 12 },
    ]);
    // A re-adjusted history: the old sessions go, the new ones come.
    await replaceDailyBars(db, ids.AAA, [bar('2025-01-02', 5), bar('2025-01-03', 6)]);
    expect((await getCloseSeries(db, [ids.AAA])).get(ids.AAA)).toEqual([
      { date: '2025-01-02', close: 5 },
      { date: '2025-01-03', close: 6 },
    ]);
    // Every bar of a ticker deleted: no row left.
    await db.execute(sql`delete from daily_bars where ticker_id = ${ids.BBB}`);
    // A deleted ticker (its bars go by the foreign key's cascade).
    await db.execute(sql`delete from tickers where id = ${ids.CCC}`);
    expect(await seriesRows()).toEqual([ids.AAA]);
    const series = await getCloseSeries(db, [ids.AAA, ids.BBB, ids.CCC]);
    expect(series.get(ids.BBB)).toEqual([]);
    expect(series.get(ids.CCC)).toEqual([]);
  });

  it('gives the series of one read that trade on the same days one dates array', async () => {
    await upsertDailyBars(db, ids.AAA, [bar('2025-01-06', 10), bar('2025-01-07', 11)]);
    await upsertDailyBars(db, ids.BBB, [bar('2025-01-06', 20), bar('2025-01-07', 21)]);
    await upsertDailyBars(db, ids.CCC, [bar('2025-01-06', 30), bar('2025-01-08', 31)]);
    const read = await readCloseSeries(db, [ids.AAA, ids.BBB, ids.CCC]);
    expect(read.get(ids.AAA)!.dates).toBe(read.get(ids.BBB)!.dates);
    expect(read.get(ids.CCC)!.dates).not.toBe(read.get(ids.AAA)!.dates);
    expect(read.get(ids.CCC)!.dates).toEqual(['2025-01-06', '2025-01-08']);
    expect([...read.get(ids.BBB)!.closes]).toEqual([20, 21]);
    // Cut to the same days by the range, a ticker with more sessions shares them too.
    const cut = await readCloseSeries(db, [ids.AAA, ids.CCC], { to: '2025-01-06' });
    expect(cut.get(ids.AAA)!.dates).toBe(cut.get(ids.CCC)!.dates);
    expect(cut.get(ids.AAA)!.dates).toEqual(['2025-01-06']);
  });

  it('follows one statement that writes several tickers, and a truncate', async () => {
    await db.insert(dailyBars).values([
      { tickerId: ids.AAA, ...bar('2025-01-07', 11) },
      { tickerId: ids.BBB, ...bar('2025-01-06', 20) },
      { tickerId: ids.AAA, ...bar('2025-01-06', 10) },
    ]);
    const series = await getCloseSeries(db, [ids.AAA, ids.BBB]);
    expect(series.get(ids.AAA)).toEqual([
      { date: '2025-01-06', close: 10 },
      { date: '2025-01-07', close: 11 },
    ]);
    expect(series.get(ids.BBB)).toEqual([{ date: '2025-01-06', close: 20 }]);
    await db.execute(sql`truncate daily_bars`);
    expect(await seriesRows()).toEqual([]);
  });

  it("fills the series of bars stored before the triggers (the migration's last statement)", async () => {
    const migration = fs.readFileSync(path.join(MIGRATIONS_FOLDER, '0014_close_series_triggers.sql'), 'utf8');
    const fill = migration.split('--> statement-breakpoint').at(-1)!;
    expect(fill).toContain('INSERT INTO close_series');
    await db.execute(sql`alter table daily_bars disable trigger close_series_insert`);
    try {
      await upsertDailyBars(db, ids.AAA, [bar('2025-01-07', 11), bar('2025-01-06', 10)]);
      await upsertDailyBars(db, ids.BBB, [bar('2025-01-06', 20)]);
    } finally {
      await db.execute(sql`alter table daily_bars enable trigger close_series_insert`);
    }
    expect(await seriesRows()).toEqual([]);
    await db.execute(sql.raw(fill));
    const series = await getCloseSeries(db, [ids.AAA, ids.BBB]);
    expect(series.get(ids.AAA)).toEqual(closesOf([bar('2025-01-06', 10), bar('2025-01-07', 11)]));
    expect(series.get(ids.BBB)).toEqual([{ date: '2025-01-06', close: 20 }]);
  });

  it('equals the bars after any sequence of writes (property)', async () => {
    // Any of 70 days over four months (2025-01-25 to 2025-04-04), two tickers; closes with awkward
    // decimals. Every write path of the triggers: first history, new sessions and months, fill-ins,
    // corrections, volume-only changes, deletes, replaced histories; ranges across months.
    const day = fc
      .integer({ min: 0, max: 69 })
      .map((d) => new Date(Date.UTC(2025, 0, 25) + d * 86_400_000).toISOString().slice(0, 10));
    const close = fc.oneof(
      fc.integer({ min: 1, max: 10 ** 6 }).map((n) => n / 1000),
      fc.double({ min: 1e-6, max: 1e6, noNaN: true }),
    );
    const tickerKey = fc.constantFrom('AAA', 'BBB');
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('upsert' as const),
        t: tickerKey,
        bars: fc.array(fc.tuple(day, close), { maxLength: 12 }),
      }),
      fc.record({ kind: fc.constant('volume' as const), t: tickerKey, d: day }),
      fc.record({ kind: fc.constant('delete' as const), t: tickerKey, d: day }),
      fc.record({
        kind: fc.constant('replace' as const),
        t: tickerKey,
        bars: fc.array(fc.tuple(day, close), { maxLength: 3 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), day, day, async (ops, a, b) => {
        await db.execute(sql`delete from daily_bars`);
        for (const o of ops) {
          const id = ids[o.t];
          // One bar per date in a statement (an upsert may not touch a row twice).
          const unique = (list: [string, number][]) =>
            [...new Map(list).entries()].map(([d, c]) => bar(d, c));
          if (o.kind === 'upsert') await upsertDailyBars(db, id, unique(o.bars));
          else if (o.kind === 'replace') await replaceDailyBars(db, id, unique(o.bars));
          else if (o.kind === 'volume')
            await db.execute(
              sql`update daily_bars set volume = volume + 1 where ticker_id = ${id} and date = ${o.d}::date`,
            );
          else await db.execute(sql`delete from daily_bars where ticker_id = ${id} and date = ${o.d}::date`);
        }
        const [from, to] = a <= b ? [a, b] : [b, a];
        const whole = await getCloseSeries(db, [ids.AAA, ids.BBB]);
        const cut = await getCloseSeries(db, [ids.AAA, ids.BBB], { from, to });
        for (const t of ['AAA', 'BBB']) {
          const expected = await closesInBars(ids[t]);
          expect(whole.get(ids[t])).toEqual(expected);
          expect(cut.get(ids[t])).toEqual(expected.filter((p) => p.date >= from && p.date <= to));
        }
        expect((await seriesRows()).length).toBe(
          new Set(
            (await rows<{ t: number }>(sql`select distinct ticker_id as t from daily_bars`)).map((r) => r.t),
          ).size,
        );
      }),
      { numRuns: 25 },
    );
  });

  if (kind === 'postgres') {
    it('keeps both of two concurrent writers of one ticker (the second waits for the first)', async () => {
      const first = new Client({ connectionString: handle.url });
      const second = new Client({ connectionString: handle.url });
      await first.connect();
      await second.connect();
      try {
        await first.query('begin');
        await first.query(
          `insert into daily_bars (ticker_id, date, open, high, low, close, volume) values ($1, '2025-01-06', 1, 1, 1, 10, 1)`,
          [ids.AAA],
        );
        // Blocks in its trigger until `first` commits (the ticker's advisory lock).
        const secondWrite = second.query(
          `insert into daily_bars (ticker_id, date, open, high, low, close, volume) values ($1, '2025-01-07', 1, 1, 1, 11, 1)`,
          [ids.AAA],
        );
        await new Promise((resolve) => setTimeout(resolve, 200));
        await first.query('commit');
        await secondWrite;
      } finally {
        await first.end();
        await second.end();
      }
      expect((await getCloseSeries(db, [ids.AAA])).get(ids.AAA)).toEqual([
        { date: '2025-01-06', close: 10 },
        { date: '2025-01-07', close: 11 },
      ]);
    });
  }
});
