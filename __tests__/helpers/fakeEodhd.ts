// A local stand-in for EODHD on 127.0.0.1, answering the documented endpoints in the documented
// shapes (written from EODHD's documentation, not from this app's fixtures):
// - GET /api/eod/{CODE}.{EX}?from&to&period=d&fmt=json -> [{ date, open, high, low, close,
//   adjusted_close, volume }]: OHLC raw, adjusted_close adjusted for splits and dividends, volume
//   adjusted for splits (https://forum.eodhd.com/t/adjusted-close-versus-close/507; EODHD's OpenAPI
//   EodBar: "Volume adjusted for splits").
// - GET /api/eod-bulk-last-day/{EX}?date=&fmt=json -> [{ code, exchange_short_name, date, open,
//   high, low, close, adjusted_close, volume }] for the asked day, or the last day it has when the
//   asked one is not published yet (https://eodhd.com/financial-apis/bulk-api-eod-splits-dividends).
// - GET /api/exchange-symbol-list/{EX}?fmt=json -> [{ Code, Name, Country, Exchange, Currency, Type, Isin }]:
//   the active tickers; with delisted=1 the delisted ones instead
//   (https://eodhd.com/financial-apis/exchanges-api-list-of-tickers-and-trading-hours: "By default,
//   this API provides only tickers that were active at least a month ago, to get the list of inactive
//   (delisted) tickers please use the parameter delisted=1").
// - GET /api/splits/{CODE}.{EX}?from= -> [{ date, split: "10.000000/1.000000" }]
//   (https://eodhd.com/financial-apis/api-splits-dividends). A split may be recorded before the
//   adjusted history is rewritten (recordSplit(..., { applied: false }), then applySplits()).
// - GET /api/fundamentals/{INDEX}.INDX?filter=Components -> { "0": { Code, Exchange, Name, Sector,
//   Industry }, … } (https://eodhd.com/financial-apis/stock-etfs-fundamental-data-feeds, "Current
//   and Historical Index Constituents API").
// - GET /api/div/{CODE}.{EX}?from= -> [{ date, declarationDate, recordDate, paymentDate, period,
//   value, unadjustedValue, currency }] (https://eodhd.com/financial-apis/api-splits-dividends);
//   GET /api/eod-bulk-last-day/{EX}?type=dividends&date= -> [{ code, exchange, date, dividend,
//   currency, declarationDate, recordDate, paymentDate, period, unadjustedValue }] with the amounts as
//   decimal strings, the dividends going ex on the asked day
//   (https://eodhd.com/financial-apis/bulk-api-eod-splits-dividends). Issue 41.
// - Failures: 401 for a wrong api_token, 402 when the test says the plan's daily limit is used up
//   (https://eodhd.com/financial-apis/api-limits).
// The adjusted values are computed the documented way: every split with a later ex-date divides
// the earlier prices by its ratio (and multiplies the earlier volume by it); every dividend with a
// later ex-date multiplies the earlier prices by (1 - dividend / previous close).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RawDay {
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  /** Shares traded that day as reported that day (not split-adjusted). */
  volume: number;
}

export interface FakeSymbol {
  code: string;
  exchange: 'OL' | 'US' | 'INDX' | 'FOREX';
  name: string;
  isin?: string;
  days: RawDay[];
}

export interface FakeRequest {
  path: string;
  /** The query without api_token. */
  query: Record<string, string>;
  /** The full URL as received (with the token). */
  url: string;
}

export class FakeEodhd {
  readonly token = 'fake-token-5f1e9c';
  readonly requests: FakeRequest[] = [];
  /** Per exchange, the newest date whose data is published (later days are not served). */
  readonly publishedThrough = new Map<string, string>();
  /** Answer every request with 402 (the plan's daily limit is used up). */
  planLimitReached = false;
  private readonly symbols = new Map<string, FakeSymbol>();
  private readonly splits: { code: string; date: string; ratio: number; applied: boolean }[] = [];
  private readonly dividends: {
    code: string;
    date: string;
    value: number;
    paymentDate: string | null;
  }[] = [];
  /** `${code}|${date}` -> the preliminary volume served until the day is finalised. */
  private readonly preliminary = new Map<string, number>();
  /** `${code}.${exchange}` of delisted symbols (served only with delisted=1). */
  private readonly delistedSymbols = new Set<string>();
  /** Index code (e.g. "OSEBX") -> its constituents as EODHD's fundamentals list them. */
  readonly indexComponents = new Map<string, { Code: string; Exchange: string; Name: string }[]>();
  private server: http.Server | null = null;
  baseUrl = '';

  add(symbol: FakeSymbol): void {
    this.symbols.set(`${symbol.code}.${symbol.exchange}`, symbol);
  }

  /** The exchange stops listing `code` (it moves to the delisted list). */
  delist(code: string, exchange: FakeSymbol['exchange']): void {
    this.delistedSymbols.add(`${code}.${exchange}`);
  }

