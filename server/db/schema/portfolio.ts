import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { ImportMapping } from '@/lib/schemas/importMapping';
import { tickers } from './market';
import { users } from './users';

/** A named portfolio of one user (DESIGN.md §5). */
export const portfolios = pgTable(
  'portfolios',
  {
    id: serial('id').primaryKey(),
    userUid: text('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    subscription: boolean('subscription').notNull().default(false),
    baseCurrency: text('base_currency').notNull().default('NOK'),
    /** 'ordinary' or 'ask' (aksjesparekonto, issue 21); changeable only while it has no transactions. */
    accountType: text('account_type').notNull().default('ordinary'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('portfolios_user_idx').on(t.userUid)],
);

/**
 * A transaction (DESIGN.md §5): 1 buy, 2 sell, 3 dividend, 4 split, 5 deposit, 6 withdrawal (the
 * cash events have no ticker: `ticker_id` null, quantity 1, price = the amount). Amounts are exact decimals
 * (returned as stored); a split's ratio is two whole numbers, its `quantity` the ratio as text.
 * `external_id` is the broker's id (Nordnet's Id) so an import never adds a row twice.
 */
export const portfolioTransactions = pgTable(
  'portfolio_transactions',
  {
    id: serial('id').primaryKey(),
    portfolioId: integer('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    /** Null only for the cash events (5 deposit, 6 withdrawal). */
    tickerId: integer('ticker_id').references(() => tickers.id),
    date: date('date', { mode: 'string' }).notNull(),
    eventId: smallint('event_id').notNull(),
    quantity: numeric('quantity', { precision: 28, scale: 10 }).notNull(),
    price: numeric('price', { precision: 28, scale: 10 }).notNull(),
    fee: numeric('fee', { precision: 28, scale: 10 }).notNull().default('0'),
    /** A split (event 4): `split_to` new shares for every `split_from` old ones; null for other events. */
    splitTo: integer('split_to'),
    splitFrom: integer('split_from'),
    /** A dividend's (event 3) total tax withheld abroad, in the ticker's currency; null when none was recorded. */
    withholdingTax: numeric('withholding_tax', { precision: 28, scale: 10 }),
    /**
     * The trade's own exchange rate: base-currency units per one unit of the ticker's currency (a
     * broker's rate); used instead of the market's USD/NOK when present.
     */
    fxRate: numeric('fx_rate', { precision: 28, scale: 10 }),
    comment: text('comment').notNull().default(''),
    externalId: text('external_id'),
    /**
     * The import that wrote the row (issue 26 item 4); while that import's mark is in
     * `import_staging` the row is not yet published and no reader sees it. Null for rows written
     * any other way.
     */
    stagedImport: text('staged_import'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The amounts as the portfolio mathematics reads them, written once when the row is: quantity,
     * price, fee, split_to, split_from, withholding_tax, fx_rate, comma-separated, without the
     * zeros the numeric scale pads them with (trim_scale), an absent one empty. Writing numerics
     * out as text was half of the embedded database's time reading a 10,000-transaction portfolio
     * (issue 26); the packed read and the digests (repositories/portfolio/math.ts) take this.
     */
    mathText: text('math_text').generatedAlwaysAs(
      sql`trim_scale(quantity)::text || ',' || trim_scale(price)::text || ',' || trim_scale(fee)::text || ',' || coalesce(split_to::text, '') || ',' || coalesce(split_from::text, '') || ',' || coalesce(trim_scale(withholding_tax)::text, '') || ',' || coalesce(trim_scale(fx_rate)::text, '')`,
    ),
  },
  (t) => [
    index('portfolio_transactions_portfolio_ticker_idx').on(t.portfolioId, t.tickerId, t.date),
    uniqueIndex('portfolio_transactions_external_uq').on(t.portfolioId, t.externalId),
  ],
);

/** A user's watchlist: one row per ticker, no duplicates. */
export const watchlistItems = pgTable(
  'watchlist_items',
  {
    userUid: text('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    tickerId: integer('ticker_id')
      .notNull()
      .references(() => tickers.id, { onDelete: 'cascade' }),
    /** Notify me when this ticker's signal changes (issue 17). */
    alerts: boolean('alerts').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userUid, t.tickerId] })],
);

/**
 * A user's saved CSV mapping per broker (issue 22 item 4): the next file from that broker imports
 * in one click. `broker_key` is the name trimmed and lower-cased (one mapping per name whatever
 * its case); `broker` keeps the name as the user wrote it.
 */
export const importMappings = pgTable(
  'import_mappings',
  {
    userUid: text('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    brokerKey: text('broker_key').notNull(),
    broker: text('broker').notNull(),
    mapping: jsonb('mapping').$type<ImportMapping>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userUid, t.brokerKey] })],
);

/**
 * An import being written (issue 26 item 4): its rows go into `portfolio_transactions` in short
 * statements (no long transaction holds PGlite's one connection), carrying this mark's id in
 * `staged_import`; while the mark exists no reader sees them. Deleting the mark (one short
 * transaction under the portfolio's lock, with the revision bump) publishes them all at once. One
 * import at a time per portfolio (the unique portfolio); a crash's mark and rows are removed by
 * the next import once the mark is stale.
 */
export const importStaging = pgTable(
  'import_staging',
  {
    importId: text('import_id').primaryKey(),
    portfolioId: integer('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('import_staging_portfolio_uq').on(t.portfolioId)],
);
