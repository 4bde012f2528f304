/**
 * Daily bars of tickers: bulk upserts and the reads of the analysis, the API and portfolios.
 * Part of the market repository (server/repositories/marketRepository.ts re-exports it).
 */
import { sql } from 'drizzle-orm';

import type { Bar } from '@/lib/types/market';
import type { Db } from '@/server/db';
import { closeSeries, dailyBars } from '@/server/db/schema';

import { queryRows, intArray } from './sql';

/** Rows per bulk statement for bars (7 columns): well inside any parameter or memory limit. */
const BAR_CHUNK = 5000;

/**
 * Insert or correct one ticker's bars (any number, any order of dates). Returns how many rows were
 * written: new dates plus dates whose values changed; rewriting identical bars writes nothing.
 */
export async function upsertDailyBars(db: Db, tickerId: number, bars: readonly Bar[]): Promise<number> {
  let written = 0;
  for (let start = 0; start < bars.length; start += BAR_CHUNK) {
    const chunk = bars.slice(start, start + BAR_CHUNK);
    const rows = await queryRows<{ n: number }>(
      db,
      sql`
      with written as (
        insert into ${dailyBars} (ticker_id, date, open, high, low, close, volume)
        select ${tickerId}::int, b.* from unnest(
          ${sql.param(chunk.map((b) => b.date))}::date[],
          ${sql.param(chunk.map((b) => b.open))}::float8[],
          ${sql.param(chunk.map((b) => b.high))}::float8[],
          ${sql.param(chunk.map((b) => b.low))}::float8[],
          ${sql.param(chunk.map((b) => b.close))}::float8[],
          ${sql.param(chunk.map((b) => b.volume))}::float8[]
        ) as b(date, open, high, low, close, volume)
        on conflict (ticker_id, date) do update set
          open = excluded.open, high = excluded.high, low = excluded.low,
          close = excluded.close, volume = excluded.volume
        where (daily_bars.open, daily_bars.high, daily_bars.low, daily_bars.close, daily_bars.volume)
          is distinct from (excluded.open, excluded.high, excluded.low, excluded.close, excluded.volume)
        returning 1
      )
      select count(*)::int as n from written`,
    );
    written += Number(rows[0]?.n ?? 0);
  }
  return written;
}

interface BarColumns {
  d: string[] | null;
  o: number[] | null;
  h: number[] | null;
  l: number[] | null;
  c: number[] | null;
  v: number[] | null;
}

function barsFromColumns(cols: BarColumns): Bar[] {
  const dates = cols.d ?? [];
  const out: Bar[] = new Array<Bar>(dates.length);
  for (let i = 0; i < dates.length; i++) {
    out[i] = {
      date: dates[i],
      open: Number(cols.o![i]),
      high: Number(cols.h![i]),
      low: Number(cols.l![i]),
      close: Number(cols.c![i]),
      volume: Number(cols.v![i]),
    };
  }
  return out;
}

const AGGREGATED_BAR_COLUMNS = sql`
  array_agg(date::text order by date) as d, array_agg(open order by date) as o,
  array_agg(high order by date) as h, array_agg(low order by date) as l,
  array_agg(close order by date) as c, array_agg(volume order by date) as v`;

/**
 * One ticker's bars, ascending, optionally limited to [from, to]. Read as six arrays in one row,
 * which both drivers decode several times faster than thousands of rows.
 */
export async function loadBars(
  db: Db,
  tickerId: number,
  range: { from?: string; to?: string } = {},
): Promise<Bar[]> {
  const from = range.from === undefined ? sql`` : sql`and date >= ${range.from}::date`;
  const to = range.to === undefined ? sql`` : sql`and date <= ${range.to}::date`;
  const rows = await queryRows<BarColumns>(
    db,
    sql`select ${AGGREGATED_BAR_COLUMNS} from ${dailyBars} where ticker_id = ${tickerId} ${from} ${to}`,
  );
  return rows[0] ? barsFromColumns(rows[0]) : [];
}

/** Replace every bar of a ticker by `bars` (a re-adjusted history); returns the rows written. */
export async function replaceDailyBars(db: Db, tickerId: number, bars: readonly Bar[]): Promise<number> {
  await db.execute(sql`delete from ${dailyBars} where ticker_id = ${tickerId}`);
  return upsertDailyBars(db, tickerId, bars);
}

