/**
 * zod schemas of the portfolio and watchlist calls, shared by the API routes and the forms
 * (DESIGN.md §1, §5). Amounts travel as numbers or decimal strings and come out as canonical
 * decimal strings, so the server never does float arithmetic on them. Dates are real calendar dates
 * not after "today", which the caller passes in: the server its clock (`latestCalendarDate`), a
 * form the user's local date.
 */
import { z } from 'zod';
import { digitsToNumber, idSchema as id } from './queryValues';
import { cappedString, NO_NUL_MESSAGE, NO_NUL_PATTERN } from './text';
import './zodConfig';
import Decimal from 'decimal.js';
import {
  ACCOUNT_TYPES,
  EVENT_DIVIDEND,
  EVENT_IDS,
  EVENT_SPLIT,
  isCashEvent,
  type EventId,
} from '@/lib/constants';
import { SPLIT_PART_MAX, ratioToSplit, splitQuantityText } from '@/lib/splitRatio';

export const PORTFOLIO_NAME_MAX = 100;
export const PORTFOLIO_DESCRIPTION_MAX = 500;
export const COMMENT_MAX = 500;
/**
 * Import uploads: 2 MB by default (the server's IMPORT_MAX_BYTES overrides it). A real Nordnet
 * export of 10,000 rows is about 450 kB in UTF-8; 8 MB let one upload of short lines take 2.2 GB
 * of server memory (issue 40).
 */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const BASE_CURRENCIES = ['NOK', 'USD'] as const;

export * from './decimalFields';
export * from './importQuery';
export * from './taxQuery';
import { feeSchema, fxRateSchema, priceSchema, quantitySchema, withholdingTaxSchema } from './decimalFields';
export { localIsoDate } from '@/lib/dates';
import { isIsoDate } from '@/lib/dates';

/**
 * The server's "today" for the not-in-the-future rule: the calendar date at UTC+14, the first time
 * zone to start a day, so a user anywhere (Oslo just after midnight, too) can record today's trade.
 */
export function latestCalendarDate(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 3600_000).toISOString().slice(0, 10);
}

