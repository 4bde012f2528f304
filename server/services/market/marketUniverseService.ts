/**
 * A universe that follows the exchange (issue 28, item 4):
 *
 * - syncUniverse: the provider's symbol list (EODHD `exchange-symbol-list/{EX}`, one request) is
 *   compared with the stored stocks of the market. New listings are added with their ISIN; a stored
 *   share whose ISIN now appears under another code is renamed in place (same row id, so portfolios,
 *   bars and analysis follow it; the old code is kept as previous_symbol); a stored share gone from
 *   the list is marked delisted (delisted_on): its row, bars and analysis stay readable for
 *   portfolios, while the daily refresh and the lists leave it out. A delisted share listed again
 *   is relisted.
 * - refreshIndexMembers: the main index's members from a file the admin uploads (one symbol or ISIN
 *   per line, or a CSV with a Symbol/Ticker/ISIN column) or from the provider (EODHD's index
 *   constituents). Members not stored yet are looked up in the provider's symbol list and added.
 * - applySegmentFile: every Oslo share's Euronext segment (Euronext Oslo Børs, Expand, Growth) from
 *   Euronext's own equities list (columns ISIN/Symbol and Market), shown in the screener as a filter.
 *
 * Bad input is refused as a whole (DomainError with the offending lines); nothing is half-written.
 */
import { isOsloSegment, MARKET_OSLO, type MarketId, type OsloSegment } from '@/lib/constants';
import { foldForSearch } from '@/lib/search';
import type { Db } from '@/server/db';
import { isMarketDataError, type MarketDataProvider, type TickerInfo } from '@/server/market-data';
import { universeMarket } from '@/server/market-data/universe';
import {
  findTickerBySymbol,
  listIndexMemberIds,
  listTickerRows,
  markTickersDelisted,
  renameSyncStateKey,
  renameTicker,
  replaceIndexMembers,
  setSyncState,
  setTickerSegments,
  upsertTickers,
  type TickerRow,
} from '@/server/repositories/marketRepository';

import { DomainError, invalid } from '../errors';
import { marketDataChanged } from './analysisSnapshotService';
import { budgetedProvider, recordProviderUsage } from './marketRefreshService';
import { stockUpsert } from './marketSyncTickers';
import { INDEX_MEMBERS_STATE } from './marketShared';
import { parseMemberFile, parseSegmentFile } from './marketUniverseFiles';

export {
  MAX_UNIVERSE_FILE_BYTES,
  parseMemberFile,
  parseSegmentFile,
  segmentOfMarket,
} from './marketUniverseFiles';

/** What a universe sync changed. */
export interface UniverseSyncResult {
  marketId: MarketId;
  /** Shares the provider lists for the market (after its filter). */
  listed: number;
  added: { symbol: string; isin: string | null }[];
  renamed: { from: string; to: string }[];
  delisted: string[];
  relisted: string[];
  usage: { requests: number; calls: number } | null;
}

/** What an index-membership refresh did. */
export interface IndexMembersResult {
  marketId: MarketId;
  index: string;
  source: 'file' | 'provider';
  members: number;
  added: string[];
  removed: string[];
  /** Members that were not stored and came from the provider's symbol list. */
  newTickers: string[];
  usage: { requests: number; calls: number } | null;
}

const isoDay = (now: Date) => now.toISOString().slice(0, 10);

async function withProvider<T>(
  db: Db,
  opts: { now: Date; provider?: MarketDataProvider; env?: Record<string, string | undefined> },
  run: (provider: MarketDataProvider) => Promise<T>,
): Promise<{ value: T; usage: { requests: number; calls: number } | null }> {
  const provider = opts.provider ?? (await budgetedProvider(db, opts.now, opts.env ?? process.env));
  const before = provider.usage?.() ?? { requests: 0, calls: 0 };
  let usage: { requests: number; calls: number } | null = null;
  try {
    const value = await run(provider);
    usage = await recordProviderUsage(db, provider, opts.now, before);
    return { value, usage };
  } catch (err) {
    await recordProviderUsage(db, provider, opts.now, before);
    throw err;
  }
}

/** The stored stocks as the include set of listSymbols (symbols and ISINs). */
function includeOf(rows: readonly TickerRow[]) {
  return {
    symbols: new Set(rows.map((r) => r.symbol)),
    isins: new Set(rows.map((r) => r.isin).filter((i): i is string => i !== null)),
  };
}

