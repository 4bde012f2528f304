/** @jest-environment node */
// Issue 40: the public stock routes cache "not found" symbols in an LRU of a fixed size, so a
// visitor sending any number of distinct unknown symbols cannot grow the server's memory.
import type { Db, DbHandle } from '@/server/db';
import {
  cachedMarketReadOrMiss,
  invalidateMarketCache,
  marketEntryCount,
  marketMissCount,
} from '@/server/services/market/marketCache';
import { getPublicStock, PUBLIC_MISS_CACHE_CAP } from '@/server/services/market/publicStockService';

import { openTestDatabase } from '../../../helpers/db';

describe('the public pages’ not-found cache', () => {
  let handle: DbHandle;
  let db: Db;

  beforeAll(async () => {
    handle = await openTestDatabase('pglite');
    db = handle.db;
  });
  afterAll(async () => {
    invalidateMarketCache();
    await handle.close();
  });
  beforeEach(() => invalidateMarketCache());

  it('keeps 200,000 distinct unknown symbols at the cap', async () => {
    let loads = 0;
    const miss = async () => {
      loads += 1;
      return null;
    };
    for (let i = 0; i < 200_000; i += 1) {
      // Each symbol once: every call is a miss that must be loaded.
      await cachedMarketReadOrMiss(db, 'public-stock', `X${i}`, PUBLIC_MISS_CACHE_CAP, miss);
    }
    expect(loads).toBe(200_000);
    expect(marketMissCount(db, 'public-stock')).toBe(PUBLIC_MISS_CACHE_CAP);
    expect(marketEntryCount(db)).toBe(0);
    // The newest misses are the ones kept: the last symbol is answered without a load, the first
    // one (evicted long ago) is loaded again.
    await cachedMarketReadOrMiss(db, 'public-stock', 'X199999', PUBLIC_MISS_CACHE_CAP, miss);
    expect(loads).toBe(200_000);
    await cachedMarketReadOrMiss(db, 'public-stock', 'X0', PUBLIC_MISS_CACHE_CAP, miss);
    expect(loads).toBe(200_001);
  });

  it('evicts the least recently used miss, and keeps found values apart from the misses', async () => {
    const loaded: string[] = [];
    const read = (key: string, value: string | null) =>
      cachedMarketReadOrMiss(db, 's', key, 2, async () => {
        loaded.push(key);
        return value;
      });
    await read('A', null);
    await read('B', null);
    await read('A', null); // A is now the most recently used: B goes first.
    await read('C', null);
    expect(marketMissCount(db, 's')).toBe(2);
    await read('A', null);
    await read('B', null);
    // Loads: A, B, C, then B again (evicted by C); A was kept.
    expect(loaded).toEqual(['A', 'B', 'C', 'B']);

    // A found value is not counted against the misses, and is not evicted by them.
    expect(await read('REAL', 'page')).toBe('page');
    for (const k of ['D', 'E', 'F']) await read(k, null);
    expect(await read('REAL', 'other')).toBe('page');
    expect(marketMissCount(db, 's')).toBe(2);
    expect(marketEntryCount(db)).toBe(1);
  });

  it('never keeps a failed load', async () => {
    await expect(
      cachedMarketReadOrMiss(db, 's', 'K', 2, () => Promise.reject(new Error('down'))),
    ).rejects.toThrow('down');
    expect(marketMissCount(db, 's')).toBe(0);
    expect(await cachedMarketReadOrMiss(db, 's', 'K', 2, async () => 'ok')).toBe('ok');
  });

  it('getPublicStock goes through the bounded cache (an empty database: every symbol is unknown)', async () => {
    const count = PUBLIC_MISS_CACHE_CAP + 50;
    for (let i = 0; i < count; i += 1) expect(await getPublicStock(db, `NOPE${i}`)).toBeNull();
    expect(marketMissCount(db, 'public-stock')).toBe(PUBLIC_MISS_CACHE_CAP);
    expect(marketEntryCount(db)).toBe(0);
  });
});
