// A small but real market data set for the market tests: the demo generator for the whole Oslo
// universe and a handful of NASDAQ tickers, seven years up to a fixed date, through the real sync.
import { MARKET_OSLO, MARKET_US } from '@/lib/constants';
import type { Bar } from '@/lib/types/market';
import type { Db } from '@/server/db';
import { DemoProvider, universeMarket, universeTickers } from '@/server/market-data';
import { syncMarketData, type SyncResult } from '@/server/services/market/marketSyncService';

/** A Wednesday on which the demo data has buy and sell signals and strongly negative volume balances. */
export const TEST_END = '2025-12-31';
/**
 * Oslo Børs is closed on New Year's Eve (exchangeHolidays.json), and the demo data follows the
 * exchange calendar (issue 24): Oslo's last session up to TEST_END is Tuesday 30 December.
 */
export const OSLO_TEST_END = '2025-12-30';
/** Enough for the long timeframe's 1,500 sessions, less to insert than ten years. */
export const TEST_HISTORY_YEARS = 7;

export const US_TEST_SYMBOLS = [
  'AAPL',
  'MSFT',
  'NVDA',
  'AMZN',
  'GOOGL',
  'META',
  'TSLA',
  'COST',
  'NFLX',
  'ADBE',
];

/**
 * The Oslo shares of the test set: the OSEBX constituents and six small caps (four on Euronext
 * Growth, two on Euronext Expand), so the segment filter has something to find without syncing all
 * 266 Oslo shares in every market suite.
 */
export const OSLO_SMALL_CAP_TEST_SYMBOLS = ['HAV', 'NORDH', 'HYN', 'OSUN', 'NORSE', 'NOFIN'];

export function osloTestSymbols(): string[] {
  return [
    ...universeTickers(MARKET_OSLO)
      .filter((t) => t.indexMember)
      .map((t) => t.symbol),
    ...OSLO_SMALL_CAP_TEST_SYMBOLS,
  ];
}

/** The Oslo test shares, ten NASDAQ ones and both main indexes. */
export function testSymbols(): string[] {
  return [
    ...osloTestSymbols(),
    universeMarket(MARKET_OSLO).index.symbol,
    ...US_TEST_SYMBOLS,
    universeMarket(MARKET_US).index.symbol,
  ];
}

/**
 * Seed the test set with the demo provider (the real sync and analysis). The market suites never
 * read track records, so they skip them by default (their own tests compute them).
 */
export function seedTestMarket(
  db: Db,
  opts: { to?: string; symbols?: string[]; trackRecords?: boolean } = {},
): Promise<SyncResult> {
  return syncMarketData(db, {
    provider: new DemoProvider(),
    to: opts.to ?? TEST_END,
    symbols: opts.symbols ?? testSymbols(),
    historyYears: TEST_HISTORY_YEARS,
    trackRecords: opts.trackRecords ?? false,
  });
}

/** DESIGN.md §6 RSI, written out again: Wilder's 14-period RSI of the closes. */
export function referenceRsi(closes: readonly number[]): number {
  const period = 14;
  let gain = 0;
  let loss = 0;
  for (let i = 1; i <= period; i++) {
    const change = closes[i] - closes[i - 1];
    gain += Math.max(change, 0);
    loss += Math.max(-change, 0);
  }
  gain /= period;
  loss /= period;
  for (let i = period + 1; i < closes.length; i++) {
    const change = closes[i] - closes[i - 1];
    gain = (gain * (period - 1) + Math.max(change, 0)) / period;
    loss = (loss * (period - 1) + Math.max(-change, 0)) / period;
  }
  return loss === 0 ? 100 : 100 - 100 / (1 + gain / loss);
}

/** DESIGN.md §6 volume balance over the last n sessions (each compared with the session before it). */
export function referenceVolumeBalance(bars: readonly Bar[], n: number): number {
  let up = 0;
  let down = 0;
  for (let i = Math.max(1, bars.length - n); i < bars.length; i++) {
    if (bars[i].close > bars[i - 1].close) up += bars[i].volume;
    if (bars[i].close < bars[i - 1].close) down += bars[i].volume;
  }
  return up + down === 0 ? 0 : (up - down) / (up + down);
}
