import { DemoProvider } from './demo/provider';
import { MarketDataError } from './errors';
import { EodhdProvider } from './eodhd/provider';
import type { MarketDataProvider } from './provider';

/**
 * The market-data module (DESIGN.md §8): one interface, three providers, the universe file.
 * Server code imports from '@/server/market-data'.
 */

/**
 * EODHD when EODHD_API_TOKEN is set in `env` (at EODHD_BASE_URL when set), otherwise the embedded
 * demo generator. `callBudget`: the API calls the EODHD client may still spend in this run.
 */
export function createMarketDataProvider(
  env: Record<string, string | undefined> = process.env,
  opts: { callBudget?: number } = {},
): MarketDataProvider {
  const token = env.EODHD_API_TOKEN?.trim();
  return token ? EodhdProvider.fromEnv(env, { callBudget: opts.callBudget }) : new DemoProvider();
}

/** Default of EODHD_DAILY_CALL_BUDGET: EODHD's default daily limit of 100,000 calls. */
export const DEFAULT_DAILY_CALL_BUDGET = 100_000;

/** EODHD_DAILY_CALL_BUDGET from `env` (a positive whole number), else the default. */
export function dailyCallBudget(env: Record<string, string | undefined> = process.env): number {
  const raw = env.EODHD_DAILY_CALL_BUDGET?.trim();
  if (!raw) return DEFAULT_DAILY_CALL_BUDGET;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) {
    throw new MarketDataError(
      'CONFIG',
      `EODHD_DAILY_CALL_BUDGET must be a positive whole number, got "${raw}"`,
    );
  }
  return n;
}

export type { DateRange, DividendEvent, FxRate, MarketDataProvider, TickerInfo } from './provider';
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
export { demoDividendPlan, generateDividends, type DemoDividendPlan } from './demo/dividends';
export { EodhdProvider } from './eodhd/provider';
export {
  CsvProvider,
  parsePriceCsv,
  type CsvError,
  type CsvProviderSources,
  type CsvTickerSource,
  type ParsedPriceCsv,
} from './csv';
