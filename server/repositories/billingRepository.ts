import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/server/db';
import {
  billingEvents,
  demoCheckoutSessions,
  subscriptions,
  users,
  type DemoCheckoutSessionRow,
  type SubscriptionRow,
  type UserRow,
} from '@/server/db/schema';

/** The user whose Stripe customer this is, or undefined. */
export async function findUserByCustomerId(db: Db, customerId: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.stripeCustomerId, customerId)).limit(1);
  return rows[0];
}

/**
 * Store the user's Stripe customer id unless one is stored already; returns the id that is stored
 * afterwards (the existing one when two requests raced), or undefined when the user does not exist.
 */
export async function setCustomerIdIfMissing(
  db: Db,
  uid: string,
  customerId: string,
): Promise<string | undefined> {
  const updated = await db
    .update(users)
    .set({ stripeCustomerId: customerId, updatedAt: new Date() })
    .where(and(eq(users.uid, uid), isNull(users.stripeCustomerId)))
    .returning({ id: users.stripeCustomerId });
  if (updated[0]) return customerId;
  const rows = await db.select({ id: users.stripeCustomerId }).from(users).where(eq(users.uid, uid)).limit(1);
  return rows[0]?.id ?? undefined;
}

export async function setSubscriptionStatusOfUser(db: Db, uid: string, status: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ subscriptionStatus: status, updatedAt: new Date() })
    .where(eq(users.uid, uid))
    .returning({ uid: users.uid });
  return rows.length > 0;
}

export async function findSubscription(db: Db, id: string): Promise<SubscriptionRow | undefined> {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.stripeSubscriptionId, id))
    .limit(1);
  return rows[0];
}

export type SubscriptionValues = Omit<SubscriptionRow, 'createdAt' | 'updatedAt'>;

/** Insert or replace the subscription row (the caller has checked the event order). */
export async function upsertSubscription(db: Db, values: SubscriptionValues): Promise<void> {
  const now = new Date();
  await db
    .insert(subscriptions)
    .values({ ...values, updatedAt: now })
    .onConflictDoUpdate({
      target: subscriptions.stripeSubscriptionId,
      set: {
        plan: values.plan,
        status: values.status,
        currentPeriodEnd: values.currentPeriodEnd,
        cancelAtPeriodEnd: values.cancelAtPeriodEnd,
        lastEventAt: values.lastEventAt,
        updatedAt: now,
      },
    });
}

/** The user's subscriptions, the most recently changed first. */
export function listSubscriptionsOfUser(db: Db, uid: string): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userUid, uid))
    .orderBy(desc(subscriptions.lastEventAt), desc(subscriptions.updatedAt));
}

/** Record an event id; false when it was recorded before (a repeated delivery). */
export async function recordEvent(db: Db, eventId: string, type: string): Promise<boolean> {
  const rows = await db
    .insert(billingEvents)
    .values({ eventId, type, outcome: 'received' })
    .onConflictDoNothing({ target: billingEvents.eventId })
    .returning({ id: billingEvents.eventId });
  return rows.length > 0;
}

export async function setEventOutcome(db: Db, eventId: string, outcome: string): Promise<void> {
  await db.update(billingEvents).set({ outcome }).where(eq(billingEvents.eventId, eventId));
}

export async function insertDemoSession(
  db: Db,
  row: Omit<DemoCheckoutSessionRow, 'createdAt' | 'status'>,
): Promise<DemoCheckoutSessionRow> {
  const rows = await db.insert(demoCheckoutSessions).values(row).returning();
  return rows[0];
}

/** The caller's own demo checkout session; another user's is "not found". */
export async function findOwnDemoSession(
  db: Db,
  uid: string,
  id: string,
): Promise<DemoCheckoutSessionRow | undefined> {
  const rows = await db
    .select()
    .from(demoCheckoutSessions)
    .where(and(eq(demoCheckoutSessions.id, id), eq(demoCheckoutSessions.userUid, uid)))
    .limit(1);
  return rows[0];
}

/** Move an open session to `status`; false when it was no longer open (paid or declined already). */
export async function closeDemoSession(
  db: Db,
  uid: string,
  id: string,
  status: 'complete' | 'expired',
): Promise<boolean> {
  const rows = await db
    .update(demoCheckoutSessions)
    .set({ status })
    .where(
      and(
        eq(demoCheckoutSessions.id, id),
        eq(demoCheckoutSessions.userUid, uid),
        eq(demoCheckoutSessions.status, 'open'),
      ),
    )
    .returning({ id: demoCheckoutSessions.id });
  return rows.length > 0;
}
