import type { Timeframe } from '@/lib/constants';

/** SPEC §2: the analysis page of a ticker in a timeframe. */
export function analysisHref(tickerId: number, timeframe: Timeframe): string {
  return `/market/analysis?tickerID=${encodeURIComponent(String(tickerId))}&timeframe=${timeframe}`;
}

/** Indexes (OSEBX.INDX, NDX.INDX) are quoted in points, not in a currency. */
export function isIndexSymbol(symbol: string): boolean {
  return symbol.toUpperCase().endsWith('.INDX');
}
