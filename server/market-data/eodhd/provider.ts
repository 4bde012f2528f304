import { MARKET_OSLO, type MarketId } from '@/lib/constants';
import type { Bar } from '@/lib/types/market';

import { isIsoDate } from '../dates';
import { MarketDataError } from '../errors';
import type {
  DateRange,
  DividendEvent,
  FxRate,
  MarketDataProvider,
  SymbolInclude,
  TickerInfo,
} from '../provider';
import { findUniverseTicker, universeMarket } from '../universe';
import { EodhdClient, type EodhdClientOptions, type ProviderUsage } from './client';
import {
  mapBulkDividendRows,
  mapBulkRows,
  mapDividendRows,
  mapEodRows,
  mapFxRows,
  parseIndexComponents,
  parseSplitRows,
  parseSymbolRows,
} from './mapping';

/** EODHD exchange code per market: Oslo Børs is OL; every US venue is US. */
const EXCHANGE: Record<MarketId, 'OL' | 'US'> = { 160: 'OL', 226: 'US' };
const USDNOK_SYMBOL = 'USDNOK.FOREX';

function rangeParams(range: DateRange): Record<string, string | undefined> {
  if (!isIsoDate(range.to) || (range.from !== undefined && !isIsoDate(range.from))) {
    throw new MarketDataError(
      'INVALID_DATA',
      `Invalid date range ${range.from ?? ''}..${range.to} (expected YYYY-MM-DD)`,
    );
  }
  return { from: range.from, to: range.to, period: 'd' };
}

/**
 * Real market data from EODHD (https://eodhd.com), enabled by EODHD_API_TOKEN. Uses the
 * exchange symbol list, end-of-day history (incremental through `range.from`), the OSEBX.INDX
 * and NDX.INDX indexes and USDNOK.FOREX. See ./mapping.ts for adjustment and volume rules and
 * ./client.ts for retries and error messages.
 */
export class EodhdProvider implements MarketDataProvider {
  readonly name = 'eodhd' as const;
  private readonly client: EodhdClient;

  constructor(options: EodhdClientOptions) {
    this.client = new EodhdClient(options);
  }

  /**
   * A provider from EODHD_API_TOKEN (required) and EODHD_BASE_URL (optional: a proxy or a test
   * server instead of https://eodhd.com/api) in `env`; CONFIG error when the token is missing.
   */
  static fromEnv(
    env: Record<string, string | undefined> = process.env,
    options: Omit<EodhdClientOptions, 'token'> = {},
  ): EodhdProvider {
    const token = env.EODHD_API_TOKEN?.trim();
    if (!token) throw new MarketDataError('CONFIG', 'EODHD_API_TOKEN is not set');
    const baseUrl = env.EODHD_BASE_URL?.trim() || undefined;
    return new EodhdProvider({ token, baseUrl, ...options });
  }

  /** Requests made and API calls spent by this provider so far. */
  usage(): ProviderUsage {
    return this.client.usage();
  }

  /**
   * One session of a whole exchange in one request (`eod-bulk-last-day/{EX}?date=`), adjusted like
   * getDailyBars, by symbol (no suffix). Symbols without a row that day are absent; when the day is
   * not published yet the map is empty (EODHD then answers an earlier day, which is ignored).
   */
  async getBulkDay(marketId: MarketId, date: string): Promise<Map<string, Bar>> {
    if (!isIsoDate(date))
      throw new MarketDataError('INVALID_DATA', `Invalid date ${date} (expected YYYY-MM-DD)`);
    const exchange = EXCHANGE[marketId];
    const what = `the ${exchange} bulk end-of-day data of ${date}`;
    return mapBulkRows(
      await this.client.getJson(`eod-bulk-last-day/${exchange}`, { date }, what),
      date,
      what,
    );
  }

  /**
   * Oslo: every common stock on OL plus any universe member (equity certificates may be typed
   * otherwise). US: only the NASDAQ-100 members of the universe. Both: plus what `include` names by
   * symbol or ISIN (the stored tickers and index members: a renamed share keeps its ISIN). Universe
   * entries supply the curated name (with æøå) and the sector.
   */
  async listSymbols(marketId: MarketId, include: SymbolInclude = {}): Promise<TickerInfo[]> {
    const exchange = EXCHANGE[marketId];
    const market = universeMarket(marketId);
    const what = `the ${exchange} exchange symbol list`;
    const rows = parseSymbolRows(
      await this.client.getJson(`exchange-symbol-list/${exchange}`, {}, what),
      what,
    );
    const seen = new Set<string>();
    const out: TickerInfo[] = [];
    for (const row of rows) {
      if (seen.has(row.Code)) continue;
      const member = findUniverseTicker(marketId, row.Code);
      const included =
        include.symbols?.has(row.Code) === true || (!!row.Isin && include.isins?.has(row.Isin) === true);
      const keep =
        included ||
        (marketId === MARKET_OSLO
          ? member !== undefined || row.Type === 'Common Stock'
          : member !== undefined);
      if (!keep) continue;
      seen.add(row.Code);
      out.push({
        symbol: row.Code,
        name: member?.name ?? row.Name,
        sector: member?.sector ?? null,
        currency: market.currency,
        img: member?.img ?? '',
        isin: row.Isin ?? null,
      });
    }
    return out;
  }