  /** The exchange lists `code` again. */
  relist(code: string, exchange: FakeSymbol['exchange']): void {
    this.delistedSymbols.delete(`${code}.${exchange}`);
  }

  /** The exchange renames `code` to `to` (same ISIN, same history under the new code). */
  rename(code: string, exchange: FakeSymbol['exchange'], to: string): void {
    const symbol = this.symbols.get(`${code}.${exchange}`);
    if (!symbol) throw new Error(`fake: no ${code}.${exchange}`);
    this.symbols.delete(`${code}.${exchange}`);
    this.add({ ...symbol, code: to });
  }

  /** Record a split `ratio`-for-1 of `code` with ex-date `date` (EODHD rewrites the history). */
  recordSplit(code: string, date: string, ratio: number, opts: { applied?: boolean } = {}): void {
    this.splits.push({ code, date, ratio, applied: opts.applied ?? true });
  }

  /** EODHD rewrites the adjusted history for the recorded splits of `code` (after a delay). */
  applySplits(code: string): void {
    for (const s of this.splits) if (s.code === code) s.applied = true;
  }

  /** A dividend of `value` per share going ex on `date` (adjusts the earlier history, served by div/). */
  recordDividend(code: string, date: string, value: number, paymentDate: string | null = null): void {
    this.dividends.push({ code, date, value, paymentDate });
  }

  /** Serve `volume` for the day until finalise() (US volume is Nasdaq-only at first). */
  setPreliminaryVolume(code: string, date: string, volume: number): void {
    this.preliminary.set(`${code}|${date}`, volume);
  }

  finalise(code: string, date: string): void {
    this.preliminary.delete(`${code}|${date}`);
  }

  countRequests(prefix: string, query: Record<string, string> = {}): number {
    return this.requests.filter(
      (r) => r.path.startsWith(prefix) && Object.entries(query).every(([k, v]) => r.query[k] === v),
    ).length;
  }

