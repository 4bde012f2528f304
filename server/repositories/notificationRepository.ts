/**
 * Notifications (issue 17). A user's own reads and writes take the user's uid (ownership is a query
 * filter). The recipient queries at the top serve the refresh, which acts for no user: they find
 * every user interested in the changed tickers.
 */
import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';

import { SUBSCRIPTION_ACTIVE, type MarketId } from '@/lib/constants';
import type { NotificationChangeDto } from '@/lib/types/signals';
import type { Db } from '@/server/db';
import {
  notificationDigests,
  notifications,
  notificationSettings,
  portfolios,
  portfolioTransactions,
  tickers,
  users,
  watchlistItems,
} from '@/server/db/schema';
import { publishedRow } from './importStagingRepository';
import { tickerRowsOnly, transactionMathColumns, type TransactionMathRow } from './portfolioRepository';

// ---------------------------------------------------------------------------------------------
// Recipients (the refresh)

/** Published transactions on `tickerIds` in the portfolios `which` picks, with owner, in (date, id) order. */
async function holdersTransactions(
  db: Db,
  tickerIds: readonly number[],
  which: SQL,
): Promise<(TransactionMathRow & { uid: string; portfolioId: number })[]> {
  if (tickerIds.length === 0) return [];
  const rows = await db
    .select({
      uid: portfolios.userUid,
      portfolioId: portfolios.id,
      ...transactionMathColumns,
    })
    .from(portfolioTransactions)
    .innerJoin(portfolios, eq(portfolios.id, portfolioTransactions.portfolioId))
    .where(and(which, inArray(portfolioTransactions.tickerId, [...tickerIds]), publishedRow))
    .orderBy(portfolioTransactions.date, portfolioTransactions.id);
  return tickerRowsOnly(rows);
}

/** Transactions on `tickerIds` in portfolios whose subscription flag is on, with owner, in (date, id) order. */
export function listSubscribedTransactions(
  db: Db,
  tickerIds: readonly number[],
): Promise<(TransactionMathRow & { uid: string; portfolioId: number })[]> {
  return holdersTransactions(db, tickerIds, eq(portfolios.subscription, true));
}

/**
 * Issue 41: transactions on `tickerIds` in every portfolio of the users `uids` (the ex-date alerts
 * follow the user's own setting, not a portfolio's flag), with owner, in (date, id) order.
 */
export async function listUsersTransactions(
  db: Db,
  uids: readonly string[],
  tickerIds: readonly number[],
): Promise<(TransactionMathRow & { uid: string; portfolioId: number })[]> {
  if (uids.length === 0) return [];
  return holdersTransactions(db, tickerIds, inArray(portfolios.userUid, [...uids]));
}

/** (user, ticker) pairs of watchlist entries on `tickerIds` with alerts on. */
export function listAlertWatchers(
  db: Db,
  tickerIds: readonly number[],
): Promise<{ uid: string; tickerId: number }[]> {
  if (tickerIds.length === 0) return Promise.resolve([]);
  return db
    .select({ uid: watchlistItems.userUid, tickerId: watchlistItems.tickerId })
    .from(watchlistItems)
    .where(and(eq(watchlistItems.alerts, true), inArray(watchlistItems.tickerId, [...tickerIds])));
}

export interface RecipientRow {
  uid: string;
  /** Null without a VERIFIED e-mail (a token without one, or never verified): no digest for them. */
  email: string | null;
  firstName: string;
  language: string;
  inApp: boolean;
  emailOn: boolean;
}

/**
 * The users `uids` with their notification settings (both on when they stored none), active
 * subscribers only (issue 23 item 5): after a cancellation no alert is stored or mailed.
 */
export async function listRecipients(db: Db, uids: readonly string[]): Promise<RecipientRow[]> {
  if (uids.length === 0) return [];
  const rows = await db
    .select({
      uid: users.uid,
      // Mail goes to a verified address only (issue 23 item 4): an unverified one may be a stranger's.
      email: sql<string | null>`case when ${users.emailVerified} then ${users.email} end`,
      firstName: users.firstName,
      language: users.language,
      inApp: notificationSettings.inApp,
      emailOn: notificationSettings.email,
    })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userUid, users.uid))
    .where(and(inArray(users.uid, [...uids]), eq(users.subscriptionStatus, SUBSCRIPTION_ACTIVE)));
  return rows.map((r) => ({ ...r, inApp: r.inApp ?? true, emailOn: r.emailOn ?? true }));
}

export interface NewNotification {
  userUid: string;
  tickerId: number;
  session: string;
  changes: NotificationChangeDto[];
}

/**
 * Store notifications; a (user, ticker, session) that exists already only gains the lines it does
 * not have (a repeated refresh of the same session changes nothing; a price alert or a pattern stored
 * first keeps the signal change). Returns the notifications made or changed.
 */
export function insertNotifications(
  db: Db,
  rows: readonly NewNotification[],
): Promise<{ id: number; userUid: string; tickerId: number }[]> {
  return addNotificationLines(db, rows);
}

/**
 * Add lines to the (user, ticker, session) notifications, making the ones that do not exist: a line
 * the notification has already is not added again (a repeated run of a session changes nothing),
 * and a notification that gained a line is unread again. Returns the notifications made or changed.
 */
