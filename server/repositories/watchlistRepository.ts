/** A user's watchlist: every query takes the user's uid (STYLE.md: ownership is a query filter). */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@/server/db';
import { watchlistItems } from '@/server/db/schema';

export interface WatchlistRow {
  tickerId: number;
  createdAt: Date;
}

/** The user's watchlist, oldest entry first. */
export function listWatchlist(db: Db, uid: string): Promise<WatchlistRow[]> {
  return db
    .select({ tickerId: watchlistItems.tickerId, createdAt: watchlistItems.createdAt })
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
    .returning({ tickerId: watchlistItems.tickerId, createdAt: watchlistItems.createdAt });
  if (inserted[0]) return { row: inserted[0], created: true };
  const existing = await db
    .select({ tickerId: watchlistItems.tickerId, createdAt: watchlistItems.createdAt })
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
