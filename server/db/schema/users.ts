import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The backend user (SPEC §3): one row per Firebase uid. `email` is the verified token's email, or
 * null when the token has none. It is unique case-insensitively where present: the unique index
 * `users_email_lower_unique` on lower(email) WHERE email IS NOT NULL lives in migration 0002's
 * `-- custom:` SQL, because it must be created after that SQL resolves existing duplicates.
 * `email_verified` is the token's `email_verified` when the email was last stored: alert e-mails,
 * Stripe receipts and `user:promote` by e-mail use verified addresses only (issue 23 item 4), and a
 * verified owner claims an address an unverified account holds.
 */
export const users = pgTable('users', {
  uid: text('uid').primaryKey(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  email: text('email'),
  emailVerified: boolean('email_verified').notNull().default(false),
  mobile: text('mobile').notNull().default(''),
  acceptTerms: boolean('accept_terms').notNull().default(false),
  acceptedTermsAt: timestamp('accepted_terms_at', { withTimezone: true }),
  stripeCustomerId: text('stripe_customer_id'),
  subscriptionStatus: text('subscription_status').notNull().default('inactive'),
  groupId: integer('group_id').notNull().default(2),
  /** UI language ('nb' | 'en'), for e-mails; set from the interface language. */
  language: text('language').notNull().default('nb'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/**
 * The uids of deleted accounts (issue 40), written in the deletion's own transaction. A restore of
 * a backup made before a deletion brings the user back; `npm run db:restore` reads this list from
 * the database it replaces and deletes those users again in the restored one (and keeps the list).
 * Entries older than the oldest backup (BACKUP_MAX_AGE_DAYS) are no longer needed.
 */
export const deletedAccounts = pgTable('deleted_accounts', {
  uid: text('uid').primaryKey(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
});
