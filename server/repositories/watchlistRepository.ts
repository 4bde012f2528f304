/** A user's watchlist: every query takes the user's uid (STYLE.md: ownership is a query filter). */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@/server/db';
import { watchlistItems } from '@/server/db/schema';

export interface WatchlistRow {
  tickerId: number;
  alerts: boolean;
  createdAt: Date;
}

const rowColumns = {
  tickerId: watchlistItems.tickerId,
  alerts: watchlistItems.alerts,
  createdAt: watchlistItems.createdAt,
};

/** The user's watchlist, oldest entry first. */
export function listWatchlist(db: Db, uid: string): Promise<WatchlistRow[]> {
  return db
    .select(rowColumns)
    .from(watchlistItems)
    .where(eq(watchlistItems.userUid, uid))
    .orderBy(asc(watchlistItems.createdAt), asc(watchlistItems.tickerId));
}

/** Add a ticker unless it is on the list already; returns the stored row and whether it is new. */
export async function addToWatchlist(
  db: Db,
  uid: string,
  tickerId: number,
): Promise<{ row: WatchlistRow; created: boolean }> {
  const inserted = await db
    .insert(watchlistItems)
    .values({ userUid: uid, tickerId })
    .onConflictDoNothing({ target: [watchlistItems.userUid, watchlistItems.tickerId] })
    .returning(rowColumns);
  if (inserted[0]) return { row: inserted[0], created: true };
  const existing = await db
    .select(rowColumns)
    .from(watchlistItems)
    .where(and(eq(watchlistItems.userUid, uid), eq(watchlistItems.tickerId, tickerId)))
    .limit(1);
  return { row: existing[0], created: false };
}

/** Remove a ticker from the user's list; false when it was not on it. */
export async function removeFromWatchlist(db: Db, uid: string, tickerId: number): Promise<boolean> {
  const rows = await db
    .delete(watchlistItems)
    .where(and(eq(watchlistItems.userUid, uid), eq(watchlistItems.tickerId, tickerId)))
    .returning({ tickerId: watchlistItems.tickerId });
  return rows.length > 0;
}

/** Turn alerts for one ticker of the user's list on or off; undefined when it is not on the list. */
export async function setWatchlistAlerts(
  db: Db,
  uid: string,
  tickerId: number,
  alerts: boolean,
): Promise<WatchlistRow | undefined> {
  const [row] = await db
    .update(watchlistItems)
    .set({ alerts })
    .where(and(eq(watchlistItems.userUid, uid), eq(watchlistItems.tickerId, tickerId)))
    .returning(rowColumns);
  return row;
}