/** The last `count` bars of a ticker, ascending (a backward walk of the primary key). */
export async function loadLastBars(db: Db, tickerId: number, count: number): Promise<Bar[]> {
  const rows = await queryRows<BarColumns>(
    db,
    sql`select ${AGGREGATED_BAR_COLUMNS} from (
      select date, open, high, low, close, volume from ${dailyBars}
      where ticker_id = ${tickerId} order by date desc limit ${count}
    ) last_bars`,
  );
  return rows[0] ? barsFromColumns(rows[0]) : [];
}

/** Every bar of several tickers, ascending per ticker (the analysis reads whole series). */
export async function loadBarsForTickers(db: Db, tickerIds: readonly number[]): Promise<Map<number, Bar[]>> {
  const out = new Map<number, Bar[]>();
  if (tickerIds.length === 0) return out;
  const rows = await queryRows<BarColumns & { ticker_id: number }>(
    db,
    sql`select ticker_id, ${AGGREGATED_BAR_COLUMNS} from ${dailyBars}
        where ticker_id = any(${intArray(tickerIds)}) group by ticker_id`,
  );
  for (const row of rows) out.set(Number(row.ticker_id), barsFromColumns(row));
  return out;
}

/** The date of each ticker's newest bar (tickers without bars are absent). */
export async function getLastBarDates(db: Db, tickerIds: readonly number[]): Promise<Map<number, string>> {
  if (tickerIds.length === 0) return new Map();
  const rows = await queryRows<{ ticker_id: number; date: string }>(
    db,
    sql`select t.id as ticker_id, b.date::text as date
        from unnest(${intArray(tickerIds)}) as t(id)
        cross join lateral (
          select date from ${dailyBars} where ticker_id = t.id order by date desc limit 1
        ) b`,
  );
  return new Map(rows.map((r) => [Number(r.ticker_id), r.date]));
}

/**
 * A ticker's closes in columns, ascending: `closes[i]` is the close of session `dates[i]`. Columns,
 * not one `{date, close}` object per session: a cold portfolio reads some 130,000 closes, and those
 * objects (kept in the closes memo) were a good part of its garbage-collection pauses (issue 26).
 */
export interface CloseSeries {
  /**
   * ISO dates; one string per distinct day, shared by every series read in this process, and one
   * array for the series of one read that have the same days (read-only).
   */
  readonly dates: readonly string[];
  readonly closes: Float64Array;
}

const NO_CLOSES: CloseSeries = Object.freeze({ dates: Object.freeze([]), closes: new Float64Array(0) });

/** A ticker's last close, and the close of the session before it (for the day's change). */
export interface LastClose {
  date: string;
  close: number;
  /** The close of the session before, null when there is none. */
  previousClose: number | null;
}

/**
 * The last close of each ticker, with the one before it, on or before `onOrBefore` when given
 * (position values, the day's change). Tickers without a bar in range are absent. A lateral join
 * walks each ticker's (ticker_id, date) primary key backwards: two rows per ticker.
 */
export async function getLatestCloses(
  db: Db,
  tickerIds: readonly number[],
  onOrBefore?: string,
): Promise<Map<number, LastClose>> {
  const out = new Map<number, LastClose>();
  if (tickerIds.length === 0) return out;
  const until = onOrBefore === undefined ? sql`` : sql`and date <= ${onOrBefore}::date`;
  const rows = await queryRows<{ ticker_id: number; date: string; close: number | string }>(
    db,
    sql`select t.id as ticker_id, b.date::text as date, b.close
        from unnest(${intArray([...new Set(tickerIds)])}) as t(id)
        cross join lateral (
          select date, close from ${dailyBars} where ticker_id = t.id ${until} order by date desc limit 2
        ) b
        order by t.id, b.date desc`,
  );
  for (const row of rows) {
    const id = Number(row.ticker_id);
    const last = out.get(id);
    if (!last) out.set(id, { date: row.date, close: Number(row.close), previousClose: null });
    else if (last.previousClose === null) last.previousClose = Number(row.close);
  }
  return out;
}

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of an ISO date (what the close_series triggers store per session). */
function dayNumber(date: string): number {
  const m = ISO_DATE.exec(date);
  const days = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS : NaN;
  // Date.UTC rolls 2026-02-30 over into March: a date that does not round-trip is not a date.
  if (!Number.isInteger(days) || dayText(days) !== date) throw new Error(`Not an ISO date: ${date}`);
  return days;
}

/**
 * Day number -> `YYYY-MM-DD`, made once per distinct day: every ticker's series shares the same
 * few thousand date strings instead of one string per close.
 */
