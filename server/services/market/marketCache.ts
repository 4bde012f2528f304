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
}

// On globalThis: Next bundles each API route separately, and all routes should share one cache.
const globalCache = globalThis as unknown as { __trendvaktMarketCache?: WeakMap<Db, CacheState> };

function stateFor(db: Db): CacheState {
  globalCache.__trendvaktMarketCache ??= new WeakMap();
  let state = globalCache.__trendvaktMarketCache.get(db);
  if (!state) {
    state = { version: null, checkedAt: Number.NEGATIVE_INFINITY, entries: new Map() };
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

/** Forget everything cached (after a sync in this process; tests). */
export function invalidateMarketCache(): void {
  globalCache.__trendvaktMarketCache = undefined;
}