/**
 * Bring the market's stored stocks in line with the provider's symbol list (see the module
 * comment). A provider failure stops the sync before anything is written.
 */
export async function syncUniverse(
  db: Db,
  marketId: MarketId,
  opts: { now: Date; provider?: MarketDataProvider; env?: Record<string, string | undefined> },
): Promise<UniverseSyncResult> {
  const stored = await listTickerRows(db, { countryId: marketId, isIndex: false });
  const { value: listed, usage } = await withProvider(db, opts, (provider) =>
    provider.listSymbols(marketId, includeOf(stored)),
  );
  if (listed.length === 0) {
    // An empty list is a provider fault, never "every share was delisted".
    throw new DomainError(
      'unavailable',
      'EMPTY_SYMBOL_LIST',
      'The provider listed no shares for this market: nothing was changed',
    );
  }
  const listedBySymbol = new Map(listed.map((t) => [t.symbol, t]));
  const storedBySymbol = new Map(stored.map((t) => [t.symbol, t]));

  // Renames: a stored share missing from the list whose ISIN is listed under a code not stored.
  const renamed: { from: string; to: string }[] = [];
  const renamedIds = new Set<number>();
  const listedByIsin = new Map(listed.filter((t) => t.isin).map((t) => [t.isin!, t]));
  for (const row of stored) {
    if (listedBySymbol.has(row.symbol) || row.isin === null) continue;
    const next = listedByIsin.get(row.isin);
    if (!next || storedBySymbol.has(next.symbol)) continue;
    await renameTicker(db, row.id, {
      symbol: next.symbol,
      name: next.name,
      searchName: foldForSearch(next.name),
      previousSymbol: row.symbol,
    });
    // The bars' bookkeeping follows the row (sync_state keys name the symbol).
    await renameSyncStateKey(db, `bars:${marketId}:${row.symbol}`, `bars:${marketId}:${next.symbol}`);
    renamed.push({ from: row.symbol, to: next.symbol });
    renamedIds.add(row.id);
    storedBySymbol.set(next.symbol, { ...row, symbol: next.symbol });
  }

  const added = listed
    .filter((t) => !storedBySymbol.has(t.symbol))
    .map((t) => ({ symbol: t.symbol, isin: t.isin }));
  const relisted = stored
    .filter((t) => t.delistedOn !== null && listedBySymbol.has(t.symbol))
    .map((t) => t.symbol);
  // Every listed share is upserted: names, ISINs and segments refreshed, a delisted mark cleared.
  await upsertTickers(
    db,
    listed.map((t) => stockUpsert(marketId, t)),
  );

  const gone = stored.filter(
    (t) => t.delistedOn === null && !renamedIds.has(t.id) && !listedBySymbol.has(t.symbol),
  );
  await markTickersDelisted(
    db,
    gone.map((t) => t.id),
    isoDay(opts.now),
  );
  await marketDataChanged(db, null);
  return {
    marketId,
    listed: listed.length,
    added,
    renamed,
    delisted: gone.map((t) => t.symbol),
    relisted,
    usage,
  };
}

// ---------------------------------------------------------------------------------------------
// Index members and segments

/**
 * Make the market's main index hold exactly the members named by a file or the provider. Members
 * not stored yet are looked up in the provider's symbol list (by symbol or ISIN) and added; a member
 * found nowhere refuses the whole refresh (UNKNOWN_MEMBERS with the list), so the index is never
 * left half-replaced.
 */
