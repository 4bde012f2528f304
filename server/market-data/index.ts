import { DemoProvider } from './demo/provider';
import { EodhdProvider } from './eodhd/provider';
import type { MarketDataProvider } from './provider';

/**
 * The market-data module (DESIGN.md §8): one interface, three providers, the universe file.
 * Server code imports from '@/server/market-data'.
 */

/** EODHD when EODHD_API_TOKEN is set in `env`, otherwise the embedded demo generator. */
export function createMarketDataProvider(
  env: Record<string, string | undefined> = process.env,
): MarketDataProvider {
  const token = env.EODHD_API_TOKEN?.trim();
  return token ? new EodhdProvider({ token }) : new DemoProvider();
}

export type { DateRange, FxRate, MarketDataProvider, TickerInfo } from './provider';
export { MarketDataError, isMarketDataError, type MarketDataErrorCode } from './errors';
export { filterByDate, isIsoDate, lastWeekday, weekdaysBetween } from './dates';
export {
  UNIVERSE_MARKET_IDS,
  findUniverseTicker,
  getUniverse,
  universeMarket,
  universeTickers,
  type Universe,
  type UniverseMarket,
  type UniverseTicker,
} from './universe';
export { DemoProvider } from './demo/provider';
export { EodhdProvider } from './eodhd/provider';
export {
  CsvProvider,
  parsePriceCsv,
  type CsvError,
  type CsvProviderSources,
  type CsvTickerSource,
  type ParsedPriceCsv,
} from './csv';
