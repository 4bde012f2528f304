export { DemoProvider } from './provider';
export { demoDividendPlan, generateDividends, type DemoDividendPlan } from './dividends';
export {
  DEMO_ANCHOR,
  DEMO_BAND,
  DEMO_EPOCH,
  DEMO_SEED,
  buildIndexBars,
  demoPriceLevel,
  generateIndexBars,
  generateMarket,
  generateTickerBars,
  generateTickerSeries,
  generateUniverseData,
  generateUsdNok,
  seriesToBars,
  type DemoMarketData,
  type DemoSeries,
} from './generator';
export { lastWeekday } from '../dates';
