import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tickers } from './market';
import { users } from './users';

/**
 * The track record of a ticker's signals per timeframe (issue 17), recomputed after each sync from
 * the stored bars: `entries` is every change to buy or sell with its forward returns (the API's
 * shape, snake_case), `summary` their aggregate; `through` is the last session it covers.
 */
export const trackRecords = pgTable(
  'track_records',
  {
    tickerId: integer('ticker_id')
      .notNull()
      .references(() => tickers.id, { onDelete: 'cascade' }),
    timeframe: smallint('timeframe').notNull(),
    countryId: integer('country_id').notNull(),
    through: date('through', { mode: 'string' }),
    /** The signal on `through`: where the next sync resumes (a change is relative to it). */
    lastSignal: text('last_signal'),
    entries: jsonb('entries').notNull(),
    summary: jsonb('summary').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tickerId, t.timeframe] }),
    index('track_records_market_idx').on(t.countryId, t.timeframe),
  ],
);

/**
 * In-app notifications: one per user, ticker and session (the unique index makes a repeated refresh
 * of the same session a no-op). `changes` lists what changed: [{ timeframe, previous, signal }]
 * with timeframe 'overall' or 2 (medium term).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userUid: text('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    tickerId: integer('ticker_id')
      .notNull()
      .references(() => tickers.id, { onDelete: 'cascade' }),
    session: date('session', { mode: 'string' }).notNull(),
    changes: jsonb('changes').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notifications_user_ticker_session_uq').on(t.userUid, t.tickerId, t.session),
    index('notifications_unread_idx')
      .on(t.userUid, t.id)
      .where(sql`${t.readAt} IS NULL`),
  ],
);

/**
 * One e-mail digest per user, market and session (Oslo and NASDAQ sessions are separate refreshes):
 * the row is claimed before sending, so a digest is sent once however often the refresh runs.
 */
export const notificationDigests = pgTable(
  'notification_digests',
  {
    userUid: text('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    countryId: integer('country_id').notNull(),
    session: date('session', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userUid, t.countryId, t.session] })],
);

/** Per-user notification settings; a user without a row has both on. */
export const notificationSettings = pgTable('notification_settings', {
  userUid: text('user_uid')
    .primaryKey()
    .references(() => users.uid, { onDelete: 'cascade' }),
  inApp: boolean('in_app').notNull().default(true),
  email: boolean('email').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Price alerts (issue 25): "tell me when this ticker closes above / below a price". Checked at each
 * market refresh against the session's close; when crossed, the alert becomes a notification and
 * gets `triggered_at` and the session and close that triggered it (re-arming clears them).
 */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: serial('id').primaryKey(),
    userUid: text('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    tickerId: integer('ticker_id')
      .notNull()
      .references(() => tickers.id, { onDelete: 'cascade' }),
    direction: text('direction').notNull(),
    price: doublePrecision('price').notNull(),
    note: text('note'),
    triggeredAt: timestamp('triggered_at', { withTimezone: true }),
    triggeredSession: date('triggered_session', { mode: 'string' }),
    triggeredClose: doublePrecision('triggered_close'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('price_alerts_user_idx').on(t.userUid, t.id),
    index('price_alerts_armed_idx')
      .on(t.tickerId)
      .where(sql`${t.triggeredAt} IS NULL`),
  ],
);