export async function addNotificationLines(
  db: Db,
  rows: readonly NewNotification[],
): Promise<{ id: number; userUid: string; tickerId: number }[]> {
  if (rows.length === 0) return [];
  return db
    .insert(notifications)
    .values([...rows])
    .onConflictDoUpdate({
      target: [notifications.userUid, notifications.tickerId, notifications.session],
      set: {
        changes: sql`${notifications.changes} || (
          select coalesce(jsonb_agg(line), '[]'::jsonb) from jsonb_array_elements(excluded.changes) as line
          where not ${notifications.changes} @> jsonb_build_array(line))`,
        readAt: null,
      },
      setWhere: sql`not ${notifications.changes} @> excluded.changes`,
    })
    .returning({ id: notifications.id, userUid: notifications.userUid, tickerId: notifications.tickerId });
}

// ---------------------------------------------------------------------------------------------
// E-mail digests

/**
 * Claim the digest of (user, market, session): true for the one caller that creates the row (and
 * for a retry of one that failed before), false when it was sent or is being sent already.
 */
export async function claimDigest(
  db: Db,
  uid: string,
  countryId: MarketId,
  session: string,
): Promise<boolean> {
  const inserted = await db
    .insert(notificationDigests)
    .values({ userUid: uid, countryId, session, status: 'sending' })
    .onConflictDoNothing()
    .returning({ uid: notificationDigests.userUid });
  if (inserted.length > 0) return true;
  const retried = await db
    .update(notificationDigests)
    .set({ status: 'sending' })
    .where(
      and(
        eq(notificationDigests.userUid, uid),
        eq(notificationDigests.countryId, countryId),
        eq(notificationDigests.session, session),
        eq(notificationDigests.status, 'failed'),
      ),
    )
    .returning({ uid: notificationDigests.userUid });
  return retried.length > 0;
}

/** Record how a digest went. */
export async function finishDigest(
  db: Db,
  key: { uid: string; countryId: MarketId; session: string },
  outcome: { sent: boolean; attempts: number; error?: string },
): Promise<void> {
  await db
    .update(notificationDigests)
    .set({
      status: outcome.sent ? 'sent' : 'failed',
      attempts: sql`${notificationDigests.attempts} + ${outcome.attempts}`,
      lastError: outcome.error ?? null,
      sentAt: outcome.sent ? new Date() : null,
    })
    .where(
      and(
        eq(notificationDigests.userUid, key.uid),
        eq(notificationDigests.countryId, key.countryId),
        eq(notificationDigests.session, key.session),
      ),
    );
}

// ---------------------------------------------------------------------------------------------
// The user's own notifications and settings

export interface NotificationListRow {
  id: number;
  tickerId: number;
  symbol: string;
  name: string;
  countryId: number;
  session: string;
  changes: NotificationChangeDto[];
  readAt: Date | null;
  createdAt: Date;
}

/** The user's notifications, newest first (only unread ones with `unread`). */
export async function listNotifications(
  db: Db,
  uid: string,
  opts: { unread: boolean; limit: number },
): Promise<NotificationListRow[]> {
  const rows = await db
    .select({
      id: notifications.id,
      tickerId: notifications.tickerId,
      symbol: tickers.symbol,
      name: tickers.name,
      countryId: tickers.countryId,
      session: notifications.session,
      changes: notifications.changes,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .innerJoin(tickers, eq(tickers.id, notifications.tickerId))
    .where(and(eq(notifications.userUid, uid), opts.unread ? isNull(notifications.readAt) : undefined))
    .orderBy(desc(notifications.session), desc(notifications.id))
    .limit(opts.limit);
  return rows.map((r) => ({ ...r, changes: r.changes as NotificationChangeDto[] }));
}

/** How many of the user's notifications are unread. */
export async function countUnread(db: Db, uid: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userUid, uid), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/** Mark the user's notifications `ids` (or all of them) read; returns how many changed. */
export async function markRead(db: Db, uid: string, ids: readonly number[] | 'all'): Promise<number> {
  if (ids !== 'all' && ids.length === 0) return 0;
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userUid, uid),
        isNull(notifications.readAt),
        ids === 'all' ? undefined : inArray(notifications.id, [...ids]),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** The user's settings (both on when none are stored). */
export async function getNotificationSettings(
  db: Db,
  uid: string,
): Promise<{ inApp: boolean; email: boolean }> {
  const [row] = await db
    .select({ inApp: notificationSettings.inApp, email: notificationSettings.email })
    .from(notificationSettings)
    .where(eq(notificationSettings.userUid, uid));
  return row ?? { inApp: true, email: true };
}

/** Store the user's settings. */
export async function saveNotificationSettings(
  db: Db,
  uid: string,
  settings: { inApp?: boolean; email?: boolean },
): Promise<{ inApp: boolean; email: boolean }> {
  const next = { ...(await getNotificationSettings(db, uid)), ...settings };
  await db
    .insert(notificationSettings)
    .values({ userUid: uid, ...next })
    .onConflictDoUpdate({
      target: notificationSettings.userUid,
      set: { inApp: next.inApp, email: next.email, updatedAt: new Date() },
    });
  return next;
}

/** The user's language ('nb' | 'en'), undefined when there is no such user. */
export async function getUserLanguage(db: Db, uid: string): Promise<'nb' | 'en' | undefined> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.uid, uid));
  if (!row) return undefined;
  return row.language === 'en' ? 'en' : 'nb';
}

/** Store the user's language (for e-mails). */
export async function setUserLanguage(db: Db, uid: string, language: 'nb' | 'en'): Promise<void> {
  await db.update(users).set({ language, updatedAt: new Date() }).where(eq(users.uid, uid));
}
