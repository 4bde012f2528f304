import type { Bar } from '@/lib/types/market';

import { isIsoDate } from '../dates';
import { MarketDataError } from '../errors';
import type { DividendEvent, FxRate } from '../provider';

/** One row of EODHD's /eod JSON (fields as documented; anything may be null on bad days). */
export interface EodhdEodRow {
  date: string;
  open: number | null;
  high: number | null;
  low: number | null;
  close: number | null;
  adjusted_close?: number | null;
  volume?: number | null;
}

/** One row of EODHD's /exchange-symbol-list JSON. */
export interface EodhdSymbolRow {
  Code: string;
  Name: string;
  Country?: string;
  Exchange?: string;
  Currency?: string;
  Type?: string;
  Isin?: string | null;
}

/** What kind of series a /eod answer is; decides how volume is treated. */
export type EodSeriesKind = 'stock' | 'index' | 'fx';

const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;
const positive = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x) && x > 0;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asArray(json: unknown, what: string): unknown[] {
  if (!Array.isArray(json)) {
    throw new MarketDataError(
      'BAD_RESPONSE',
      `EODHD answered ${what} with ${isRecord(json) ? 'an object' : typeof json} instead of a list`,
    );
  }
  return json;
}

/**
 * Map EODHD /eod rows to bars, ascending, one per date (the last row of a date wins).
 *
 * - Adjustment: prices are scaled by f = adjusted_close / close, so open/high/low/close are split-
 *   and dividend-adjusted consistently (EODHD adjusts only the close: "OHLC is only provided in raw,
 *   adjusted neither to splits nor dividends, while adjusted closes are adjusted to both", EODHD
 *   support, https://forum.eodhd.com/t/adjusted-close-versus-close/507).
 * - Volume is taken as EODHD sends it and adjusted exactly once — by EODHD: its /eod volume is
 *   already split-adjusted ("volume: Volume adjusted for splits", EODHD's OpenAPI description as
 *   published at https://raw.githubusercontent.com/api-evangelist/eodhd/refs/heads/main/json-schema/eodhd-eodbar-schema.json).
 *   Dividing it by f again (as this mapping once did) multiplied NVDA's pre-split volume by 10 a
 *   second time. Dividends change f slightly but not the share count, so they leave volume alone.
 * - Stocks: rows with zero or missing volume are dropped: EODHD repeats the last price on days
 *   without trades, and those are not sessions (DESIGN.md §6 drops them anyway).
 * - Indexes and FX: volume is often 0 or missing at EODHD although the level is real, so those rows
 *   are kept with volume 0 (missing/negative treated as 0).
 * - Rows with a malformed date or a missing/non-positive price are skipped; high/low are widened to
 *   contain open and close.
 */
