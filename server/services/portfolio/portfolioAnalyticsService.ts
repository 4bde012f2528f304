/**
 * What a portfolio is worth and how it has done (DESIGN.md §5, §7): results per ticker, one
 * ticker's metadata, the daily value and time-weighted return against the main index, and the
 * Norwegian FIFO tax view (its own feature, server/services/tax). The mathematics is server/domain/portfolio; the inputs are loaded and
 * memoised by portfolioAnalyticsInputs.ts (one load of an unseen revision, one normalisation per
 * ticker history). The services compute, memoising the computed figures so that a write to one
 * ticker costs that ticker's share of the work:
 * - results per ticker, keyed on its transactions' digest, its last close and the USD/NOK stamp;
 * - performance timelines per ticker (holding and cash flows on the calendar), keyed on the
 *   digest, calendar and rates; the summed series per portfolio and range, which the domain
 *   reuses up to the first day a changed timeline touches.
 *
 * By concern: portfolioAnalyticsResults.ts (results, totals, cash, metadata),
 * portfolioAnalyticsPerformance.ts (the daily series), portfolioAnalyticsTax.ts (the portfolio's
 * tax view), portfolioAnalyticsParts.ts (what they share).
 */
export {
  getPortfolioResults,
  getPortfolioResultsWithTotals,
  getTickerMetadata,
} from './portfolioAnalyticsResults';
export {
  getPortfolioPerformance,
  getPortfolioPerformanceJson,
  type PerformanceJson,
} from './portfolioAnalyticsPerformance';
