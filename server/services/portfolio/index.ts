/**
 * The portfolio feature's public face: routes, jobs, scripts and other features import this file,
 * never a file inside the folder (the architecture test checks it).
 * Portfolios and their transactions, the watchlist, and what a portfolio is worth (results, performance, cash), with their caches and the demo portfolio.
 */
export * from './portfolioAnalyticsInputs';
export * from './portfolioAnalyticsParts';
export * from './portfolioAnalyticsService';
export * from './portfolioCache';
export * from './portfolioDemo';
export * from './portfolioDtos';
export * from './portfolioService';
export * from './transactionSanityService';
export * from './watchlistService';
export * from './instrumentPriceService';
