/**
 * Your data is yours (issue 23 item 7; GDPR art. 15, 17 and 20):
 * - GET /api/v1/user/export: everything stored about the caller, as JSON, for any signed-in user
 *   (subscription or not);
 * - DELETE /api/v1/user: with a sign-in of the last RECENT_SIGN_IN_SECONDS, cancels every
 *   subscription not already ended and deletes the customer at the payment provider, deletes every row of the caller (the users row cascades to
 *   portfolios and their transactions, watchlist, notifications, digests, settings, subscriptions
 *   demo checkout sessions and saved import mappings; articles and images they wrote keep their text without the author),
 *   their rate-limit counters (by exact key), and the account at the identity provider, and records
 *   the uid in deleted_accounts for a later restore. The token stops working.
 */
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { DecodedIdToken } from 'firebase-admin/auth';
import type { Db } from '@/server/db';
import {
  articles,
  demoCheckoutSessions,
  images,
  notificationDigests,
  notificationSettings,
  priceAlerts,
  notifications,
  portfolioTransactions,
  portfolios,
  deletedAccounts,
  rateLimits,
  subscriptions,
  userRateLimitKeys,
  users,
  watchlistItems,
  importMappings,
  incomeSettings,
  userInstrumentPrices,
} from '@/server/db/schema';
import { publishedRow } from '@/server/repositories/importStagingRepository';
import { DomainError } from '../errors';
import { billingConfig, billingProvider } from '../billing';

/** How recent the sign-in must be for an account deletion (as Firebase asks for sensitive actions). */
export const RECENT_SIGN_IN_SECONDS = 5 * 60;

export interface AccountExport {
  exported_at: string;
  profile: Record<string, unknown> | null;
  portfolios: (Record<string, unknown> & { transactions: Record<string, unknown>[] })[];
  watchlist: Record<string, unknown>[];
  notifications: Record<string, unknown>[];
  notification_settings: Record<string, unknown> | null;
  subscriptions: Record<string, unknown>[];
  demo_checkout_sessions: Record<string, unknown>[];
  articles: Record<string, unknown>[];
  /** Saved CSV import mappings, one per broker. */
  import_mappings: Record<string, unknown>[];
  /** Price alerts with their notes. */
  price_alerts: Record<string, unknown>[];
  /** The daily e-mail digests sent or pending. */
  notification_digests: Record<string, unknown>[];
  /** Images the user uploaded (admins): what is stored about each; the bytes are at /api/v1/images/{id}. */
  images: Record<string, unknown>[];
  /** The income view's concentration limits and the ex-date alert choice (issue 41). */
  income_settings: Record<string, unknown> | null;
  /** Prices the user typed for instruments outside the universe (issue 37). */
  instrument_prices: Record<string, unknown>[];
}

/**
 * Every table with a column that names a user, and where its rows are in the export (issue 40:
 * __tests__/pages/api/account-export-delete.test.ts lists the schema's tables with a user column
 * and fails on any not named here). `portfolio_transactions` comes inside `portfolios`.
 */
export const EXPORTED_TABLES: Readonly<Record<string, keyof AccountExport>> = {
  users: 'profile',
  portfolios: 'portfolios',
  watchlist_items: 'watchlist',
  notifications: 'notifications',
  notification_settings: 'notification_settings',
  subscriptions: 'subscriptions',
  demo_checkout_sessions: 'demo_checkout_sessions',
  articles: 'articles',
  import_mappings: 'import_mappings',
  price_alerts: 'price_alerts',
  notification_digests: 'notification_digests',
  images: 'images',
  income_settings: 'income_settings',
  user_instrument_prices: 'instrument_prices',
};