export async function refreshIndexMembers(
  db: Db,
  marketId: MarketId,
  opts: {
    now: Date;
    source: { kind: 'file'; content: string } | { kind: 'provider' };
    provider?: MarketDataProvider;
    env?: Record<string, string | undefined>;
  },
): Promise<IndexMembersResult> {
  const indexSymbol = universeMarket(marketId).index.symbol;
  const index = await findTickerBySymbol(db, marketId, indexSymbol);
  if (!index) {
    throw new DomainError(
      'conflict',
      'INDEX_NOT_STORED',
      `${indexSymbol} is not stored yet: run the market sync first`,
    );
  }
  // Parsed before any request: a bad file costs no API call.
  const fromFile = opts.source.kind === 'file' ? parseMemberFile(opts.source.content) : null;
  const { value, usage } = await withProvider(db, opts, async (provider) => {
    let entries = fromFile;
    if (entries === null) {
      if (!provider.getIndexMembers) {
        throw invalid(
          'NO_PROVIDER_MEMBERS',
          `The ${provider.name} provider has no index constituents: upload a file`,
        );
      }
      entries = await provider.getIndexMembers(marketId);
    }
    const stocks = await listTickerRows(db, { countryId: marketId, isIndex: false });
    const bySymbol = new Map(stocks.map((t) => [t.symbol, t]));
    const byIsin = new Map(stocks.filter((t) => t.isin).map((t) => [t.isin!, t]));
    const resolve = (e: string) => bySymbol.get(e) ?? byIsin.get(e);
    let missing = entries.filter((e) => !resolve(e));
    const newTickers: string[] = [];
    if (missing.length > 0) {
      const wanted = new Set(missing);
      let listed: TickerInfo[] = [];
      try {
        listed = await provider.listSymbols(marketId, { symbols: wanted, isins: wanted });
      } catch (err) {
        if (!isMarketDataError(err)) throw err;
        throw new DomainError(
          'unavailable',
          'PROVIDER_FAILED',
          `The members not stored yet could not be looked up: ${err.message}`,
        );
      }
      const found = listed.filter((t) => wanted.has(t.symbol) || (t.isin !== null && wanted.has(t.isin)));
      const covered = new Set(found.flatMap((t) => [t.symbol, t.isin ?? '']));
      missing = missing.filter((e) => !covered.has(e));
      if (missing.length > 0) {
        throw invalid(
          'UNKNOWN_MEMBERS',
          `${missing.length} member(s) are not listed on the exchange: ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ' …' : ''}`,
          { unknown: missing },
        );
      }
      for (const row of await upsertTickers(
        db,
        found.map((t) => stockUpsert(marketId, t)),
      )) {
        bySymbol.set(row.symbol, row);
        if (row.isin) byIsin.set(row.isin, row);
        newTickers.push(row.symbol);
      }
    }
    const members = [...new Set(entries.map((e) => resolve(e)!.id))];
    return { members, newTickers, stocks: [...bySymbol.values()] };
  });
  const before = new Set(await listIndexMemberIds(db, index.id));
  await replaceIndexMembers(db, index.id, value.members);
  // From now on the sync keeps this membership (not the universe file's).
  await setSyncState(db, INDEX_MEMBERS_STATE.provider, INDEX_MEMBERS_STATE.key(marketId), isoDay(opts.now));
  const after = new Set(value.members);
  const symbolOf = new Map(value.stocks.map((t) => [t.id, t.symbol]));
  await marketDataChanged(db, null);
  return {
    marketId,
    index: indexSymbol,
    source: opts.source.kind,
    members: after.size,
    added: [...after].filter((id) => !before.has(id)).map((id) => symbolOf.get(id) ?? String(id)),
    removed: [...before].filter((id) => !after.has(id)).map((id) => symbolOf.get(id) ?? String(id)),
    newTickers: value.newTickers,
    usage,
  };
}

/**
 * Store the Euronext segment of every Oslo share named in Euronext's equities list (matched by
 * ISIN, else by symbol). Shares the file does not name keep what they had.
 */
export async function applySegmentFile(
  db: Db,
  content: string,
): Promise<{ matched: number; unmatched: number; bySegment: Record<OsloSegment, number> }> {
  const segments = parseSegmentFile(content);
  const stocks = await listTickerRows(db, { countryId: MARKET_OSLO, isIndex: false });
  const updates = new Map<number, OsloSegment>();
  for (const t of stocks) {
    const segment = (t.isin ? segments.get(t.isin) : undefined) ?? segments.get(t.symbol);
    if (segment && isOsloSegment(segment)) updates.set(t.id, segment);
  }
  await setTickerSegments(db, updates);
  await marketDataChanged(db, null);
  const bySegment: Record<OsloSegment, number> = { oslo_bors: 0, expand: 0, growth: 0 };
  for (const s of updates.values()) bySegment[s] += 1;
  return { matched: updates.size, unmatched: stocks.length - updates.size, bySegment };
}
