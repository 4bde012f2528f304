import { boolean, doublePrecision, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

import { users } from './users';

/**
 * A user's income and allocation settings (issue 41): the concentration limits of the allocation
 * rules (fractions: one holding above 20 %, one sector above 40 %, one currency above 80 % by
 * default) and whether an in-app notification is made on the ex-date of a held share. No row:
 * the defaults (lib/income.ts).
 */
export const incomeSettings = pgTable('income_settings', {
  userUid: text('user_uid')
    .primaryKey()
    .references(() => users.uid, { onDelete: 'cascade' }),
  holdingLimit: doublePrecision('holding_limit').notNull(),
  sectorLimit: doublePrecision('sector_limit').notNull(),
  currencyLimit: doublePrecision('currency_limit').notNull(),
  exDateAlerts: boolean('ex_date_alerts').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
