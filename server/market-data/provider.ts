import type { MarketId, OsloSegment } from '@/lib/constants';
import type { Bar } from '@/lib/types/market';

/**
 * A source of daily market data (DESIGN.md §8). Three implementations: the embedded demo
 * generator (default), EODHD (`EODHD_API_TOKEN`) and CSV files. Callers (the market sync
 * service) never know which one they hold.
 *
 * Conventions for every implementation:
 * - dates are ISO calendar dates; `range` is inclusive on both ends; `from` omitted = full history;
 * - bars are ascending by date, one per date, with 0 < low <= open, close <= high;
 * - stock bars never have zero volume (no-trade days are dropped); index bars may have volume 0;
 * - prices are split- and dividend-adjusted where the source allows it (see each provider).
 */
export interface MarketDataProvider {
  readonly name: 'demo' | 'eodhd' | 'csv';
  /**
   * The tradable tickers of a market (symbols without exchange suffix, e.g. "EQNR", "AAPL").
   * `include`: symbols and ISINs to list beyond the provider's own rule (the stored universe and
   * index members, so a renamed or newly added member is seen); providers with a fixed list ignore it.
   */
  listSymbols(marketId: MarketId, include?: SymbolInclude): Promise<TickerInfo[]>;
  /**
   * Optional: the current members of the market's main index (symbols without suffix) from the
   * provider (EODHD's fundamentals of the index, `Components`).
   */
  getIndexMembers?(marketId: MarketId): Promise<string[]>;
  /** Daily bars of one ticker in `range`. */
  getDailyBars(symbol: string, marketId: MarketId, range: DateRange): Promise<Bar[]>;
  /** Daily bars of the market's main index (OSEBX.INDX for 160, NDX.INDX for 226) in `range`. */
  getIndexBars(marketId: MarketId, range: DateRange): Promise<Bar[]>;
  /** Daily USD/NOK closes (NOK per USD) in `range`. */
  getUsdNok(range: DateRange): Promise<FxRate[]>;
  /**
   * Optional: one session of every stock of the market in one request (EODHD's bulk day), by
   * symbol. Providers without it are synced per ticker.
   */
  getBulkDay?(marketId: MarketId, date: string): Promise<Map<string, Bar>>;
  /**
   * Optional: the splits of a stock with an ex-date on or after `from`, ratio = new shares per old
   * share (EODHD's `splits/{CODE}.{EX}`). The sync asks only when a new day's close steps like a split.
   */
  getSplits?(symbol: string, marketId: MarketId, from: string): Promise<{ date: string; ratio: number }[]>;
  /**
   * Optional (issue 41): the cash dividends of a stock with an ex-date in `range`, ascending by
   * ex-date, one per ex-date. A provider may also return events it already knows are coming (an
   * announced dividend whose ex-date is after `range.to`); callers keep them as announced.
   */
  getDividends?(symbol: string, marketId: MarketId, range: DateRange): Promise<DividendEvent[]>;
  /**
   * Optional: the dividends of every stock of the market with ex-date `date`, by symbol, in one
   * request (EODHD's `eod-bulk-last-day/{EX}?type=dividends&date=`). The daily refresh uses it for
   * the new sessions once a market's dividend history is stored.
   */
  getBulkDividends?(marketId: MarketId, date: string): Promise<Map<string, DividendEvent[]>>;
  /** Optional: requests made and API calls spent so far (shown on /admin/operations). */
  usage?(): { requests: number; calls: number };
}

/** What listSymbols lists beyond its own rule. */
export interface SymbolInclude {
  symbols?: ReadonlySet<string>;
  isins?: ReadonlySet<string>;
}

/** An inclusive date range; `from` omitted means "from the first available date". */
export interface DateRange {
  from?: string;
  to: string;
}

/** A ticker as a provider lists it; what the sync service stores in the tickers table. */
export interface TickerInfo {
  /** Symbol without exchange suffix, e.g. "EQNR". */
  symbol: string;
  name: string;
  /** GICS-style sector when known. */
  sector: string | null;
  currency: 'NOK' | 'USD';
  /** Logo URL or "" (none yet). */
  img: string;
  isin: string | null;
  /** Oslo shares: the Euronext segment when the provider says it; absent or null when unknown. */
  segment?: OsloSegment | null;
}

/**
 * One cash dividend per share (issue 41): `exDate` the first session the share trades without it,
 * `payDate` when the provider knows it (else null), `amount` per share in `currency` (the currency
 * the company pays in, usually the share's trading currency).
 */
export interface DividendEvent {
  exDate: string;
  payDate: string | null;
  amount: number;
  currency: string;
}

/** One daily FX close. */
export interface FxRate {
  date: string;
  rate: number;
}
