// Every API route file under pages/api, with what a fuzzer needs to reach it: its URL template,
// methods, headers, and the zod schemas its body and query are parsed with (fields are derived
// from them). api-routes.fuzz.test.ts checks that this table covers every route file, so a new
// route cannot be forgotten: add its line here.
import { z, type ZodType } from 'zod';
import { brokerNameSchema } from '@/lib/schemas/importMapping';
import * as importMappingSheet from '@/pages/api/v1/import-mappings/sheet';
import * as incomeNextDividends from '@/pages/api/v1/income/next-dividends';
import * as incomeSettings from '@/pages/api/v1/income/settings';
import * as incomeSource from '@/pages/api/v1/income/source';
import * as portfolioAllocation from '@/pages/api/v1/portfolio-allocation/[portfolioId]';
import * as personAllocation from '@/pages/api/v1/portfolio-allocation/index';
import * as portfolioIncome from '@/pages/api/v1/portfolio-income/[portfolioId]';
import * as portfolioIncomeBook from '@/pages/api/v1/portfolio-income/[portfolioId]/book';
import * as tickerDividends from '@/pages/api/v1/ticker/[id]/dividends';
import * as userFirstSteps from '@/pages/api/v1/user/first-steps';
import { bookDividendSchema, incomeQuerySchema, incomeSettingsSchema } from '@/lib/schemas/income';
import * as health from '@/pages/api/health';
import * as authEmulatorProxy from '@/pages/api/auth-emulator/[...path]';
import * as adminArticleById from '@/pages/api/v1/admin/articles/[id]';
import * as adminArticles from '@/pages/api/v1/admin/articles/index';
import * as adminImages from '@/pages/api/v1/admin/images';
import * as articleBySlug from '@/pages/api/v1/articles/[language]/[slug]';
import * as articlesIndex from '@/pages/api/v1/articles/index';
import * as imageById from '@/pages/api/v1/images/[id]';
import * as adminJobs from '@/pages/api/v1/admin/jobs/index';
import * as adminMarketData from '@/pages/api/v1/admin/market-data';
import * as adminMarketUniverse from '@/pages/api/v1/admin/market-universe';
import * as adminJobRun from '@/pages/api/v1/admin/jobs/[name]/run';
import * as billingCheckout from '@/pages/api/v1/billing/checkout';
import * as billingDemoCancel from '@/pages/api/v1/billing/demo/cancel';
import * as billingDemoCheckout from '@/pages/api/v1/billing/demo/checkout/[sessionId]';
import * as billingDemoDecline from '@/pages/api/v1/billing/demo/decline';
import * as billingDemoPay from '@/pages/api/v1/billing/demo/pay';
import * as billingPlans from '@/pages/api/v1/billing/plans';
import * as billingPortal from '@/pages/api/v1/billing/portal';
import * as billingSubscription from '@/pages/api/v1/billing/subscription';
import * as billingWebhook from '@/pages/api/v1/billing/webhook';
import * as marketsStatus from '@/pages/api/v1/markets/status';
import * as publicTopSignals from '@/pages/api/v1/public/top-signals';
import * as publicStock from '@/pages/api/v1/public/stocks/[symbol]';
import * as publicStockById from '@/pages/api/v1/public/stocks/by-id/[id]';
import * as indexesList from '@/pages/api/v1/indexes/list';
import * as notificationsIndex from '@/pages/api/v1/notifications/index';
import * as notificationsRead from '@/pages/api/v1/notifications/read';
import * as notificationsSettings from '@/pages/api/v1/notifications/settings';
import * as notificationsUnsubscribe from '@/pages/api/v1/notifications/unsubscribe';
import * as portfolioExport from '@/pages/api/v1/portfolio-export/[portfolioId]';
import * as importMappings from '@/pages/api/v1/import-mappings/index';
import * as portfolioImport from '@/pages/api/v1/portfolio-import/[portfolioId]';
import * as portfolioPerformance from '@/pages/api/v1/portfolio-performance/[portfolioId]';
import * as portfolioResults from '@/pages/api/v1/portfolio-results/[portfolioId]';
import * as portfolioTax from '@/pages/api/v1/portfolio-tax/[portfolioId]';
import * as personTax from '@/pages/api/v1/tax/[year]/index';
import * as taxSimulate from '@/pages/api/v1/tax/simulate';
import * as taxHarvest from '@/pages/api/v1/tax/harvest';
import { taxHarvestQuerySchema, taxSimulateQuerySchema } from '@/lib/schemas/tax';
import * as personTaxCsv from '@/pages/api/v1/tax/[year]/export.csv';
import * as tickerTransactions from '@/pages/api/v1/portfolio/[id]/[tickerId]';
import * as cashTransactions from '@/pages/api/v1/portfolio/[id]/cash';
import * as transactionById from '@/pages/api/v1/portfolio/[id]/index';
import * as metadata from '@/pages/api/v1/portfolio/metadata';
import * as transaction from '@/pages/api/v1/portfolio/transaction';
import * as portfolioTransaction from '@/pages/api/v1/portfolioTransaction';
import * as instrumentPrice from '@/pages/api/v1/instrument-price/[tickerId]';
import { instrumentPriceSchema } from '@/lib/schemas/instrumentPrice';
import * as portfoliosById from '@/pages/api/v1/portfolios/[id]';
import * as portfoliosIndex from '@/pages/api/v1/portfolios/index';
import * as signalsPatternRecord from '@/pages/api/v1/signals/pattern-record';
import * as signalsTrackRecord from '@/pages/api/v1/signals/track-record';
import * as ticker from '@/pages/api/v1/ticker/[id]';
import * as tickerTrackRecord from '@/pages/api/v1/ticker/[id]/track-record';
import * as tickerDay from '@/pages/api/v1/ticker/[id]/day';
import * as autocomplete from '@/pages/api/v1/tickers/autocomplete';
import * as homeDashboard from '@/pages/api/v1/tickers/homeDashboard/[marketId]';
import * as tickersList from '@/pages/api/v1/tickers/list';
import * as userCreate from '@/pages/api/v1/user/create';
import * as userGetCurrent from '@/pages/api/v1/user/getCurrent/[uid]';
import * as userIndex from '@/pages/api/v1/user/index';
import * as userExport from '@/pages/api/v1/user/export';
import * as userVerificationLink from '@/pages/api/v1/user/verification-link';
import { priceAlertCreateSchema } from '@/lib/schemas/priceAlerts';
import * as priceAlertById from '@/pages/api/v1/price-alerts/[id]';
import * as priceAlertsIndex from '@/pages/api/v1/price-alerts/index';
import * as watchlistByTicker from '@/pages/api/v1/watchlist/[tickerId]';
import * as watchlistIndex from '@/pages/api/v1/watchlist/index';
import {
  autocompleteQuerySchema,
  homeDashboardQuerySchema,
  indexListQuerySchema,
  tickerDetailQuerySchema,
  tickerListQuerySchema,
} from '@/lib/schemas/market';
import {
  createPortfolioSchema,
  createTransactionSchema,
  tickerDayQuerySchema,
  importQuerySchema,
  metadataQuerySchema,
  performanceQuerySchema,
  resultsQuerySchema,
  taxQuerySchema,
  updatePortfolioSchema,
  updateTransactionSchema,
  watchlistAddSchema,
} from '@/lib/schemas/portfolio';
import {
  marketTrackRecordQuerySchema,
  markReadSchema,
  notificationListQuerySchema,
  notificationSettingsSchema,
  trackRecordQuerySchema,
  unsubscribeSchema,
  watchlistAlertsSchema,
} from '@/lib/schemas/signals';
import { createUserSchema, updateUserSchema } from '@/lib/schemas/user';
import {
  adminArticleQuerySchema,
  articleCreateSchema,
  articleUpdateSchema,
  publicArticleQuerySchema,
} from '@/lib/schemas/article';
import { checkoutSchema, demoCancelSchema, demoSessionSchema, portalSchema } from '@/lib/schemas/billing';

