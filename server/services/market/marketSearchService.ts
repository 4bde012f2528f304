/**
 * GET /api/v1/tickers/autocomplete (DESIGN.md §5): the ticker search over the cached ticker list
 * (./marketCache, invalidated by every sync), ranked in memory.
 */
import { DEFAULT_MARKET, type MarketId } from '@/lib/constants';
import { foldForSearch } from '@/lib/search';
import type { TickerSuggestion } from '@/lib/types/market';
import type { Db } from '@/server/db';
import { listTickerRows } from '@/server/repositories/marketRepository';
import { cachedMarketRead } from './marketCache';
import { nameCollator } from './marketListService';

/** A ticker as the search sees it: folded name and symbol beside the suggestion it becomes. */
export interface SearchEntry {
  suggestion: TickerSuggestion;
  /** foldForSearch(name), as stored in tickers.search_name. */
  name: string;
  /** foldForSearch(symbol). */
  symbol: string;
  isIndex: boolean;
}

/** How well `entry` matches the folded query: 0 best … 4 weakest, undefined for no match. */
function matchRank(entry: SearchEntry, query: string): number | undefined {
  if (entry.symbol === query) return 0;
  if (entry.symbol.startsWith(query)) return 1;
  if (entry.name.startsWith(query)) return 2;
  if (entry.name.includes(` ${query}`)) return 3;
  if (entry.name.includes(query) || entry.symbol.includes(query)) return 4;
  return undefined;
}

/**
 * The ticker search (DESIGN.md §5): entries whose folded name or symbol contains the folded query,
 * ranked exact symbol, symbol prefix, name prefix, a word of the name starting with the query, any
 * other match; then the preferred market (the one asked for, else Oslo Børs, the default market),
 * stocks before indexes, listed before delisted, name and id. Pure: the entries come from the cached ticker list.
 */
export function rankSuggestions(
  entries: readonly SearchEntry[],
  query: { folded: string; countryId?: MarketId; limit: number },
): TickerSuggestion[] {
  const preferred = query.countryId ?? DEFAULT_MARKET;
  const hits: { entry: SearchEntry; rank: number }[] = [];
  for (const entry of entries) {
    if (query.countryId !== undefined && entry.suggestion.country_id !== query.countryId) continue;
    const rank = matchRank(entry, query.folded);
    if (rank !== undefined) hits.push({ entry, rank });
  }
  hits.sort(
    (a, b) =>
      a.rank - b.rank ||
      Number(b.entry.suggestion.country_id === preferred) -
        Number(a.entry.suggestion.country_id === preferred) ||
      Number(a.entry.isIndex) - Number(b.entry.isIndex) ||
      // A delisted share after the listed ones that match as well (a renamed share's old code).
      Number(a.entry.suggestion.delisted_on !== null) - Number(b.entry.suggestion.delisted_on !== null) ||
      nameCollator.compare(a.entry.suggestion.long_name, b.entry.suggestion.long_name) ||
      a.entry.suggestion.ticker_id - b.entry.suggestion.ticker_id,
  );
  return hits.slice(0, query.limit).map((h) => h.entry.suggestion);
}

function searchEntries(db: Db): Promise<SearchEntry[]> {
  return cachedMarketRead(db, 'search', async () =>
    (await listTickerRows(db)).map((t) => ({
      suggestion: {
        ticker_id: t.id,
        long_name: t.name,
        symbol: t.symbol,
        img: t.img,
        country_id: t.countryId as MarketId,
        delisted_on: t.delistedOn,
      },
      name: t.searchName,
      symbol: foldForSearch(t.symbol),
      isIndex: t.isIndex,
    })),
  );
}

/**
 * GET /api/v1/tickers/autocomplete: at most `limit` tickers whose name or symbol contains the
 * search, case- and diacritic-insensitive (lib/search), prefix matches first. Empty search: [].
 */
export async function autocompleteTickers(
  db: Db,
  query: { search: string; countryId?: MarketId; limit: number; allMarkets?: boolean },
): Promise<TickerSuggestion[]> {
  const folded = foldForSearch(query.search);
  if (folded === '') return [];
  const entries = await searchEntries(db);
  if (!query.allMarkets || query.countryId === undefined) {
    return rankSuggestions(entries, { folded, countryId: query.countryId, limit: query.limit });
  }
  return selectedMarketFirst(entries, { folded, countryId: query.countryId, limit: query.limit });
}

/** How many places of a cross-market answer are kept for the other markets when they match. */
const OTHER_MARKET_PLACES = 3;

/**
 * `allMarkets=true` (issue 25, the header search): the selected market's matches first (ranked as
 * usual), then the other markets' — at most `limit` in all, with up to OTHER_MARKET_PLACES kept for
 * the other markets when the selected one has more matches than fit.
 */
export function selectedMarketFirst(
  entries: readonly SearchEntry[],
  query: { folded: string; countryId: MarketId; limit: number },
): TickerSuggestion[] {
  const selected = rankSuggestions(entries, query);
  const others = rankSuggestions(
    entries.filter((e) => e.suggestion.country_id !== query.countryId),
    { folded: query.folded, limit: query.limit },
  );
  const keepSelected = Math.max(
    query.limit - Math.min(others.length, OTHER_MARKET_PLACES),
    query.limit - others.length,
  );
  const head = selected.slice(0, keepSelected);
  return [...head, ...others.slice(0, query.limit - head.length)];
}
