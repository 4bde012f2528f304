/** @jest-environment node */
// The market read cache: one load per market-data version, a version check at most once a second,
// a failed load not kept, and invalidation at once after a sync in this process.
import type { Db, DbHandle } from '@/server/db';
import { bumpMarketDataVersion } from '@/server/repositories/marketRepository';
import {
  cachedMarketRead,
  invalidateMarketCache,
  VERSION_CHECK_MS,
} from '@/server/services/market/marketCache';

import { openTestDatabase } from '../../../helpers/db';

describe('cachedMarketRead', () => {
  let handle: DbHandle;
  let db: Db;
  let now = 1_000_000;

  beforeAll(async () => {
    handle = await openTestDatabase('pglite');
    db = handle.db;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    invalidateMarketCache();
    await handle.close();
  });
  beforeEach(() => invalidateMarketCache());

  it('loads once per version; another process’s change is seen after the check interval', async () => {
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cachedMarketRead(db, 'k', load), cachedMarketRead(db, 'k', load)])).toEqual([
      1, 1,
    ]);
    expect(await cachedMarketRead(db, 'k', load)).toBe(1);

    // Another process bumps the version (here: the repository directly, without invalidating).
    await bumpMarketDataVersion(db, '2025-01-06');
    now += VERSION_CHECK_MS - 1;
    expect(await cachedMarketRead(db, 'k', load)).toBe(1);
    now += 1;
    expect(await cachedMarketRead(db, 'k', load)).toBe(2);
    now += VERSION_CHECK_MS;
    expect(await cachedMarketRead(db, 'k', load)).toBe(2);
  });

  it('forgets everything on invalidation, and never keeps a failed load', async () => {
    let loads = 0;
    expect(await cachedMarketRead(db, 'k', async () => ++loads)).toBe(1);
    invalidateMarketCache();
    expect(await cachedMarketRead(db, 'k', async () => ++loads)).toBe(2);
    await expect(cachedMarketRead(db, 'bad', () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    );
    expect(await cachedMarketRead(db, 'bad', async () => 'ok')).toBe('ok');
  });
});
