/**
 * Price alerts (issue 25). A user's own reads and writes take the user's uid (ownership is a query
 * filter: another user's alert is "not found"). The refresh's queries act for no user.
 */
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';

import type { Db } from '@/server/db';
import { notifications, priceAlerts, tickers, users } from '@/server/db/schema';
import type { NotificationChangeDto } from '@/lib/types/signals';

export interface PriceAlertRow {
  id: number;
  userUid: string;
  tickerId: number;
  symbol: string;
  name: string;
  countryId: number;
  currency: string;
  direction: string;
  price: number;
  note: string | null;
  createdAt: Date;
  triggeredAt: Date | null;
  triggeredSession: string | null;
  triggeredClose: number | null;
}

const columns = {
  id: priceAlerts.id,
  userUid: priceAlerts.userUid,
  tickerId: priceAlerts.tickerId,
  symbol: tickers.symbol,
  name: tickers.name,
  countryId: tickers.countryId,
  currency: tickers.currency,
  direction: priceAlerts.direction,
  price: priceAlerts.price,
  note: priceAlerts.note,
  createdAt: priceAlerts.createdAt,
  triggeredAt: priceAlerts.triggeredAt,
  triggeredSession: priceAlerts.triggeredSession,
  triggeredClose: priceAlerts.triggeredClose,
};

/** The user's alerts, oldest first. */
export function listPriceAlerts(db: Db, uid: string): Promise<PriceAlertRow[]> {
  return db
    .select(columns)
    .from(priceAlerts)
    .innerJoin(tickers, eq(tickers.id, priceAlerts.tickerId))
    .where(eq(priceAlerts.userUid, uid))
    .orderBy(asc(priceAlerts.id));
}

export async function findPriceAlert(db: Db, uid: string, id: number): Promise<PriceAlertRow | undefined> {
  const rows = await db
    .select(columns)
    .from(priceAlerts)
    .innerJoin(tickers, eq(tickers.id, priceAlerts.tickerId))
    .where(and(eq(priceAlerts.userUid, uid), eq(priceAlerts.id, id)));
  return rows[0];
}

/**
 * Insert an alert unless the user has `max` already. One transaction that first locks the user's
 * row (`select … for update`): concurrent creates for one user run one after another, so each
 * counts the alerts the others committed. (A single `insert … select … where count < max` is not
 * enough on PostgreSQL: under READ COMMITTED every concurrent statement counts from a snapshot
 * without the others' uncommitted rows, and 20 at once passed the limit together.) Other users
 * are not blocked. Returns the new id, or null at the limit.
 */
export async function insertPriceAlert(
  db: Db,
  row: { userUid: string; tickerId: number; direction: string; price: number; note: string | null },
  max: number,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    // No user row: nothing to lock, and the insert fails on its foreign key as before.
    await tx.execute(sql`select uid from ${users} where uid = ${row.userUid} for update`);
    const result = await tx.execute(
      sql`insert into ${priceAlerts} (user_uid, ticker_id, direction, price, note)
          select ${row.userUid}, ${row.tickerId}, ${row.direction}, ${row.price}, ${row.note}
          where (select count(*) from ${priceAlerts} where user_uid = ${row.userUid}) < ${max}
          returning id`,
    );
    const rows = (result as unknown as { rows: { id: number }[] }).rows;
    return rows.length > 0 ? Number(rows[0].id) : null;
  });
}

export async function countPriceAlerts(db: Db, uid: string): Promise<number> {
  const rows = await db.select({ n: count() }).from(priceAlerts).where(eq(priceAlerts.userUid, uid));
  return Number(rows[0]?.n ?? 0);
}

/** Delete the user's alert; false when there is none with that id (or it is another user's). */
export async function deletePriceAlert(db: Db, uid: string, id: number): Promise<boolean> {
  const rows = await db
    .delete(priceAlerts)
    .where(and(eq(priceAlerts.userUid, uid), eq(priceAlerts.id, id)))
    .returning({ id: priceAlerts.id });
  return rows.length > 0;
}

/** Arm the user's alert again (clears its trigger); false when it is not the user's. */
export async function rearmPriceAlert(db: Db, uid: string, id: number): Promise<boolean> {
  const rows = await db
    .update(priceAlerts)
    .set({ triggeredAt: null, triggeredSession: null, triggeredClose: null })
    .where(and(eq(priceAlerts.userUid, uid), eq(priceAlerts.id, id)))
    .returning({ id: priceAlerts.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// The refresh

/** The armed (not triggered) alerts on `tickerIds`. */
export function listArmedPriceAlerts(
  db: Db,
  tickerIds: readonly number[],
): Promise<{ id: number; userUid: string; tickerId: number; direction: string; price: number }[]> {
  if (tickerIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: priceAlerts.id,
      userUid: priceAlerts.userUid,
      tickerId: priceAlerts.tickerId,
      direction: priceAlerts.direction,
      price: priceAlerts.price,
    })
    .from(priceAlerts)
    .where(and(isNull(priceAlerts.triggeredAt), inArray(priceAlerts.tickerId, [...tickerIds])));
}

/**
 * Mark alerts triggered by a session, only those still armed (a concurrent refresh of the same
 * session cannot trigger one twice). Returns the ids this call marked.
 */
export async function markPriceAlertsTriggered(
  db: Db,
  hits: readonly { id: number; close: number }[],
  session: string,
  at: Date,
): Promise<Set<number>> {
  const marked = new Set<number>();
  for (const hit of hits) {
    const rows = await db
      .update(priceAlerts)
      .set({ triggeredAt: at, triggeredSession: session, triggeredClose: hit.close })
      .where(and(eq(priceAlerts.id, hit.id), isNull(priceAlerts.triggeredAt)))
      .returning({ id: priceAlerts.id });
    if (rows.length > 0) marked.add(hit.id);
  }
  return marked;
}

/**
 * Add change lines to the (user, ticker, session) notification: a new notification, or the lines
 * appended to the one the signal alerts wrote for the same session (it becomes unread again).
 */
export async function appendNotificationChanges(
  db: Db,
  rows: readonly { userUid: string; tickerId: number; session: string; changes: NotificationChangeDto[] }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(notifications)
    .values([...rows])
    .onConflictDoUpdate({
      target: [notifications.userUid, notifications.tickerId, notifications.session],
      set: {
        changes: sql`${notifications.changes} || excluded.changes`,
        readAt: null,
      },
    });
}
