/**
 * An in-process cache for the market API's read sets (latest snapshot sets, the ticker search
 * list). Market data changes only through a sync or an import, and every one of those bumps the
 * market-data version in the database (sync_state 'market-data'/'version'). The cache compares that
 * stamp at most once per VERSION_CHECK_MS, so:
 * - a sync in this process invalidates the cache at once (invalidateMarketCache);
 * - a sync in another process (a scheduled `npm run market:sync` against PostgreSQL) is seen
 *   within VERSION_CHECK_MS;
 * - between changes, a list request costs no database query at all.
 * Entries are per database handle (a WeakMap), so tests on several databases never share them.
 *
 * Keys chosen by a visitor (a public page's symbol) must not grow the cache without bound:
 * cachedMarketReadOrMiss keeps what was found with the other entries (bounded by the universe) and
 * what was not found in a least-recently-used map of a fixed size per space (issue 40).
 */
import type { Db } from '@/server/db';
import { getMarketDataVersion } from '@/server/repositories/marketRepository';

/** How long a version check holds. */
export const VERSION_CHECK_MS = 1000;

interface CacheState {
  version: string | null;
  checkedAt: number;
  checking?: Promise<void>;
  entries: Map<string, Promise<unknown>>;
  /** Not-found answers and loads in flight of visitor-chosen keys, per space (LRU, bounded). */
  misses: Map<string, Map<string, Promise<unknown>>>;
}

// On globalThis: Next bundles each API route separately, and all routes should share one cache.
const globalCache = globalThis as unknown as { __trendvaktMarketCache?: WeakMap<Db, CacheState> };

function stateFor(db: Db): CacheState {
  globalCache.__trendvaktMarketCache ??= new WeakMap();
  let state = globalCache.__trendvaktMarketCache.get(db);
  if (!state) {
    state = { version: null, checkedAt: Number.NEGATIVE_INFINITY, entries: new Map(), misses: new Map() };
    globalCache.__trendvaktMarketCache.set(db, state);
  }
  return state;
}

async function refreshVersion(db: Db, state: CacheState): Promise<void> {
  if (Date.now() - state.checkedAt < VERSION_CHECK_MS) return;
  // One check at a time: concurrent requests wait for the same query.
  state.checking ??= getMarketDataVersion(db)
    .then((version) => {
      state.checkedAt = Date.now();
      if (version !== state.version) {
        state.version = version;
        state.entries = new Map();
        state.misses = new Map();
      }
    })
    .finally(() => {
      state.checking = undefined;
    });
  await state.checking;
}

/** The cached value of `key`, loaded with `load` when missing or when the market data changed. */
export async function cachedMarketRead<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  const state = stateFor(db);
  await refreshVersion(db, state);
  const entries = state.entries;
  let entry = entries.get(key) as Promise<T> | undefined;
  if (!entry) {
    entry = load();
    entries.set(key, entry);
    // A failed read must not stay cached.
    entry.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
  }
  return entry;
}

/**
 * Like cachedMarketRead for a key a visitor chooses (`space|key`): a value is kept with the other
 * entries, but a `null` answer ("not found") and a load still in flight are kept in `space`'s
 * least-recently-used map of at most `cap` entries, so any number of distinct unknown keys costs
 * at most `cap` entries. A Map iterates in insertion order: re-inserting on use makes the first
 * key the least recently used one.
 */
export async function cachedMarketReadOrMiss<T>(
  db: Db,
  space: string,
  key: string,
  cap: number,
  load: () => Promise<T | null>,
): Promise<T | null> {
  const state = stateFor(db);
  await refreshVersion(db, state);
  const fullKey = `${space}|${key}`;
  const found = state.entries.get(fullKey) as Promise<T> | undefined;
  if (found) return found;
  const { entries } = state;
  let misses = state.misses.get(space);
  if (!misses) {
    misses = new Map();
    state.misses.set(space, misses);
  }
  const lru = misses;
  const cached = lru.get(key) as Promise<T | null> | undefined;
  if (cached) {
    lru.delete(key);
    lru.set(key, cached);
    return cached;
  }
  const entry = load();
  lru.set(key, entry);
  while (lru.size > cap) lru.delete(lru.keys().next().value as string);
  entry.then(
    (value) => {
      // Found: it moves to the entries, bounded by the universe; a miss stays in the LRU.
      if (value !== null && lru.get(key) === entry) {
        lru.delete(key);
        if (state.entries === entries) entries.set(fullKey, entry);
      }
    },
    () => {
      // A failed read must not stay cached.
      if (lru.get(key) === entry) lru.delete(key);
    },
  );
  return entry;
}

/** How many not-found answers `space` holds for `db` (tests, the bounded-cache check). */
export function marketMissCount(db: Db, space: string): number {
  return stateFor(db).misses.get(space)?.size ?? 0;
}

/** How many entries (found values) the cache holds for `db` (tests). */
export function marketEntryCount(db: Db): number {
  return stateFor(db).entries.size;
}

/** Forget everything cached (after a sync in this process; tests). */
export function invalidateMarketCache(): void {
  globalCache.__trendvaktMarketCache = undefined;
}
