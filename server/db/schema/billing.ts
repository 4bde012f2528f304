import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A user's Stripe subscription (or the demo provider's Stripe-shaped one). `status` is Stripe's
 * status as received; `last_event_at` is the `created` time of the newest event applied to the
 * row, so an older event that arrives late (Stripe does not promise order) changes nothing.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    stripeSubscriptionId: text('stripe_subscription_id').primaryKey(),
    userUid: text('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    stripeCustomerId: text('stripe_customer_id').notNull(),
    plan: text('plan').notNull(),
    status: text('status').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    lastEventAt: timestamp('last_event_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userUid),
    index('subscriptions_customer_idx').on(t.stripeCustomerId),
  ],
);

/** Every webhook event id handled once: a repeated delivery is answered 200 and changes nothing. */
export const billingEvents = pgTable('billing_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  /** What the handler did: applied, ignored_older, unknown_customer, … */
  outcome: text('outcome').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Checkout sessions of the demo provider (no Stripe key): what the demo checkout page pays or
 * declines. Stripe keeps its own sessions; this table stays empty with Stripe.
 */
export const demoCheckoutSessions = pgTable('demo_checkout_sessions', {
  id: text('id').primaryKey(),
  userUid: text('user_uid')
    .notNull()
    .references(() => users.uid, { onDelete: 'cascade' }),
  stripeCustomerId: text('stripe_customer_id').notNull(),
  plan: text('plan').notNull(),
  /** open → complete (paid) or expired (declined). */
  status: text('status').notNull().default('open'),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type DemoCheckoutSessionRow = typeof demoCheckoutSessions.$inferSelect;
