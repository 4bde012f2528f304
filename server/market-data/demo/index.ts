export { DemoProvider } from './provider';
export { demoDividendPlan, generateDividends, type DemoDividendPlan } from './dividends';
export { DEMO_ANCHOR, DEMO_BAND, DEMO_EPOCH, DEMO_SEED, demoPriceLevel, type DemoSeries } from './demoModel';
export {
  buildIndexBars,
  generateIndexBars,
  generateMarket,
  generateUniverseData,
  generateUsdNok,
  type DemoMarketData,
} from './demoMarket';
export { generateTickerBars, generateTickerSeries, seriesToBars } from './generator';
export { lastWeekday } from '../dates';