/** The UTC calendar date (server "as of" for prices and rates). */
export function utcIsoDate(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** A real YYYY-MM-DD date, not after `today`. */
export function dateSchema(today: string) {
  return cappedString(10, { message: 'Not a date (YYYY-MM-DD)' })
    .trim()
    .refine(isIsoDate, { message: 'Not a date (YYYY-MM-DD)', params: { reason: 'notADate' } })
    .refine((d) => d <= today, { message: 'Must not be in the future', params: { reason: 'future' } });
}

export const eventIdSchema = z
  .preprocess(digitsToNumber, z.number({ error: 'Unknown event' }))
  .refine((v): v is EventId => (EVENT_IDS as readonly number[]).includes(v), {
    message: 'Unknown event',
    params: { reason: 'unknownEvent' },
  })
  .transform((v) => v as EventId);

export const commentSchema = cappedString(COMMENT_MAX)
  .trim()
  .max(COMMENT_MAX, `At most ${COMMENT_MAX} characters`)
  .regex(NO_NUL_PATTERN, NO_NUL_MESSAGE)
  .nullish()
  .transform((v) => v ?? '');

/** One side of a split ratio: a whole number from 1 to SPLIT_PART_MAX. */
export const splitPartSchema = z.preprocess(
  digitsToNumber,
  z
    .number({ error: 'Must be a whole number' })
    .int('Must be a whole number')
    .min(1, 'Must be a whole number')
    .max(SPLIT_PART_MAX, 'Too large'),
);

/** The split parts of a transaction after resolution: both null for other events. */
export interface ResolvedSplit {
  split_to: number | null;
  split_from: number | null;
}

/**
 * A split's ratio (DESIGN.md §5): `split_to` and `split_from` when both are given, else the older
 * single ratio in `quantity` when it is exact (0.5 → 1 and 2); its `quantity` becomes to / from
 * (rounded to 10 decimals, informational) and its price 0. Other events carry no split parts.
 */
function resolveSplit<
  T extends {
    event_id: EventId;
    quantity: string;
    price: string;
    split_to?: number | null;
    split_from?: number | null;
  },
>(t: T, ctx: z.RefinementCtx): Omit<T, 'split_to' | 'split_from'> & ResolvedSplit {
  if (t.event_id !== EVENT_SPLIT) return { ...t, split_to: null, split_from: null };
  const given = [t.split_to, t.split_from].filter((v) => v !== null && v !== undefined).length;
  if (given === 1) {
    const path = t.split_to === null || t.split_to === undefined ? 'split_to' : 'split_from';
    ctx.addIssue({ code: 'custom', path: [path], message: 'Required', params: { reason: 'wholeNumber' } });
    return z.NEVER;
  }
  const ratio = given === 2 ? { to: t.split_to!, from: t.split_from! } : ratioToSplit(t.quantity);
  if (!ratio) {
    ctx.addIssue({
      code: 'custom',
      path: ['quantity'],
      message: 'Not an exact ratio: give split_to and split_from',
      params: { reason: 'splitNotExact' },
    });
    return z.NEVER;
  }
  return {
    ...t,
    quantity: splitQuantityText(ratio.to, ratio.from),
    price: '0',
    split_to: ratio.to,
    split_from: ratio.from,
  };
}

/** The fields every event carries after resolution: a cash event has no ticker and quantity 1. */
export interface ResolvedEvent {
  quantity: string;
  withholding_tax: string | null;
  fx_rate: string | null;
}

function issue(ctx: z.RefinementCtx, path: string, message: string, reason: string): void {
  ctx.addIssue({ code: 'custom', path: [path], message, params: { reason } });
}

/**
 * The rules that depend on the event (issue 21): a deposit or withdrawal (5, 6) has no ticker,
 * quantity 1 (or none given) and a positive amount in `price`, and no withholding, rate or split;
 * any other event needs a ticker and a quantity. Withholding tax belongs only to a dividend and
 * cannot exceed its gross amount (quantity × price).
 */
function resolveEvent<
  T extends {
    event_id: EventId;
    quantity?: string | undefined;
    price: string;
    withholding_tax?: string | null;
    fx_rate?: string | null;
    split_to?: number | null;
    split_from?: number | null;
  },
>(
  t: T,
  ctx: z.RefinementCtx,
  tickerId: { given: boolean } | null,
): (Omit<T, 'quantity' | 'withholding_tax' | 'fx_rate'> & ResolvedEvent) | typeof z.NEVER {
  const withholding = t.withholding_tax ?? null;
  const fxRate = t.fx_rate ?? null;
  let ok = true;
  if (isCashEvent(t.event_id)) {
    if (tickerId?.given) {
      issue(ctx, 'ticker_id', 'A deposit or withdrawal has no ticker', 'cashHasNoTicker');
      ok = false;
    }
    if (t.quantity !== undefined && t.quantity !== '1') {
      issue(ctx, 'quantity', 'A deposit or withdrawal has quantity 1', 'cashQuantityOne');
      ok = false;
    }
    if (!/[1-9]/.test(t.price)) {
      issue(ctx, 'price', 'The amount must be greater than 0', 'positive');
      ok = false;
    }
    if (withholding !== null) {
      issue(ctx, 'withholding_tax', 'Only a dividend has withholding tax', 'withholdingOnlyDividend');
      ok = false;
    }
    if (fxRate !== null) {
      issue(
        ctx,
        'fx_rate',
        'A deposit or withdrawal is in the base currency: no exchange rate',
        'cashNoFxRate',
      );
      ok = false;
    }
    for (const part of ['split_to', 'split_from'] as const)
      if (t[part] !== null && t[part] !== undefined) {
        issue(ctx, part, 'Only a split has a ratio', 'splitOnly');
        ok = false;
      }
    if (!ok) return z.NEVER;
    return { ...t, quantity: '1', withholding_tax: null, fx_rate: null };
  }
  if (tickerId && !tickerId.given) {
    issue(ctx, 'ticker_id', 'Required', 'required');
    ok = false;
  }
  if (t.quantity === undefined) {
    issue(ctx, 'quantity', 'Required', 'required');
    return z.NEVER;
  }
  if (withholding !== null && /[1-9]/.test(withholding)) {
    if (t.event_id !== EVENT_DIVIDEND) {
      issue(ctx, 'withholding_tax', 'Only a dividend has withholding tax', 'withholdingOnlyDividend');
      ok = false;
    } else if (new Decimal(withholding).gt(new Decimal(t.quantity).mul(t.price))) {
      issue(
        ctx,
        'withholding_tax',
        'Withholding tax cannot exceed the gross dividend (quantity × amount per share)',
        'withholdingAboveGross',
      );
      ok = false;
    }
  }
  if (fxRate !== null && t.event_id === EVENT_SPLIT) {
    issue(ctx, 'fx_rate', 'A split has no exchange rate', 'splitNoFxRate');
    ok = false;
  }
  if (!ok) return z.NEVER;
  return {
    ...t,
    quantity: t.quantity,
    withholding_tax: withholding !== null && /[1-9]/.test(withholding) ? withholding : null,
    fx_rate: fxRate,
  };
}

/**
 * The fields of a transaction a user enters; `ticker_id` is an integer id of an existing ticker
 * (none for a deposit or withdrawal, whose `quantity` may be left out: it is 1).
 */
export function transactionFieldsSchema(today: string) {
  return z.object({
    date: dateSchema(today),
    event_id: eventIdSchema,
    ticker_id: id.nullish(),
    quantity: quantitySchema.optional(),
    price: priceSchema,
    fee: feeSchema.nullish().transform((v) => v ?? '0'),
    split_to: splitPartSchema.nullish(),
    split_from: splitPartSchema.nullish(),
    withholding_tax: withholdingTaxSchema.nullish(),
    fx_rate: fxRateSchema.nullish(),
    comment: commentSchema,
  });
}

/** Event rules, then the split (the ticker id is kept: a number for ticker events, null for cash). */
function resolveNew<T extends z.output<ReturnType<typeof transactionFieldsSchema>>>(
  t: T,
  ctx: z.RefinementCtx,
) {
  const given = t.ticker_id !== null && t.ticker_id !== undefined;
  const event = resolveEvent(t, ctx, { given });
  if (event === z.NEVER) return z.NEVER;
  const resolved = resolveSplit(event, ctx);
  return { ...resolved, ticker_id: isCashEvent(t.event_id) ? null : (t.ticker_id as number) };
}

/**
 * A new transaction's fields with its event rules and split resolved: the form's check and the
 * import's rule for each file row, so both hold what the API holds.
 */
export function newTransactionSchema(today: string) {
  return transactionFieldsSchema(today).transform((t, ctx) => resolveNew(t, ctx));
}
export type NewTransactionInput = z.output<ReturnType<typeof newTransactionSchema>>;

/** POST /api/v1/portfolioTransaction. A split's price is stored as 0 (DESIGN.md §5). */
export function createTransactionSchema(today: string) {
  return transactionFieldsSchema(today)
    .extend({ portfolio_id: id })
    .transform((t, ctx) => resolveNew(t, ctx));
}
export type CreateTransactionInput = z.output<ReturnType<typeof createTransactionSchema>>;

/**
 * PUT /api/v1/portfolio/transaction (SPEC §5 payload). No id: 400. The ticker of a transaction
 * does not change; a fee left out keeps the stored fee. Quantity may be fractional (DESIGN.md §9).
 */
export function updateTransactionSchema(today: string) {
  return z
    .object({
      portfolio_transaction_id: id,
      date: dateSchema(today),
      event_id: eventIdSchema,
      quantity: quantitySchema.optional(),
      price: priceSchema,
      fee: feeSchema.optional(),
      split_to: splitPartSchema.nullish(),
      split_from: splitPartSchema.nullish(),
      withholding_tax: withholdingTaxSchema.nullish(),
      fx_rate: fxRateSchema.nullish(),
      comment: commentSchema,
    })
    .transform((t, ctx) => {
      const event = resolveEvent(t, ctx, null);
      return event === z.NEVER ? z.NEVER : resolveSplit(event, ctx);
    });
}
export type UpdateTransactionInput = z.output<ReturnType<typeof updateTransactionSchema>>;

const portfolioName = cappedString(PORTFOLIO_NAME_MAX, { error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(PORTFOLIO_NAME_MAX, `At most ${PORTFOLIO_NAME_MAX} characters`)
  .regex(NO_NUL_PATTERN, NO_NUL_MESSAGE);
const description = cappedString(PORTFOLIO_DESCRIPTION_MAX)
  .trim()
  .max(PORTFOLIO_DESCRIPTION_MAX, `At most ${PORTFOLIO_DESCRIPTION_MAX} characters`)
  .regex(NO_NUL_PATTERN, NO_NUL_MESSAGE);

/** POST /api/v1/portfolios. `firebase_uid` (SPEC §7) is accepted and ignored: the owner is the token's uid. */
export const createPortfolioSchema = z.object({
  portfolio_name: portfolioName,
  description: description.nullish().transform((v) => v ?? ''),
  subscription: z.boolean().default(false),
  base_currency: z.enum(BASE_CURRENCIES).default('NOK'),
  account_type: z.enum(ACCOUNT_TYPES, { error: "Must be 'ordinary' or 'ask'" }).default('ordinary'),
  firebase_uid: cappedString(128, { trimmed: false }).optional(),
});
export type CreatePortfolioInput = z.output<typeof createPortfolioSchema>;

/** PUT /api/v1/portfolios: left-out description or subscription keep their stored values. */
export const updatePortfolioSchema = z.object({
  portfolio_id: id,
  portfolio_name: portfolioName,
  description: description.nullish().transform((v) => v ?? undefined),
  subscription: z.boolean().optional(),
  /** Changeable only while the portfolio has no transactions (409 otherwise). */
  account_type: z.enum(ACCOUNT_TYPES, { error: "Must be 'ordinary' or 'ask'" }).optional(),
});
export type UpdatePortfolioInput = z.output<typeof updatePortfolioSchema>;

/** A positive integer id in the path or query. */
export const idParamSchema = id;

/** GET portfolio-results?includeSold=true[&totals=true] */
export const resultsQuerySchema = z.object({
  includeSold: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  /** Answer `{ rows, totals }` instead of the bare rows (issue 16). */
  totals: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

/** GET portfolio/metadata?portfolioID=&tickerID= */
export const metadataQuerySchema = z.object({ portfolioID: id, tickerID: id });

/** GET portfolio-performance?from=&to= (both optional; from defaults to the first transaction). */
export function performanceQuerySchema(today: string) {
  return z
    .object({
      from: dateSchema(today).optional(),
      to: dateSchema(today).optional(),
      countryID: z.preprocess(digitsToNumber, z.number().int()).optional(),
    })
    .refine((q) => !q.from || !q.to || q.from <= q.to, {
      message: 'from must not be after to',
      path: ['from'],
    });
}

/** POST /api/v1/watchlist */
export const watchlistAddSchema = z.object({ ticker_id: id });

/** GET /ticker/{id}/day?date=: the session check and the day's bar for the transaction form. */
export function tickerDayQuerySchema(today: string) {
  return z.object({ id, date: dateSchema(today) });
}
