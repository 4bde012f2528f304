import type { MarketId } from '@/lib/constants';
import { analysisHref } from '@/components/market/links';
import { DEFAULT_TIMEFRAME, isTimeframe, type Timeframe } from '@/lib/constants';

/** Where a market switch leads, or null to stay on the page (it reads the chosen market itself). */
export type MarketSwitchTarget =
  | { kind: 'stay' }
  | { kind: 'href'; href: string }
  /** The analysis of the new market's main index (its ticker id is looked up first). */
  | { kind: 'index-analysis'; marketId: MarketId; timeframe: Timeframe };

/**
 * Issue 24 item 10: a market switch keeps the kind of page. The screener stays the screener (back
 * on its first page: the old page number means nothing in the other market), a ticker's analysis
 * becomes the new market's index analysis, and every other page — /home included — stays where it
 * is and shows the new market.
 */
export function marketSwitchTarget(
  pathname: string,
  query: Record<string, string | string[] | undefined>,
  marketId: MarketId,
): MarketSwitchTarget {
  if (pathname === '/market/analysis') {
    const tf = Number(Array.isArray(query.timeframe) ? query.timeframe[0] : query.timeframe);
    return { kind: 'index-analysis', marketId, timeframe: isTimeframe(tf) ? tf : DEFAULT_TIMEFRAME };
  }
  if (pathname === '/market/tickers' && query.page !== undefined) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (key === 'page' || value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) params.append(key, v);
    }
    const search = params.toString();
    return { kind: 'href', href: `/market/tickers${search ? `?${search}` : ''}` };
  }
  return { kind: 'stay' };
}

/** The analysis link of an index ticker, or the indexes list when the index is not known. */
export function indexAnalysisHref(tickerId: number | null, timeframe: Timeframe): string {
  return tickerId === null ? '/market/indexes' : analysisHref(tickerId, timeframe);
}
