import type { MarketId, OsloSegment } from '@/lib/constants';
import type { TickerAnalysisDto } from '@/lib/types/market';

/** GET /api/v1/public/top-signals: the public stocks page (names and signals only). */
export interface PublicSignalItem {
  symbol: string;
  long_name: string;
  currency: 'NOK' | 'USD';
  /** The last close (end of day, delayed to the previous session). */
  close: number;
  date: string;
  technical_score: number;
  signal: 'buy' | 'hold' | 'sell';
}

export interface PublicMarketSignals {
  country_id: number;
  name: string;
  buy: PublicSignalItem[];
  sell: PublicSignalItem[];
}

export interface PublicTopSignals {
  as_of: string | null;
  demo: boolean;
  markets: PublicMarketSignals[];
}

/**
 * A public stock page (issue 25 item 5), `/public/stocks/{symbol}` and
 * GET /api/v1/public/stocks/{symbol}: what a signed-out visitor may see of one stock — the last
 * close, the overall signal and score of the default timeframe, the closes of a small chart and
 * what the score explanation's headline needs. Support/resistance levels, early-warning levels and
 * the other timeframes stay with subscribers.
 */
export interface PublicStockPage {
  symbol: string;
  long_name: string;
  country_id: MarketId;
  currency: 'NOK' | 'USD';
  exchange: string;
  last: { date: string; close: number; change_pct: number };
  /** The default timeframe's analysis, reduced to the score, signal and what explains them. */
  analysis: PublicStockAnalysis;
  /** The mean of the three timeframes' scores (DESIGN.md §6's overall score). */
  overall_score: number;
  /** Closes of the last sessions (oldest first) for the small chart. */
  closes: { date: string; close: number }[];
  /** True when the market's prices come from the built-in demo generator (random walks). */
  demo: boolean;
}

export type PublicStockAnalysis = Pick<
  TickerAnalysisDto,
  'timeframe' | 'technical_score' | 'signal' | 'components' | 'rsi' | 'trend'
>;

/** A stock of the sitemap: its symbol and the date of its last analysed session. */
export interface PublicStockEntry {
  symbol: string;
  date: string;
}

/** One stock of the public directory (/public/stocks, issue 39): a link to its public page. */
export interface PublicDirectoryStock {
  symbol: string;
  long_name: string;
  /** Oslo shares: the Euronext segment; null for US shares (and Oslo shares not yet known). */
  segment: OsloSegment | null;
  signal: 'buy' | 'hold' | 'sell';
}

/** One market's stocks, A–Z, grouped by first letter ("#" for a digit). */
export interface PublicDirectoryMarket {
  country_id: MarketId;
  count: number;
  letters: { letter: string; stocks: PublicDirectoryStock[] }[];
}

/** The public directory of every analysed stock, filtered by a search text and an Oslo segment. */
export interface PublicDirectory {
  q: string;
  segment: OsloSegment | null;
  count: number;
  markets: PublicDirectoryMarket[];
}