/** GET /api/v1/user/export */
export async function exportOwnData(db: Db, uid: string, now = new Date()): Promise<AccountExport> {
  const [profile] = await db.select().from(users).where(eq(users.uid, uid));
  const own = await db.select().from(portfolios).where(eq(portfolios.userUid, uid));
  const withTransactions = await Promise.all(
    own.map(async (p) => ({
      ...p,
      transactions: await db
        .select()
        .from(portfolioTransactions)
        .where(and(eq(portfolioTransactions.portfolioId, p.id), publishedRow))
        .orderBy(portfolioTransactions.date, portfolioTransactions.id),
    })),
  );
  const [
    watchlist,
    notes,
    settings,
    subs,
    sessions,
    written,
    mappings,
    alerts,
    digests,
    uploaded,
    income,
    typedPrices,
  ] = await Promise.all([
    db.select().from(watchlistItems).where(eq(watchlistItems.userUid, uid)),
    db.select().from(notifications).where(eq(notifications.userUid, uid)),
    db.select().from(notificationSettings).where(eq(notificationSettings.userUid, uid)),
    db.select().from(subscriptions).where(eq(subscriptions.userUid, uid)),
    db.select().from(demoCheckoutSessions).where(eq(demoCheckoutSessions.userUid, uid)),
    db.select().from(articles).where(eq(articles.authorUid, uid)),
    db.select().from(importMappings).where(eq(importMappings.userUid, uid)),
    db.select().from(priceAlerts).where(eq(priceAlerts.userUid, uid)).orderBy(priceAlerts.id),
    db.select().from(notificationDigests).where(eq(notificationDigests.userUid, uid)),
    db
      .select({
        id: images.id,
        contentType: images.contentType,
        size: images.size,
        sha256: images.sha256,
        createdAt: images.createdAt,
      })
      .from(images)
      .where(eq(images.uploadedBy, uid)),
    db.select().from(incomeSettings).where(eq(incomeSettings.userUid, uid)),
    db
      .select()
      .from(userInstrumentPrices)
      .where(eq(userInstrumentPrices.userUid, uid))
      .orderBy(userInstrumentPrices.tickerId, userInstrumentPrices.date),
  ]);
  return {
    exported_at: now.toISOString(),
    profile: profile ?? null,
    portfolios: withTransactions,
    watchlist,
    notifications: notes,
    notification_settings: settings[0] ?? null,
    subscriptions: subs,
    demo_checkout_sessions: sessions,
    articles: written,
    import_mappings: mappings,
    price_alerts: alerts,
    notification_digests: digests,
    images: uploaded,
    income_settings: income[0] ?? null,
    instrument_prices: typedPrices,
  };
}

/** Statuses of a subscription that bills nothing any more. */
const ENDED_STATUSES = ['canceled', 'incomplete_expired'];

/**
 * Never leave billing behind an account that no longer exists (issue 40): every subscription not
 * already ended (active and trialing, but also past_due, unpaid and incomplete, which keep retrying
 * the card) is canceled and the provider's customer deleted, before any row goes.
 */
async function closeBilling(db: Db, uid: string): Promise<void> {
  const [user] = await db
    .select({ customerId: users.stripeCustomerId })
    .from(users)
    .where(eq(users.uid, uid));
  const open = await db
    .select({ id: subscriptions.stripeSubscriptionId, customerId: subscriptions.stripeCustomerId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userUid, uid), notInArray(subscriptions.status, ENDED_STATUSES)));
  const customers = new Set([user?.customerId, ...open.map((s) => s.customerId)].filter((c) => !!c));
  if (customers.size === 0 && open.length === 0) return;
  const provider = billingProvider(billingConfig());
  const known = open.map((s) => s.id);
  if (customers.size === 0) await provider.closeCustomer(null, known);
  for (const customerId of customers) {
    await provider.closeCustomer(
      customerId as string,
      open.filter((s) => s.customerId === customerId).map((s) => s.id),
    );
  }
}

export interface DeleteAccountDeps {
  /** Deletes the account at the identity provider (firebase-admin's auth().deleteUser). */
  deleteIdentity(uid: string): Promise<void>;
  /** Called once the rows are gone (drops cached tokens and users). */
  forget(uid: string): void;
}

/** DELETE /api/v1/user */
export async function deleteOwnAccount(
  db: Db,
  token: Pick<DecodedIdToken, 'uid' | 'auth_time'>,
  deps: DeleteAccountDeps,
  now = new Date(),
): Promise<void> {
  const uid = token.uid;
  if (!(now.getTime() / 1000 - token.auth_time <= RECENT_SIGN_IN_SECONDS)) {
    throw new DomainError(
      'forbidden',
      'RECENT_SIGN_IN_REQUIRED',
      'Sign in again to delete your account (the last sign-in must be within 5 minutes)',
    );
  }
  await closeBilling(db, uid);
  await db.transaction(async (tx) => {
    await tx.delete(users).where(eq(users.uid, uid));
    // Exact keys: a pattern would treat the uid's "_" and "%" as wildcards (issue 40).
    await tx.delete(rateLimits).where(inArray(rateLimits.key, [...userRateLimitKeys(uid), `u:${uid}`]));
    // Kept so that a restore of an older backup deletes the account again (scripts/lib/backupRestore).
    await tx.insert(deletedAccounts).values({ uid, deletedAt: now }).onConflictDoNothing();
  });
  deps.forget(uid);
  try {
    await deps.deleteIdentity(uid);
  } catch (err) {
    if ((err as { code?: string }).code !== 'auth/user-not-found') throw err;
  }
}
