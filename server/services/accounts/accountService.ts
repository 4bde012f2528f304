/**
 * Your data is yours (issue 23 item 7; GDPR art. 15, 17 and 20):
 * - GET /api/v1/user/export: everything stored about the caller, as JSON, for any signed-in user
 *   (subscription or not);
 * - DELETE /api/v1/user: with a sign-in of the last RECENT_SIGN_IN_SECONDS, cancels an active
 *   subscription at the payment provider, deletes every row of the caller (the users row cascades to
 *   portfolios and their transactions, watchlist, notifications, digests, settings, subscriptions
 *   demo checkout sessions and saved import mappings; articles and images they wrote keep their text without the author),
 *   their rate-limit counters, and the account at the identity provider. The token stops working.
 */
import { and, eq, like, or } from 'drizzle-orm';
import type { DecodedIdToken } from 'firebase-admin/auth';
import type { Db } from '@/server/db';
import {
  articles,
  demoCheckoutSessions,
  notificationSettings,
  notifications,
  portfolioTransactions,
  portfolios,
  rateLimits,
  subscriptions,
  users,
  watchlistItems,
  importMappings,
} from '@/server/db/schema';
import { publishedRow } from '@/server/repositories/importStagingRepository';
import { DomainError } from '../errors';
import { billingConfig, billingProvider } from '../billing';
import { ACCESS_STATUSES } from '@/server/services/billing';

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
}

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
  const [watchlist, notes, settings, subs, sessions, written, mappings] = await Promise.all([
    db.select().from(watchlistItems).where(eq(watchlistItems.userUid, uid)),
    db.select().from(notifications).where(eq(notifications.userUid, uid)),
    db.select().from(notificationSettings).where(eq(notificationSettings.userUid, uid)),
    db.select().from(subscriptions).where(eq(subscriptions.userUid, uid)),
    db.select().from(demoCheckoutSessions).where(eq(demoCheckoutSessions.userUid, uid)),
    db.select().from(articles).where(eq(articles.authorUid, uid)),
    db.select().from(importMappings).where(eq(importMappings.userUid, uid)),
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
  };
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
  const subs = await db.select().from(subscriptions).where(eq(subscriptions.userUid, uid));
  const active = subs.filter((s) => ACCESS_STATUSES.has(s.status));
  if (active.length > 0) {
    // Never leave a paying subscription behind an account that no longer exists.
    const provider = billingProvider(billingConfig());
    for (const sub of active) await provider.cancelSubscription(sub.stripeSubscriptionId);
  }
  await db.transaction(async (tx) => {
    await tx.delete(users).where(eq(users.uid, uid));
    await tx.delete(rateLimits).where(or(like(rateLimits.key, `%:u:${uid}`), eq(rateLimits.key, `u:${uid}`)));
  });
  deps.forget(uid);
  try {
    await deps.deleteIdentity(uid);
  } catch (err) {
    if ((err as { code?: string }).code !== 'auth/user-not-found') throw err;
  }
}
