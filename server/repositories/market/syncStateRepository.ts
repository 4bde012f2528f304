/**
 * Sync bookkeeping: how far each provider series got, which provider a market came from, and the market-data version stamp that caches compare.
 * Part of the market repository (server/repositories/marketRepository.ts re-exports it).
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';

import type { MarketId } from '@/lib/constants';
import type { Db } from '@/server/db';
import { providerUsage, syncState } from '@/server/db/schema';

import { queryRows } from './sql';

// ---------------------------------------------------------------------------------------------
// Sync bookkeeping

/** Every sync_state row of a provider: key -> last date (null when none yet). */
export async function getSyncStates(db: Db, provider: string): Promise<Map<string, string | null>> {
  const rows = await db
    .select({ key: syncState.key, lastDate: syncState.lastDate })
    .from(syncState)
    .where(eq(syncState.provider, provider));
  return new Map(rows.map((r) => [r.key, r.lastDate]));
}

/** Record how far a provider's series (or step) got. */
export async function setSyncState(
  db: Db,
  provider: string,
  key: string,
  lastDate: string | null,
): Promise<void> {
  await db
    .insert(syncState)
    .values({ provider, key, lastDate, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [syncState.provider, syncState.key],
      set: { lastDate: sql`excluded.last_date`, updatedAt: sql`excluded.updated_at` },
    });
}

/** The provider that last synced a market (its `market:<id>` row is the newest), or undefined. */
export async function getMarketSource(db: Db, countryId: MarketId): Promise<string | undefined> {
  const rows = await db
    .select({ provider: syncState.provider })
    .from(syncState)
    .where(eq(syncState.key, `market:${countryId}`))
    .orderBy(sql`${syncState.updatedAt} desc`)
    .limit(1);
  return rows[0]?.provider;
}

const VERSION_PROVIDER = 'market-data';
const VERSION_KEY = 'version';

/**
 * Stamp a change of the market data that readers cache (tickers, snapshots). Readers in this
 * process or any other compare the stamp, so a sync anywhere invalidates their caches. `asOf` (the
 * newest analysed session) is kept when not given.
 */
export async function bumpMarketDataVersion(db: Db, asOf?: string | null): Promise<void> {
  await db
    .insert(syncState)
    .values({
      provider: VERSION_PROVIDER,
      key: VERSION_KEY,
      lastDate: asOf ?? null,
      updatedAt: sql`clock_timestamp()`,
    })
    .onConflictDoUpdate({
      target: [syncState.provider, syncState.key],
      set: {
        lastDate: sql`coalesce(excluded.last_date, ${syncState.lastDate})`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

/** The market-data stamp ("<as-of>@<microseconds>"), or null before the first sync. */
export async function getMarketDataVersion(db: Db): Promise<string | null> {
  const rows = await queryRows<{ v: string }>(
    db,
    sql`select coalesce(last_date::text, '') || '@' || (extract(epoch from updated_at) * 1000000)::bigint::text as v
        from ${syncState} where provider = ${VERSION_PROVIDER} and key = ${VERSION_KEY}`,
  );
  return rows[0]?.v ?? null;
}

/** sync_state rows of `keys` (any provider), with when each was last written. */
export async function getSyncStateRows(
  db: Db,
  keys: readonly string[],
): Promise<{ provider: string; key: string; lastDate: string | null; updatedAt: Date }[]> {
  if (keys.length === 0) return [];
  return db
    .select({
      provider: syncState.provider,
      key: syncState.key,
      lastDate: syncState.lastDate,
      updatedAt: syncState.updatedAt,
    })
    .from(syncState)
    .where(inArray(syncState.key, [...keys]));
}

// ---------------------------------------------------------------------------------------------
// Provider usage per UTC day

/** Add a run's requests and calls to the provider's usage of `day` (UTC). */
export async function addProviderUsage(
  db: Db,
  day: string,
  provider: string,
  usage: { requests: number; calls: number },
): Promise<void> {
  if (usage.requests === 0 && usage.calls === 0) return;
  await db
    .insert(providerUsage)
    .values({ day, provider, requests: usage.requests, calls: usage.calls, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [providerUsage.day, providerUsage.provider],
      set: {
        requests: sql`${providerUsage.requests} + excluded.requests`,
        calls: sql`${providerUsage.calls} + excluded.calls`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

/** The provider's usage of `day` (UTC); zeros when nothing was spent. */
export async function getProviderUsage(
  db: Db,
  day: string,
  provider: string,
): Promise<{ requests: number; calls: number }> {
  const rows = await db
    .select({ requests: providerUsage.requests, calls: providerUsage.calls })
    .from(providerUsage)
    .where(and(eq(providerUsage.day, day), eq(providerUsage.provider, provider)));
  return rows[0] ?? { requests: 0, calls: 0 };
}

/** The newest days of usage of every provider (newest first), for the operations page. */
export async function listProviderUsage(
  db: Db,
  limit = 7,
): Promise<{ day: string; provider: string; requests: number; calls: number }[]> {
  return db
    .select({
      day: providerUsage.day,
      provider: providerUsage.provider,
      requests: providerUsage.requests,
      calls: providerUsage.calls,
    })
    .from(providerUsage)
    .orderBy(desc(providerUsage.day))
    .limit(limit);
}

/** Move a series' bookkeeping to a new key (a renamed ticker keeps how far its bars got). */
export async function renameSyncStateKey(db: Db, from: string, to: string): Promise<void> {
  await db.update(syncState).set({ key: to }).where(eq(syncState.key, from));
}