  /** Bulk requests for prices (without `type`) whose path starts with eod-bulk-last-day/{exchange}. */
  countBulkPrices(exchange = '', query: Record<string, string> = {}): number {
    return this.requests.filter(
      (r) =>
        r.path.startsWith(`eod-bulk-last-day/${exchange}`) &&
        r.query.type === undefined &&
        Object.entries(query).every(([k, v]) => r.query[k] === v),
    ).length;
  }

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.baseUrl = `http://127.0.0.1:${port}/api`;
  }

  async stop(): Promise<void> {
    if (this.server) await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  /** The env that points the app at this server. */
  env(extra: Record<string, string> = {}): Record<string, string> {
    return { EODHD_API_TOKEN: this.token, EODHD_BASE_URL: this.baseUrl, ...extra };
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const query = Object.fromEntries([...url.searchParams].filter(([k]) => k !== 'api_token'));
    const path = url.pathname.replace(/^\/api\//, '');
    this.requests.push({ path, query, url: req.url ?? '' });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.searchParams.get('api_token') !== this.token) return json(401, { message: 'Unauthenticated' });
    if (this.planLimitReached) {
      return json(402, { message: 'You exceeded your daily API requests limit. Please upgrade your plan.' });
    }
    let m: RegExpExecArray | null;
    if ((m = /^eod\/([^/]+)$/.exec(path))) {
      const symbol = this.symbols.get(decodeURIComponent(m[1]));
      if (!symbol) return json(404, { message: 'Ticker Not Found.' });
      const from = query.from ?? '0000-00-00';
      const to = query.to ?? '9999-99-99';
      return json(
        200,
        this.rows(symbol).filter((r) => r.date >= from && r.date <= to),
      );
    }
    if ((m = /^div\/([A-Z0-9.-]+)\.([A-Z]+)$/.exec(path))) {
      const [, code, exchange] = m;
      if (!this.symbols.has(`${code}.${exchange}`)) return json(404, { message: 'Ticker Not Found.' });
      const from = query.from ?? '0000-00-00';
      return json(
        200,
        this.dividends
          .filter((d) => d.code === code && d.date >= from)
          .sort((a, b) => (a.date < b.date ? -1 : 1))
          .map((d) => ({
            date: d.date,
            declarationDate: null,
            recordDate: null,
            paymentDate: d.paymentDate,
            period: null,
            value: d.value,
            unadjustedValue: d.value,
            currency: exchange === 'OL' ? 'NOK' : 'USD',
          })),
      );
    }
    if ((m = /^eod-bulk-last-day\/([A-Z]+)$/.exec(path)) && query.type === 'dividends') {
      const exchange = m[1];
      const codes = new Set(
        [...this.symbols.values()].filter((s) => s.exchange === exchange).map((s) => s.code),
      );
      return json(
        200,
        this.dividends
          .filter((d) => codes.has(d.code) && d.date === query.date)
          .map((d) => ({
            code: d.code,
            exchange,
            date: d.date,
            dividend: d.value.toFixed(5),
            currency: exchange === 'OL' ? 'NOK' : 'USD',
            declarationDate: null,
            recordDate: null,
            paymentDate: d.paymentDate,
            period: null,
            unadjustedValue: d.value.toFixed(5),
          })),
      );
    }
    if ((m = /^eod-bulk-last-day\/([A-Z]+)$/.exec(path))) {
      const exchange = m[1];
      const published = this.publishedThrough.get(exchange) ?? '9999-99-99';
      const asked = query.date && query.date <= published ? query.date : published;
      // The asked day, or the last day the exchange has (when the asked one is not out yet).
      const all = [...this.symbols.values()].filter((s) => s.exchange === exchange);
      const day = all
        .flatMap((s) => this.rows(s).map((r) => r.date))
        .filter((d) => d <= asked)
        .sort()
        .pop();
      const rows = all.flatMap((s) =>
        this.rows(s)
          .filter((r) => r.date === day)
          .map((r) => ({ code: s.code, exchange_short_name: exchange, ...r })),
      );
      return json(200, rows);
    }
    if ((m = /^exchange-symbol-list\/([A-Z]+)$/.exec(path))) {
      const exchange = m[1];
      return json(
        200,
        [...this.symbols.values()]
          .filter(
            (s) =>
              s.exchange === exchange &&
              this.delistedSymbols.has(`${s.code}.${s.exchange}`) === (query.delisted === '1'),
          )
          .map((s) => ({
            Code: s.code,
            Name: s.name,
            Country: exchange === 'OL' ? 'Norway' : 'USA',
            Exchange: exchange === 'OL' ? 'OL' : 'NASDAQ',
            Currency: exchange === 'OL' ? 'NOK' : 'USD',
            Type: 'Common Stock',
            Isin: s.isin ?? null,
          })),
      );
    }
    if ((m = /^splits\/([A-Z0-9.-]+)\.([A-Z]+)$/.exec(path))) {
      const [, code, exchange] = m;
      if (!this.symbols.has(`${code}.${exchange}`)) return json(404, { message: 'Ticker Not Found.' });
      const from = query.from ?? '0000-00-00';
      return json(
        200,
        this.splits
          .filter((x) => x.code === code && x.date >= from)
          .map((x) => ({ date: x.date, split: `${x.ratio.toFixed(6)}/1.000000` })),
      );
    }
    if ((m = /^fundamentals\/([A-Z0-9]+)\.INDX$/.exec(path))) {
      const components = this.indexComponents.get(m[1]);
      if (!components) return json(404, { message: 'Ticker Not Found.' });
      const keyed = Object.fromEntries(
        components.map((c, i) => [String(i), { ...c, Sector: 'Energy', Industry: 'Oil & Gas' }]),
      );
      return json(
        200,
        query.filter === 'Components' ? keyed : { General: { Code: m[1] }, Components: keyed },
      );
    }
    return json(404, { message: 'Not found' });
  }

  /** The /eod rows of a symbol as EODHD serves them now (published days, current adjustments). */
  private rows(symbol: FakeSymbol) {
    const published = this.publishedThrough.get(symbol.exchange) ?? '9999-99-99';
    const days = symbol.days.filter((d) => d.date <= published);
    return days.map((d, i) => {
      let priceFactor = 1;
      let volumeFactor = 1;
      for (const s of this.splits) {
        if (s.code === symbol.code && s.applied && s.date > d.date) {
          priceFactor /= s.ratio;
          volumeFactor *= s.ratio;
        }
      }
      for (const dv of this.dividends) {
        if (dv.code !== symbol.code || dv.date <= d.date) continue;
        const exIndex = days.findIndex((x) => x.date >= dv.date);
        const before = exIndex > 0 ? days[exIndex - 1].close : days[i].close;
        priceFactor *= 1 - dv.value / before;
      }
      const volume = this.preliminary.get(`${symbol.code}|${d.date}`) ?? d.volume;
      return {
        date: d.date,
        open: d.open,
        high: d.high,
        low: d.low,
        close: d.close,
        adjusted_close: Math.round(d.close * priceFactor * 10000) / 10000,
        volume: Math.round(volume * volumeFactor),
      };
    });
  }
}

/** Weekdays from `from` to `to` (inclusive). */
export function weekdays(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    const day = new Date(t);
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) out.push(day.toISOString().slice(0, 10));
  }
  return out;
}

/**
 * A raw daily series over `dates` ending at `lastClose`, moving by the repeating pattern of
 * `moves` (fractions, each at most 2 % here), volume `volume` a day.
 */
export function rawSeries(dates: readonly string[], firstClose: number, volume: number): RawDay[] {
  const moves = [0.012, -0.008, 0.015, -0.011, 0.004, -0.017, 0.009, 0.006, -0.013, 0.019];
  let close = firstClose;
  return dates.map((date, i) => {
    const open = close;
    close = Math.round(close * (1 + moves[i % moves.length]) * 100) / 100;
    return {
      date,
      open,
      high: Math.max(open, close) * 1.005,
      low: Math.min(open, close) * 0.995,
      close,
      volume: volume + (i % 7) * 1_000_000,
    };
  });
}
