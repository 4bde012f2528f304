/**
 * The market feature's public face: routes, jobs, scripts and other features import this file,
 * never a file inside the folder (the architecture test checks it).
 * Market data: the universe, sync and the daily refresh, the analysis snapshot, lists, search, the dashboard, ticker detail, the track record and the public stock pages.
 */
export * from './analysisSnapshotService';
export * from './marketCache';
export * from './marketDashboardService';
export * from './marketListService';
export * from './marketOperationsService';
export * from './marketRefreshService';
export * from './marketSearchService';
export * from './marketShared';
export * from './marketSyncService';
export * from './marketTickerService';
export * from './marketUniverseService';
export * from './priceImportService';
export * from './publicStockService';
export * from './trackRecordService';
export { getMarketPatternRecord } from './patternRecordService';