const dayTexts = new Map<number, string>();
function dayText(day: number): string {
  let text = dayTexts.get(day);
  if (text === undefined) {
    text = new Date(day * DAY_MS).toISOString().slice(0, 10);
    dayTexts.set(day, text);
  }
  return text;
}

/** The first index whose day is >= `day` (days.length when none): the series is ascending. */
function firstAtOrAfter(days: Int32Array, day: number): number {
  let lo = 0;
  let hi = days.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (days[mid] < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const HOST_LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * Big-endian base64 words -> their bytes in host order (Buffer's swap is native; typed-array reads
 * cost a fraction of a DataView's per element), at an offset a typed array of `width` can view:
 * Node aligns its pooled small buffers to 8 bytes, and anything else is copied.
 */
function hostOrder(base64: string, width: 4 | 8): { buffer: ArrayBuffer; offset: number; length: number } {
  let bytes: Uint8Array = Buffer.from(base64, 'base64');
  if (bytes.byteOffset % width !== 0) bytes = new Uint8Array(bytes);
  if (HOST_LITTLE_ENDIAN) {
    const own = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (width === 4) own.swap32();
    else own.swap64();
  }
  return { buffer: bytes.buffer as ArrayBuffer, offset: bytes.byteOffset, length: bytes.byteLength / width };
}

/**
 * Daily closes of several tickers in [from, to], ascending per ticker (for performance series and
 * the tax view), in columns (CloseSeries); a ticker without bars in range gets an empty series.
 *
 * Reads the ready-made monthly rows of close_series, which triggers on daily_bars keep equal to the
 * bars (migration 0014), joined per ticker (~120 rows for ten years, where the old aggregation read
 * ~2,600 bars: 95-163 ms for 51 tickers in the embedded database, issue 26), and cuts [from, to] in
 * JS by binary search. The series is binary (big-endian int4 days, float8 closes), sent as base64
 * text: PGlite decodes a bytea result one byte at a time in JavaScript, Buffer's base64 decoder is
 * native; the doubles come back bit for bit.
 */
export async function getCloseSeries(
  db: Db,
  tickerIds: readonly number[],
  range: { from?: string; to?: string } = {},
): Promise<Map<number, CloseSeries>> {
  const out = new Map<number, CloseSeries>(tickerIds.map((id) => [id, NO_CLOSES]));
  if (tickerIds.length === 0) return out;
  const fromDay = range.from === undefined ? -Infinity : dayNumber(range.from);
  const toDay = range.to === undefined ? Infinity : dayNumber(range.to);
  // Only the months the range touches; the sessions outside [from, to] are cut below.
  const fromMonth =
    range.from === undefined ? sql`` : sql`and month >= ${`${range.from.slice(0, 7)}-01`}::date`;
  const toMonth = range.to === undefined ? sql`` : sql`and month <= ${range.to}::date`;
  const rows = await queryRows<{ ticker_id: number; d: string; c: string }>(
    db,
    sql`select ticker_id, encode(string_agg(days, ''::bytea order by month), 'base64') as d,
               encode(string_agg(closes, ''::bytea order by month), 'base64') as c
        from ${closeSeries} where ticker_id = any(${intArray(tickerIds)}) ${fromMonth} ${toMonth}
        group by ticker_id`,
  );
  // Tickers of one market trade on the same days: one dates array for all of them.
  const calendars: { days: Int32Array; dates: string[] }[] = [];
  for (const row of rows) {
    const d = hostOrder(row.d, 4);
    const c = hostOrder(row.c, 8);
    const all = new Int32Array(d.buffer, d.offset, d.length);
    const closes = new Float64Array(c.buffer, c.offset, c.length);
    const first = fromDay === -Infinity ? 0 : firstAtOrAfter(all, fromDay);
    const end = Math.max(first, toDay === Infinity ? all.length : firstAtOrAfter(all, toDay + 1));
    const days = all.subarray(first, end);
    let dates = calendars.find((known) => sameDays(known.days, days))?.dates;
    if (!dates) {
      dates = new Array<string>(days.length);
      for (let i = 0; i < days.length; i++) dates[i] = dayText(days[i]);
      calendars.push({ days, dates });
    }
    // A view of the decoded buffer: the closes are not copied.
    out.set(Number(row.ticker_id), { dates, closes: closes.subarray(first, end) });
  }
  return out;
}

function sameDays(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