const importMappingQuerySchema = z.object({ broker: brokerNameSchema.optional() });

export type RouteModule = { default: unknown; config?: unknown };

export interface FuzzRoute {
  /** The file under pages/ (forward slashes). */
  file: string;
  /** URL template: `[name]` segments are path parameters. */
  path: string;
  module: RouteModule;
  methods: string[];
  /** JSON body schema per method (fields derived from it). */
  body?: Partial<Record<string, ZodType>>;
  /** Query-string schema (fields derived from it). */
  query?: ZodType;
  /** Raw bytes body (file upload) instead of JSON. */
  rawBody?: boolean;
  /** Sends the portfolio routes' fixed header (usually: it is fuzzed too, sometimes left out). */
  portfolioHeader?: boolean;
}

const TODAY = '2026-11-24';

export const FUZZ_ROUTES: FuzzRoute[] = [
  {
    file: 'api/v1/import-mappings/sheet.ts',
    path: '/api/v1/import-mappings/sheet',
    module: importMappingSheet,
    methods: ['POST'],
    rawBody: true,
  },
  {
    file: 'api/v1/income/next-dividends.ts',
    path: '/api/v1/income/next-dividends',
    module: incomeNextDividends,
    methods: ['GET'],
  },
  {
    file: 'api/v1/income/settings.ts',
    path: '/api/v1/income/settings',
    module: incomeSettings,
    methods: ['GET', 'PUT'],
    body: { PUT: incomeSettingsSchema },
  },
  {
    file: 'api/v1/income/source.ts',
    path: '/api/v1/income/source',
    module: incomeSource,
    methods: ['GET'],
  },
  {
    file: 'api/v1/portfolio-allocation/[portfolioId].ts',
    path: '/api/v1/portfolio-allocation/[portfolioId]',
    module: portfolioAllocation,
    methods: ['GET'],
    portfolioHeader: true,
  },
  {
    file: 'api/v1/portfolio-allocation/index.ts',
    path: '/api/v1/portfolio-allocation',
    module: personAllocation,
    methods: ['GET'],
    portfolioHeader: true,
  },
  {
    file: 'api/v1/portfolio-income/[portfolioId].ts',
    path: '/api/v1/portfolio-income/[portfolioId]',
    module: portfolioIncome,
    methods: ['GET'],
    query: incomeQuerySchema,
    portfolioHeader: true,
  },
  {
    file: 'api/v1/portfolio-income/[portfolioId]/book.ts',
    path: '/api/v1/portfolio-income/[portfolioId]/book',
    module: portfolioIncomeBook,
    methods: ['POST'],
    body: { POST: bookDividendSchema },
    portfolioHeader: true,
  },
  {
    file: 'api/v1/ticker/[id]/dividends.ts',
    path: '/api/v1/ticker/[id]/dividends',
    module: tickerDividends,
    methods: ['GET'],
  },
  {
    file: 'api/v1/user/first-steps.ts',
    path: '/api/v1/user/first-steps',
    module: userFirstSteps,
    methods: ['GET'],
  },
  { file: 'api/health.ts', path: '/api/health', module: health, methods: ['GET'] },
  // The Auth emulator proxy (issue 40): odd segments, methods and bodies are refused (403/404), never 5xx.
  {
    file: 'api/auth-emulator/[...path].ts',
    path: '/api/auth-emulator/[...path]',
    module: authEmulatorProxy,
    methods: ['GET', 'POST'],
    rawBody: true,
  },
  {
    file: 'api/v1/admin/articles/[id].ts',
    path: '/api/v1/admin/articles/[id]',
    module: adminArticleById,
    methods: ['GET', 'PUT', 'DELETE'],
    body: { PUT: articleUpdateSchema },
  },
  {
    file: 'api/v1/admin/articles/index.ts',
    path: '/api/v1/admin/articles',
    module: adminArticles,
    methods: ['GET', 'POST'],
    query: adminArticleQuerySchema,
    body: { POST: articleCreateSchema },
  },
  {
    file: 'api/v1/admin/images.ts',
    path: '/api/v1/admin/images',
    module: adminImages,
    methods: ['POST'],
    rawBody: true,
  },
  {
    file: 'api/v1/articles/[language]/[slug].ts',
    path: '/api/v1/articles/[language]/[slug]',
    module: articleBySlug,
    methods: ['GET'],
  },
  {
    file: 'api/v1/articles/index.ts',
    path: '/api/v1/articles',
    module: articlesIndex,
    methods: ['GET'],
    query: publicArticleQuerySchema,
  },
  { file: 'api/v1/images/[id].ts', path: '/api/v1/images/[id]', module: imageById, methods: ['GET'] },
  { file: 'api/v1/admin/jobs/index.ts', path: '/api/v1/admin/jobs', module: adminJobs, methods: ['GET'] },
  {
    file: 'api/v1/admin/market-data.ts',
    path: '/api/v1/admin/market-data',
    module: adminMarketData,
    methods: ['GET'],
  },
  {
    file: 'api/v1/admin/market-universe.ts',
    path: '/api/v1/admin/market-universe',
    module: adminMarketUniverse,
    methods: ['POST'],
    body: { POST: adminMarketUniverse.marketUniverseBodySchema },
  },
  {
    file: 'api/v1/admin/jobs/[name]/run.ts',
    path: '/api/v1/admin/jobs/[name]/run',
    module: adminJobRun,
    methods: ['POST'],
  },
  {
    file: 'api/v1/billing/checkout.ts',
    path: '/api/v1/billing/checkout',
    module: billingCheckout,
    methods: ['POST'],
    body: { POST: checkoutSchema },
  },
  {
    file: 'api/v1/billing/demo/cancel.ts',
    path: '/api/v1/billing/demo/cancel',
    module: billingDemoCancel,
    methods: ['POST'],
    body: { POST: demoCancelSchema },
  },
  {
    file: 'api/v1/billing/demo/checkout/[sessionId].ts',
    path: '/api/v1/billing/demo/checkout/[sessionId]',
    module: billingDemoCheckout,
    methods: ['GET'],
  },
  {
    file: 'api/v1/billing/demo/decline.ts',
    path: '/api/v1/billing/demo/decline',
    module: billingDemoDecline,
    methods: ['POST'],
    body: { POST: demoSessionSchema },
  },
  {
    file: 'api/v1/billing/demo/pay.ts',
    path: '/api/v1/billing/demo/pay',
    module: billingDemoPay,
    methods: ['POST'],
    body: { POST: demoSessionSchema },
  },
  { file: 'api/v1/billing/plans.ts', path: '/api/v1/billing/plans', module: billingPlans, methods: ['GET'] },
  {
    file: 'api/v1/billing/portal.ts',
    path: '/api/v1/billing/portal',
    module: billingPortal,
    methods: ['POST'],
    body: { POST: portalSchema },
  },
  {
    file: 'api/v1/billing/subscription.ts',
    path: '/api/v1/billing/subscription',
    module: billingSubscription,
    methods: ['GET'],
  },
  {
    file: 'api/v1/billing/webhook.ts',
    path: '/api/v1/billing/webhook',
    module: billingWebhook,
    methods: ['POST'],
    rawBody: true,
  },
  {
    file: 'api/v1/markets/status.ts',
    path: '/api/v1/markets/status',
    module: marketsStatus,
    methods: ['GET'],
  },
  {
    file: 'api/v1/public/top-signals.ts',
    path: '/api/v1/public/top-signals',
    module: publicTopSignals,
    methods: ['GET'],
  },
  {
    file: 'api/v1/public/stocks/[symbol].ts',
    path: '/api/v1/public/stocks/[symbol]',
    module: publicStock,
    methods: ['GET'],
  },
  {
    file: 'api/v1/public/stocks/by-id/[id].ts',
    path: '/api/v1/public/stocks/by-id/[id]',
    module: publicStockById,
    methods: ['GET'],
  },
  {
    file: 'api/v1/indexes/list.ts',
    path: '/api/v1/indexes/list',
    module: indexesList,
    methods: ['GET'],
    query: indexListQuerySchema,
  },
  {
    file: 'api/v1/notifications/index.ts',
    path: '/api/v1/notifications',
    module: notificationsIndex,
    methods: ['GET'],
    query: notificationListQuerySchema,
  },
  {
    file: 'api/v1/notifications/read.ts',
    path: '/api/v1/notifications/read',
    module: notificationsRead,
    methods: ['POST'],
    body: { POST: markReadSchema },
  },
  {
    file: 'api/v1/notifications/settings.ts',
    path: '/api/v1/notifications/settings',
    module: notificationsSettings,
    methods: ['GET', 'PUT'],
    body: { PUT: notificationSettingsSchema },
  },
  {
    file: 'api/v1/notifications/unsubscribe.ts',
    path: '/api/v1/notifications/unsubscribe',
    module: notificationsUnsubscribe,
    methods: ['POST'],
    body: { POST: unsubscribeSchema },
  },
  {
    file: 'api/v1/portfolio-export/[portfolioId].ts',
    path: '/api/v1/portfolio-export/[portfolioId]',
    module: portfolioExport,
    methods: ['GET'],
    portfolioHeader: true,
  },
  {
    file: 'api/v1/import-mappings/index.ts',
    path: '/api/v1/import-mappings',
    module: importMappings,
    methods: ['GET', 'DELETE'],
    query: importMappingQuerySchema,
  },
  {
    file: 'api/v1/portfolio-import/[portfolioId].ts',
    path: '/api/v1/portfolio-import/[portfolioId]',
    module: portfolioImport,
    methods: ['POST'],
    query: importQuerySchema,
    rawBody: true,
    portfolioHeader: true,
  },
  {
    file: 'api/v1/portfolio-performance/[portfolioId].ts',
    path: '/api/v1/portfolio-performance/[portfolioId]',
    module: portfolioPerformance,
    methods: ['GET'],
    query: performanceQuerySchema(TODAY),
    portfolioHeader: true,
  },
  {
    file: 'api/v1/portfolio-results/[portfolioId].ts',
    path: '/api/v1/portfolio-results/[portfolioId]',
    module: portfolioResults,
    methods: ['GET'],
    query: resultsQuerySchema,
    portfolioHeader: true,
  },
  {
    file: 'api/v1/tax/[year]/index.ts',
    path: '/api/v1/tax/[year]',
    module: personTax,
    methods: ['GET'],
    portfolioHeader: true,
  },
  {
    file: 'api/v1/tax/simulate.ts',
    path: '/api/v1/tax/simulate',
    module: taxSimulate,
    methods: ['GET'],
    query: taxSimulateQuerySchema,
    portfolioHeader: true,
  },
  {
    file: 'api/v1/tax/harvest.ts',
    path: '/api/v1/tax/harvest',
    module: taxHarvest,
    methods: ['GET'],
    query: taxHarvestQuerySchema,
    portfolioHeader: true,
  },
  {
    file: 'api/v1/tax/[year]/export.csv.ts',
    path: '/api/v1/tax/[year]/export.csv',
    module: personTaxCsv,
    methods: ['GET'],
    portfolioHeader: true,
  },
  {
    file: 'api/v1/portfolio-tax/[portfolioId].ts',
    path: '/api/v1/portfolio-tax/[portfolioId]',
    module: portfolioTax,
    methods: ['GET'],
    query: taxQuerySchema,
    portfolioHeader: true,
  },
  {
    file: 'api/v1/portfolio/[id]/cash.ts',
    path: '/api/v1/portfolio/[id]/cash',
    module: cashTransactions,
    methods: ['GET'],
    portfolioHeader: true,
  },
  {
    file: 'api/v1/portfolio/[id]/[tickerId].ts',
    path: '/api/v1/portfolio/[id]/[tickerId]',
    module: tickerTransactions,
    methods: ['GET'],
    portfolioHeader: true,
  },
  {
    file: 'api/v1/portfolio/[id]/index.ts',
    path: '/api/v1/portfolio/[id]',
    module: transactionById,
    methods: ['DELETE'],
    portfolioHeader: true,
  },
  {
    file: 'api/v1/portfolio/metadata.ts',
    path: '/api/v1/portfolio/metadata',
    module: metadata,
    methods: ['GET'],
    query: metadataQuerySchema,
    portfolioHeader: true,
  },
  {
    file: 'api/v1/portfolio/transaction.ts',
    path: '/api/v1/portfolio/transaction',
    module: transaction,
    methods: ['PUT'],
    body: { PUT: updateTransactionSchema(TODAY) },
    portfolioHeader: true,
  },
  {
    file: 'api/v1/instrument-price/[tickerId].ts',
    path: '/api/v1/instrument-price/[tickerId]',
    module: instrumentPrice,
    methods: ['PUT'],
    body: { PUT: instrumentPriceSchema(TODAY) },
    portfolioHeader: true,
  },
  {
    file: 'api/v1/portfolioTransaction.ts',
    path: '/api/v1/portfolioTransaction',
    module: portfolioTransaction,
    methods: ['POST'],
    body: { POST: createTransactionSchema(TODAY) },
    portfolioHeader: true,
  },
  {
    file: 'api/v1/portfolios/[id].ts',
    path: '/api/v1/portfolios/[id]',
    module: portfoliosById,
    methods: ['GET', 'DELETE'],
    portfolioHeader: true,
  },
  {
    file: 'api/v1/portfolios/index.ts',
    path: '/api/v1/portfolios',
    module: portfoliosIndex,
    methods: ['POST', 'PUT'],
    body: { POST: createPortfolioSchema, PUT: updatePortfolioSchema },
    portfolioHeader: true,
  },
  {
    file: 'api/v1/signals/pattern-record.ts',
    path: '/api/v1/signals/pattern-record',
    module: signalsPatternRecord,
    methods: ['GET'],
    query: marketTrackRecordQuerySchema,
  },
  {
    file: 'api/v1/signals/track-record.ts',
    path: '/api/v1/signals/track-record',
    module: signalsTrackRecord,
    methods: ['GET'],
    query: marketTrackRecordQuerySchema,
  },
  {
    file: 'api/v1/ticker/[id].ts',
    path: '/api/v1/ticker/[id]',
    module: ticker,
    methods: ['GET'],
    query: tickerDetailQuerySchema,
  },
  {
    file: 'api/v1/ticker/[id]/day.ts',
    path: '/api/v1/ticker/[id]/day',
    module: tickerDay,
    methods: ['GET'],
    query: tickerDayQuerySchema(TODAY),
  },
  {
    file: 'api/v1/ticker/[id]/track-record.ts',
    path: '/api/v1/ticker/[id]/track-record',
    module: tickerTrackRecord,
    methods: ['GET'],
    query: trackRecordQuerySchema,
  },
  {
    file: 'api/v1/tickers/autocomplete.ts',
    path: '/api/v1/tickers/autocomplete',
    module: autocomplete,
    methods: ['GET'],
    query: autocompleteQuerySchema,
  },
  {
    file: 'api/v1/tickers/homeDashboard/[marketId].ts',
    path: '/api/v1/tickers/homeDashboard/[marketId]',
    module: homeDashboard,
    methods: ['GET'],
    query: homeDashboardQuerySchema,
  },
  {
    file: 'api/v1/tickers/list.ts',
    path: '/api/v1/tickers/list',
    module: tickersList,
    methods: ['GET'],
    query: tickerListQuerySchema,
  },
  {
    file: 'api/v1/user/create.ts',
    path: '/api/v1/user/create',
    module: userCreate,
    methods: ['POST'],
    body: { POST: createUserSchema },
  },
  {
    file: 'api/v1/user/export.ts',
    path: '/api/v1/user/export',
    module: userExport,
    methods: ['GET'],
  },
  {
    file: 'api/v1/user/verification-link.ts',
    path: '/api/v1/user/verification-link',
    module: userVerificationLink,
    methods: ['GET'],
  },
  {
    file: 'api/v1/user/getCurrent/[uid].ts',
    path: '/api/v1/user/getCurrent/[uid]',
    module: userGetCurrent,
    methods: ['GET'],
  },
  {
    file: 'api/v1/user/index.ts',
    path: '/api/v1/user',
    module: userIndex,
    // Not DELETE: it would delete the fuzzer's own account (covered by account-export-delete.test.ts).
    methods: ['PUT'],
    body: { PUT: updateUserSchema },
  },
  {
    file: 'api/v1/price-alerts/[id].ts',
    path: '/api/v1/price-alerts/[id]',
    module: priceAlertById,
    methods: ['DELETE', 'PATCH'],
  },
  {
    file: 'api/v1/price-alerts/index.ts',
    path: '/api/v1/price-alerts',
    module: priceAlertsIndex,
    methods: ['GET', 'POST'],
    body: { POST: priceAlertCreateSchema },
  },
  {
    file: 'api/v1/watchlist/[tickerId].ts',
    path: '/api/v1/watchlist/[tickerId]',
    module: watchlistByTicker,
    methods: ['PATCH', 'DELETE'],
    body: { PATCH: watchlistAlertsSchema },
  },
  {
    file: 'api/v1/watchlist/index.ts',
    path: '/api/v1/watchlist',
    module: watchlistIndex,
    methods: ['GET', 'POST'],
    body: { POST: watchlistAddSchema },
  },
];
