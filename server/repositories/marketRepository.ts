/**
 * Market data in the database (DESIGN.md §8): markets, tickers, daily bars, USD/NOK, index
 * membership, analysis snapshots and the sync bookkeeping. Market data is not user data, so nothing
 * here takes a user id.
 *
 * Bulk writes pass whole columns as array parameters and `unnest` them in SQL: one statement per
 * ticker instead of one per row (PGlite runs PostgreSQL in WASM, where every statement costs) and far
 * below PostgreSQL's 65,535-parameter limit. Dates are read as `date::text` in raw SQL so that both
 * drivers return ISO strings (node-postgres would otherwise build local-time Date objects).
 *
 * Split by concern into ./market/: tickers and markets (with index membership), ticker references
 * (the portfolio, watchlist and broker-file lookups), daily bars, FX,
 * analysis snapshots, and the sync bookkeeping (sync state and the market-data version stamp).
 * This module re-exports them all, so callers import from one place.
 */
export * from './market/tickerRepository';
export * from './market/tickerRefRepository';
export * from './market/barRepository';
export * from './market/fxRepository';
export * from './market/snapshotRepository';
export * from './market/syncStateRepository';
export * from './market/dividendRepository';