  /**
   * The main index's current members from EODHD's fundamentals of the index
   * (`fundamentals/{INDEX}.INDX?filter=Components`: `{ "0": { Code, Exchange, Name, Sector, Industry } … }`,
   * https://eodhd.com/financial-apis/stock-etfs-fundamental-data-feeds, "Current and Historical
   * Index Constituents API"), symbols of this market's exchange only.
   */
  async getIndexMembers(marketId: MarketId): Promise<string[]> {
    const code = universeMarket(marketId).index.symbol;
    const what = `the constituents of ${code}`;
    const rows = parseIndexComponents(
      await this.client.getJson(`fundamentals/${encodeURIComponent(code)}`, { filter: 'Components' }, what),
      what,
    );
    const exchanges = marketId === MARKET_OSLO ? new Set(['OL']) : new Set(['US', 'NASDAQ', 'NYSE']);
    return [
      ...new Set(
        rows.filter((r) => r.Exchange === undefined || exchanges.has(r.Exchange)).map((r) => r.Code),
      ),
    ];
  }

  /** Adjusted daily bars of `symbol` (no exchange suffix); zero-volume days dropped. */
  async getDailyBars(symbol: string, marketId: MarketId, range: DateRange): Promise<Bar[]> {
    const code = `${symbol}.${EXCHANGE[marketId]}`;
    const what = `the end-of-day history of ${code}`;
    return mapEodRows(
      await this.client.getJson(`eod/${encodeURIComponent(code)}`, rangeParams(range), what),
      'stock',
      what,
    );
  }

  /** The splits of `symbol` with an ex-date on or after `from` (1 call). */
  async getSplits(
    symbol: string,
    marketId: MarketId,
    from: string,
  ): Promise<{ date: string; ratio: number }[]> {
    if (!isIsoDate(from))
      throw new MarketDataError('INVALID_DATA', `Invalid date ${from} (expected YYYY-MM-DD)`);
    const code = `${symbol}.${EXCHANGE[marketId]}`;
    const what = `the splits of ${code}`;
    return parseSplitRows(
      await this.client.getJson(`splits/${encodeURIComponent(code)}`, { from }, what),
      what,
    );
  }

  /**
   * The dividends of `symbol` with an ex-date in `range` (`div/{CODE}.{EX}?from=&to=`, 1 call); EODHD
   * lists declared future ones too (US shares), which are kept (announced).
   */
  async getDividends(symbol: string, marketId: MarketId, range: DateRange): Promise<DividendEvent[]> {
    const { from } = rangeParams(range);
    const code = `${symbol}.${EXCHANGE[marketId]}`;
    const what = `the dividends of ${code}`;
    return mapDividendRows(
      await this.client.getJson(`div/${encodeURIComponent(code)}`, { from }, what),
      universeMarket(marketId).currency,
      what,
    );
  }

  /**
   * The dividends of every stock of the exchange with ex-date `date`
   * (`eod-bulk-last-day/{EX}?type=dividends&date=`, a bulk request: 100 calls), by symbol.
   */
  async getBulkDividends(marketId: MarketId, date: string): Promise<Map<string, DividendEvent[]>> {
    if (!isIsoDate(date))
      throw new MarketDataError('INVALID_DATA', `Invalid date ${date} (expected YYYY-MM-DD)`);
    const exchange = EXCHANGE[marketId];
    const what = `the ${exchange} bulk dividends of ${date}`;
    return mapBulkDividendRows(
      await this.client.getJson(`eod-bulk-last-day/${exchange}`, { type: 'dividends', date }, what),
      date,
      universeMarket(marketId).currency,
      what,
    );
  }

  /** Daily bars of OSEBX.INDX / NDX.INDX; zero-volume days kept. */
  async getIndexBars(marketId: MarketId, range: DateRange): Promise<Bar[]> {
    const code = universeMarket(marketId).index.symbol;
    const what = `the end-of-day history of ${code}`;
    return mapEodRows(
      await this.client.getJson(`eod/${encodeURIComponent(code)}`, rangeParams(range), what),
      'index',
      what,
    );
  }

  /** Daily USD/NOK closes from USDNOK.FOREX. */
  async getUsdNok(range: DateRange): Promise<FxRate[]> {
    const what = `the end-of-day history of ${USDNOK_SYMBOL}`;
    return mapFxRows(await this.client.getJson(`eod/${USDNOK_SYMBOL}`, rangeParams(range), what), what);
  }
}