export function mapEodRows(json: unknown, kind: EodSeriesKind, what: string): Bar[] {
  const byDate = new Map<string, Bar>();
  for (const raw of asArray(json, what)) {
    if (!isRecord(raw)) continue;
    const { date, open, high, low, close } = raw;
    if (typeof date !== 'string' || !isIsoDate(date)) continue;
    if (!positive(open) || !positive(high) || !positive(low) || !positive(close)) continue;
    const adjusted = positive(raw.adjusted_close) ? raw.adjusted_close : close;
    const f = kind === 'stock' ? adjusted / close : 1;
    const rawVolume = typeof raw.volume === 'number' && Number.isFinite(raw.volume) ? raw.volume : 0;
    const volume = Math.max(0, Math.round(rawVolume));
    if (kind === 'stock' && volume <= 0) continue;
    const o = round6(open * f);
    const c = round6(close * f);
    byDate.set(date, {
      date,
      open: o,
      high: Math.max(round6(high * f), o, c),
      low: Math.min(round6(low * f), o, c),
      close: c,
      volume,
    });
  }
  return [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/**
 * Map an `eod-bulk-last-day/{EX}` answer (rows with `code`, `exchange_short_name`, `date` and the
 * /eod fields) to one adjusted bar per symbol (same rules as mapEodRows). Rows of other dates than
 * `date` are ignored: when the exchange has not published the day yet, EODHD answers the last day
 * it has, and that must not be stored under the asked date.
 */
export function mapBulkRows(json: unknown, date: string, what: string): Map<string, Bar> {
  const bySymbol = new Map<string, Bar>();
  for (const raw of asArray(json, what)) {
    if (!isRecord(raw) || typeof raw.code !== 'string' || raw.code === '' || raw.date !== date) continue;
    const [bar] = mapEodRows([raw], 'stock', what);
    if (bar) bySymbol.set(raw.code, bar);
  }
  return bySymbol;
}

/** Map EODHD /eod rows of a FOREX pair to daily closes (rate = close). */
export function mapFxRows(json: unknown, what: string): FxRate[] {
  return mapEodRows(json, 'fx', what).map((b) => ({ date: b.date, rate: b.close }));
}

/** Keep the well-formed rows of an /exchange-symbol-list answer. */
export function parseSymbolRows(json: unknown, what: string): EodhdSymbolRow[] {
  const rows: EodhdSymbolRow[] = [];
  for (const raw of asArray(json, what)) {
    if (!isRecord(raw) || typeof raw.Code !== 'string' || raw.Code === '' || typeof raw.Name !== 'string')
      continue;
    rows.push({
      Code: raw.Code,
      Name: raw.Name,
      Country: typeof raw.Country === 'string' ? raw.Country : undefined,
      Exchange: typeof raw.Exchange === 'string' ? raw.Exchange : undefined,
      Currency: typeof raw.Currency === 'string' ? raw.Currency : undefined,
      Type: typeof raw.Type === 'string' ? raw.Type : undefined,
      Isin: typeof raw.Isin === 'string' && raw.Isin !== '' ? raw.Isin : null,
    });
  }
  return rows;
}

/** One index constituent of EODHD's fundamentals `Components` object. */
export interface EodhdComponent {
  Code: string;
  Exchange?: string;
  Name?: string;
}

/**
 * The constituents of an index from a `fundamentals/{INDEX}.INDX?filter=Components` answer: an
 * object keyed "0", "1", … (or, unfiltered, the whole fundamentals document with a `Components`
 * field). An answer without any well-formed constituent is refused (BAD_RESPONSE): an empty index
 * must never replace the stored members.
 */
export function parseIndexComponents(json: unknown, what: string): EodhdComponent[] {
  const container = isRecord(json) && isRecord(json.Components) ? json.Components : json;
  const values = Array.isArray(container) ? container : isRecord(container) ? Object.values(container) : [];
  const rows: EodhdComponent[] = [];
  for (const raw of values) {
    if (!isRecord(raw) || typeof raw.Code !== 'string' || !/^[A-Z0-9][A-Z0-9.-]*$/.test(raw.Code)) continue;
    rows.push({
      Code: raw.Code,
      Exchange: typeof raw.Exchange === 'string' ? raw.Exchange : undefined,
      Name: typeof raw.Name === 'string' ? raw.Name : undefined,
    });
  }
  if (rows.length === 0) {
    throw new MarketDataError('BAD_RESPONSE', `EODHD answered ${what} without any constituent`);
  }
  return rows;
}

/**
 * EODHD's `splits/{CODE}.{EX}?from=` answer: `[{ "date": "2024-06-10", "split": "10.000000/1.000000" }]`
 * (https://eodhd.com/financial-apis/api-splits-dividends). Ratio = new shares / old shares (10 for
 * NVDA's 10-for-1, 0.5 for a 1-for-2 reverse split); malformed rows are skipped.
 */
export function parseSplitRows(json: unknown, what: string): { date: string; ratio: number }[] {
  const out: { date: string; ratio: number }[] = [];
  for (const raw of asArray(json, what)) {
    if (
      !isRecord(raw) ||
      typeof raw.date !== 'string' ||
      !isIsoDate(raw.date) ||
      typeof raw.split !== 'string'
    )
      continue;
    const m = /^\s*([0-9]+(?:\.[0-9]+)?)\s*\/\s*([0-9]+(?:\.[0-9]+)?)\s*$/.exec(raw.split);
    if (!m) continue;
    const ratio = Number(m[1]) / Number(m[2]);
    if (Number.isFinite(ratio) && ratio > 0) out.push({ date: raw.date, ratio });
  }
  return out;
}

/** A date field of a dividend row: an ISO date, else null (EODHD sends null or omits unknown ones). */
function optionalDate(value: unknown): string | null {
  return typeof value === 'string' && isIsoDate(value) ? value : null;
}

/** A dividend amount: EODHD sends numbers in `div/` and decimal strings in the bulk answer. */
function dividendAmount(value: unknown): number | null {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : null;
}

/** A 3-letter currency code, else `fallback`. */
function currencyCode(value: unknown, fallback: string): string {
  return typeof value === 'string' && /^[A-Z]{3}$/.test(value) ? value : fallback;
}

/**
 * EODHD's `div/{CODE}.{EX}?from=` answer (https://eodhd.com/financial-apis/api-splits-dividends):
 * `[{ date, declarationDate, recordDate, paymentDate, period, value, unadjustedValue, currency }]`,
 * `date` being the ex-date. `value` is adjusted for later splits, `unadjustedValue` is what was paid
 * per share then; the amount kept is `unadjustedValue` (a holder's dividend is per share held at
 * the ex-date, and the ledger records the shares held then), `value` when it is missing.
 * `paymentDate` is known for major US shares only: null otherwise. The currency is the one EODHD
 * states (the company's payment currency, which may differ from the trading currency), else
 * `fallback`. Rows without an ISO ex-date or a positive amount are skipped; one row per ex-date
 * (the last wins), ascending.
 */
export function mapDividendRows(json: unknown, fallback: string, what: string): DividendEvent[] {
  const byDate = new Map<string, DividendEvent>();
  for (const raw of asArray(json, what)) {
    if (!isRecord(raw) || typeof raw.date !== 'string' || !isIsoDate(raw.date)) continue;
    const amount = dividendAmount(raw.unadjustedValue) ?? dividendAmount(raw.value);
    if (amount === null) continue;
    byDate.set(raw.date, {
      exDate: raw.date,
      payDate: optionalDate(raw.paymentDate),
      amount,
      currency: currencyCode(raw.currency, fallback),
    });
  }
  return [...byDate.values()].sort((a, b) => (a.exDate < b.exDate ? -1 : a.exDate > b.exDate ? 1 : 0));
}

/**
 * EODHD's bulk dividends of one day (`eod-bulk-last-day/{EX}?type=dividends&date=`,
 * https://eodhd.com/financial-apis/bulk-api-eod-splits-dividends): rows `{ code, exchange, date,
 * dividend, currency, declarationDate, recordDate, paymentDate, period, unadjustedValue }`, the
 * amounts as decimal strings. By symbol (no suffix); rows of another ex-date than `date` are left
 * out (the answer of a day not published yet is an earlier day's).
 */
export function mapBulkDividendRows(
  json: unknown,
  date: string,
  fallback: string,
  what: string,
): Map<string, DividendEvent[]> {
  const bySymbol = new Map<string, DividendEvent[]>();
  for (const raw of asArray(json, what)) {
    if (!isRecord(raw) || typeof raw.code !== 'string' || raw.code === '' || raw.date !== date) continue;
    const [event] = mapDividendRows([{ ...raw, value: raw.value ?? raw.dividend }], fallback, what);
    if (!event) continue;
    const list = bySymbol.get(raw.code);
    if (list) list.push(event);
    else bySymbol.set(raw.code, [event]);
  }
  return bySymbol;
}
