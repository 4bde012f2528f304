/**
 * A small in-process memo for computed portfolio figures. Entries are keyed on everything the
 * figure depends on (the portfolio's revision, which every write bumps in the database, plus the
 * market data stamps), so a stale entry is never served after a change, in this process or any
 * other; the cache only saves recomputing. Bounded by entry count and age.
 */

interface Entry<T> {
  value: T;
  expires: number;
}

export class MemoCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    // Re-insert: Map keeps insertion order, so the first key is always the least recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** Drop every entry whose key starts with `prefix` (a portfolio that was written or deleted). */
  deletePrefix(prefix: string): void {
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

// Next bundles each API route separately: keep the caches on globalThis so that every route of one
// server process shares them (as server/db does with its handle).
const registry = globalThis as unknown as {
  __trendvaktPortfolioCaches?: Map<string, MemoCache<unknown>>;
  __trendvaktPortfolioMarketCaches?: WeakMap<object, Map<string, MemoCache<unknown>>>;
};

/** The process-wide cache called `name` (created on first use). */
export function sharedCache<T>(name: string, maxEntries: number, ttlMs: number): MemoCache<T> {
  registry.__trendvaktPortfolioCaches ??= new Map();
  let cache = registry.__trendvaktPortfolioCaches.get(name);
  if (!cache) {
    cache = new MemoCache<unknown>(maxEntries, ttlMs);
    registry.__trendvaktPortfolioCaches.set(name, cache);
  }
  return cache as MemoCache<T>;
}

/**
 * The process-wide cache called `name` for figures read from one database's market data (prices,
 * rates): keyed by the database handle as well, so two databases in one process (tests) never
 * share an entry even when their stamps agree.
 */
export function marketScopedCache<T>(
  db: object,
  name: string,
  maxEntries: number,
  ttlMs: number,
): MemoCache<T> {
  registry.__trendvaktPortfolioMarketCaches ??= new WeakMap();
  let caches = registry.__trendvaktPortfolioMarketCaches.get(db);
  if (!caches) {
    caches = new Map();
    registry.__trendvaktPortfolioMarketCaches.set(db, caches);
  }
  let cache = caches.get(name);
  if (!cache) {
    cache = new MemoCache<unknown>(maxEntries, ttlMs);
    caches.set(name, cache);
  }
  return cache as MemoCache<T>;
}

/** Forget everything computed for a deleted portfolio (memory only: the keys already guard correctness). */
export function forgetPortfolio(portfolioId: number): void {
  for (const cache of registry.__trendvaktPortfolioCaches?.values() ?? [])
    cache.deletePrefix(`${portfolioId}|`);
}

/** Empty every portfolio cache (tests, benchmarks measuring cold figures). */
export function clearPortfolioCaches(): void {
  for (const cache of registry.__trendvaktPortfolioCaches?.values() ?? []) cache.clear();
  registry.__trendvaktPortfolioMarketCaches = undefined;
}
