/**
 * The first step of a market sync: which series a run covers. Tickers come from the stored
 * universe (the daily refresh) or the provider's symbol list (a first import, `listTickers`), plus
 * each market's main index; the index membership follows the stored universe members until an
 * admin sets it from a file or the provider (marketUniverseService).
 */
import type { MarketId } from '@/lib/constants';
import { foldForSearch } from '@/lib/search';
import type { Bar } from '@/lib/types/market';
import type { Db } from '@/server/db';
import {
  findUniverseTicker,
  universeMarket,
  type MarketDataProvider,
  type TickerInfo,
} from '@/server/market-data';
import {
  findTickerBySymbol,
  listTickerRows,
  replaceIndexMembers,
  upsertTickers,
  type TickerRow,
  type TickerUpsert,
} from '@/server/repositories/marketRepository';

import { INDEX_MEMBERS_STATE, type SyncProgress } from './marketShared';

/** One series a sync run covers: a stock or a market's main index. */
export interface SeriesTask {
  ticker: TickerRow;
  /** Its sync_state key. */
  key: string;
  fetch: (range: { from?: string; to: string }) => Promise<Bar[]>;
}

export function barsKey(countryId: MarketId, symbol: string): string {
  return `bars:${countryId}:${symbol}`;
}

/** A provider's ticker as the row the sync writes (also the universe sync's new listings). */
export function stockUpsert(countryId: MarketId, info: TickerInfo): TickerUpsert {
  return {
    countryId,
    symbol: info.symbol,
    name: info.name,
    searchName: foldForSearch(info.name),
    exchange: universeMarket(countryId).exchange,
    currency: info.currency,
    sector: info.sector,
    isin: info.isin,
    img: info.img,
    isIndex: false,
    segment: info.segment ?? null,
  };
}

function indexUpsert(countryId: MarketId): TickerUpsert {
  const market = universeMarket(countryId);
  return {
    countryId,
    symbol: market.index.symbol,
    name: market.index.name,
    searchName: foldForSearch(market.index.name),
    exchange: market.exchange,
    currency: market.currency,
    sector: null,
    isin: null,
    img: '',
    isIndex: true,
  };
}

/**
 * Store the tickers of `marketIds` (from the provider's list when `listTickers` or when a market
 * has no stocks yet, else the stored listed ones), keep the index membership, and return the
 * series to sync. `wanted`: only these symbols (stocks or index symbols).
 */
export async function syncSeriesTasks(
  db: Db,
  opts: {
    provider: MarketDataProvider;
    marketIds: readonly MarketId[];
    wanted: ReadonlySet<string> | undefined;
    listTickers: boolean;
    /** sync_state of the admin-set index memberships. */
    adminMembers: ReadonlyMap<string, string | null>;
    report: (progress: SyncProgress) => void;
  },
): Promise<SeriesTask[]> {
  const { provider, marketIds, wanted, report } = opts;
  const tasks: SeriesTask[] = [];
  for (const [i, countryId] of marketIds.entries()) {
    report({ phase: 'tickers', done: i, total: marketIds.length, item: String(countryId) });
    const indexSymbol = universeMarket(countryId).index.symbol;
    const withIndex = !wanted || wanted.has(indexSymbol);
    // Delisted shares stay stored for portfolios but are not refreshed (marketUniverseService).
    const known = (await listTickerRows(db, { countryId, listed: true })).filter(
      (t) => !wanted || wanted.has(t.symbol),
    );
    let stored: TickerRow[];
    if (opts.listTickers || known.filter((t) => !t.isIndex).length === 0) {
      const listed = (await provider.listSymbols(countryId)).filter((t) => !wanted || wanted.has(t.symbol));
      stored = await upsertTickers(db, [
        ...listed.map((info) => stockUpsert(countryId, info)),
        ...(withIndex ? [indexUpsert(countryId)] : []),
      ]);
    } else {
      stored = known.filter((t) => !t.isIndex);
      if (withIndex) stored.push(...(await upsertTickers(db, [indexUpsert(countryId)])));
    }
    for (const ticker of stored) {
      const symbol = ticker.symbol;
      tasks.push({
        ticker,
        key: barsKey(countryId, symbol),
        fetch: ticker.isIndex
          ? (range) => provider.getIndexBars(countryId, range)
          : (range) => provider.getDailyBars(symbol, countryId, range),
      });
    }
    // The index is made of the market's universe members that are stored (all of them after a full
    // sync) until an admin refreshes the membership from a file or the provider; then that one stays.
    const index = await findTickerBySymbol(db, countryId, indexSymbol);
    if (index && !opts.adminMembers.has(INDEX_MEMBERS_STATE.key(countryId))) {
      const members = (await listTickerRows(db, { countryId, isIndex: false }))
        .filter((t) => findUniverseTicker(countryId, t.symbol) !== undefined)
        .map((t) => t.id);
      await replaceIndexMembers(db, index.id, members);
    }
  }
  report({ phase: 'tickers', done: marketIds.length, total: marketIds.length });
  return tasks;
}
