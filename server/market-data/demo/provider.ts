import type { MarketId } from '@/lib/constants';
import type { Bar } from '@/lib/types/market';

import { filterByDate, isIsoDate } from '../dates';
import { MarketDataError } from '../errors';
import type { DateRange, DividendEvent, FxRate, MarketDataProvider, TickerInfo } from '../provider';
import { findUniverseTicker, universeMarket, universeTickers } from '../universe';
import { generateDividends } from './dividends';
import { generateIndexBars, generateUsdNok } from './demoMarket';
import { generateTickerSeries, seriesToBars } from './generator';

function checkRange(range: DateRange): void {
  if (!isIsoDate(range.to) || (range.from !== undefined && !isIsoDate(range.from))) {
    throw new MarketDataError(
      'INVALID_DATA',
      `Invalid date range ${range.from ?? ''}..${range.to} (expected YYYY-MM-DD)`,
    );
  }
}

/**
 * The embedded default provider: deterministic generated data (see ./generator.ts) for the
 * universe. Pass `range.to = lastWeekday(new Date())` to get "up to today". A single ticker is
 * generated on demand (well under a millisecond); an index needs every member, so the last index
 * per market is cached by end date.
 */
export class DemoProvider implements MarketDataProvider {
  readonly name = 'demo' as const;
  private readonly indexCache = new Map<MarketId, { to: string; bars: Bar[] }>();

  /** The universe tickers of a market. */
  async listSymbols(marketId: MarketId): Promise<TickerInfo[]> {
    const market = universeMarket(marketId);
    return universeTickers(marketId).map((t) => ({
      symbol: t.symbol,
      name: t.name,
      sector: t.sector ?? null,
      segment: t.segment ?? null,
      currency: market.currency,
      img: t.img,
      isin: t.isin ?? null,
    }));
  }

  /** Demo bars of one universe ticker in `range`; UNKNOWN_SYMBOL for anything else. */
  async getDailyBars(symbol: string, marketId: MarketId, range: DateRange): Promise<Bar[]> {
    checkRange(range);
    const ticker = findUniverseTicker(marketId, symbol);
    if (!ticker)
      throw new MarketDataError('UNKNOWN_SYMBOL', `Demo data has no ticker ${symbol} in market ${marketId}`);
    return seriesToBars(generateTickerSeries(marketId, ticker, range.to), range.from);
  }

  /** The demo dividend schedule of one universe share (./dividends.ts), announced ones included. */
  async getDividends(symbol: string, marketId: MarketId, range: DateRange): Promise<DividendEvent[]> {
    checkRange(range);
    const ticker = findUniverseTicker(marketId, symbol);
    if (!ticker)
      throw new MarketDataError('UNKNOWN_SYMBOL', `Demo data has no ticker ${symbol} in market ${marketId}`);
    return generateDividends(marketId, ticker, universeMarket(marketId).currency, range);
  }

  /** The market's main index, built from its members, in `range`. */
  async getIndexBars(marketId: MarketId, range: DateRange): Promise<Bar[]> {
    checkRange(range);
    let cached = this.indexCache.get(marketId);
    if (cached?.to !== range.to) {
      cached = { to: range.to, bars: generateIndexBars(marketId, range.to) };
      this.indexCache.set(marketId, cached);
    }
    return filterByDate(cached.bars, range);
  }

  /** Demo USD/NOK in `range`. */
  async getUsdNok(range: DateRange): Promise<FxRate[]> {
    checkRange(range);
    return filterByDate(generateUsdNok(range.to), range);
  }
}
