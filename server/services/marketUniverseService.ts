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
import { isinCheckDigitValid, universeMarket } from '@/server/market-data/universe';
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

import { DomainError, invalid, tooLarge } from './errors';
import { marketDataChanged } from './analysisSnapshotService';
import { budgetedProvider, recordProviderUsage } from './marketRefreshService';
import { stockUpsert } from './marketSyncTickers';
import { INDEX_MEMBERS_STATE } from './marketShared';

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

/** Largest file accepted for index members or segments (Euronext's full list is about 60 kB). */
export const MAX_UNIVERSE_FILE_BYTES = 512 * 1024;
/** Most entries an index-membership file may hold. */
const MAX_MEMBERS = 1000;

const ISIN_RE = /^[A-Z]{2}[A-Z0-9]{9}[0-9]$/;
const SYMBOL_RE = /^[A-Z0-9][A-Z0-9.-]{0,19}$/;

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
// Files

/** Split a line on the file's separator (semicolon, tab or comma), trimming quotes. */
function cells(line: string, separator: string): string[] {
  return line.split(separator).map((c) =>
    c
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim(),
  );
}

function separatorOf(firstLine: string): string {
  if (firstLine.includes(';')) return ';';
  if (firstLine.includes('\t')) return '\t';
  return ',';
}

function fileLines(content: string): string[] {
  if (Buffer.byteLength(content, 'utf8') > MAX_UNIVERSE_FILE_BYTES) {
    throw tooLarge('FILE_TOO_LARGE', `The file is larger than ${MAX_UNIVERSE_FILE_BYTES / 1024} kB`);
  }
  return content
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

const norm = (s: string) => s.toLowerCase().replace(/[^a-zæøå]/g, '');

/**
 * The entries of an index-membership file: symbols (EQNR) or ISINs (NO0010096985), one per line,
 * or a CSV whose header names a Symbol, Ticker, Code or ISIN column. Throws INVALID_MEMBER_FILE with
 * the line numbers of entries that are neither.
 */
export function parseMemberFile(content: string): string[] {
  const lines = fileLines(content);
  if (lines.length === 0) throw invalid('EMPTY_MEMBER_FILE', 'The file names no index members');
  const separator = separatorOf(lines[0]);
  const header = cells(lines[0], separator).map(norm);
  let column = header.findIndex((h) => h === 'isin');
  if (column < 0) column = header.findIndex((h) => ['symbol', 'ticker', 'code', 'kode'].includes(h));
  const rows = column >= 0 ? lines.slice(1) : lines;
  const start = column >= 0 ? 2 : 1;
  const entries: string[] = [];
  const errors: { line: number; value: string }[] = [];
  rows.forEach((line, i) => {
    const value = (
      column >= 0 ? (cells(line, separator)[column] ?? '') : cells(line, separator)[0]
    ).toUpperCase();
    const valid =
      (ISIN_RE.test(value) && isinCheckDigitValid(value)) || (SYMBOL_RE.test(value) && !ISIN_RE.test(value));
    if (valid) entries.push(value);
    else errors.push({ line: start + i, value: value.slice(0, 40) });
  });
  if (errors.length > 0) {
    throw invalid(
      'INVALID_MEMBER_FILE',
      `${errors.length} line(s) hold neither a symbol nor a valid ISIN (first: line ${errors[0].line} "${errors[0].value}")`,
      { errors: errors.slice(0, 20) },
    );
  }
  const unique = [...new Set(entries)];
  if (unique.length === 0) throw invalid('EMPTY_MEMBER_FILE', 'The file names no index members');
  if (unique.length > MAX_MEMBERS) {
    throw invalid(
      'TOO_MANY_MEMBERS',
      `An index has at most ${MAX_MEMBERS} members; the file names ${unique.length}`,
    );
  }
  return unique;
}

/** Euronext's "Market" words for the three Oslo segments (nb and en spellings). */
export function segmentOfMarket(text: string): OsloSegment | null {
  const t = text.toLowerCase();
  if (t.includes('growth')) return 'growth';
  if (t.includes('expand')) return 'expand';
  if (/oslo\s*b(ø|o)rs/.test(t) || t === 'xosl') return 'oslo_bors';
  if (t === 'merk') return 'growth';
  if (t === 'xoas') return 'expand';
  return null;
}

/**
 * Euronext's equities list for Oslo: a header with an ISIN (or Symbol) column and a Market column
 * ("Oslo Børs", "Euronext Expand Oslo", "Euronext Growth Oslo", or the MICs XOSL/XOAS/MERK). Lines
 * of other markets (Paris, Amsterdam …) are skipped. Returns key (ISIN or symbol) -> segment.
 */
export function parseSegmentFile(content: string): Map<string, OsloSegment> {
  const lines = fileLines(content);
  if (lines.length < 2) throw invalid('EMPTY_SEGMENT_FILE', 'The file has no rows under its header');
  // Euronext's download starts with the header; tolerate a title line above it.
  const headerAt = lines.findIndex((l) => /market/i.test(l) && /(isin|symbol)/i.test(l));
  if (headerAt < 0) {
    throw invalid(
      'SEGMENT_FILE_HEADER',
      'The file needs a header with a Market column and an ISIN or Symbol column',
    );
  }
  const separator = separatorOf(lines[headerAt]);
  const header = cells(lines[headerAt], separator).map(norm);
  const isinCol = header.indexOf('isin');
  const symbolCol = header.indexOf('symbol');
  const marketCol = header.indexOf('market');
  if (marketCol < 0 || (isinCol < 0 && symbolCol < 0)) {
    throw invalid(
      'SEGMENT_FILE_HEADER',
      'The file needs a header with a Market column and an ISIN or Symbol column',
    );
  }
  const out = new Map<string, OsloSegment>();
  for (const line of lines.slice(headerAt + 1)) {
    const row = cells(line, separator);
    const market = row[marketCol] ?? '';
    if (!/oslo|xosl|xoas|merk/i.test(market)) continue;
    const segment = segmentOfMarket(market);
    if (!segment) continue;
    const isin = isinCol >= 0 ? (row[isinCol] ?? '').toUpperCase() : '';
    const symbol = symbolCol >= 0 ? (row[symbolCol] ?? '').toUpperCase() : '';
    if (isin && ISIN_RE.test(isin)) out.set(isin, segment);
    else if (symbol && SYMBOL_RE.test(symbol)) out.set(symbol, segment);
  }
  if (out.size === 0) {
    throw invalid(
      'NO_OSLO_ROWS',
      'The file holds no Oslo share with a known segment (Oslo Børs, Expand, Growth)',
    );
  }
  return out;
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
