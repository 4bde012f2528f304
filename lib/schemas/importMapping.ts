import { z } from 'zod';
import { cappedString, NO_NUL_MESSAGE, NO_NUL_PATTERN } from './text';

/**
 * A mapped CSV import (issue 22 item 4): which of the file's columns hold the date, type,
 * security, quantity, price, fee, currency, amount and row id, how its numbers and slash dates are
 * written, and which event each of its type words means. Saved per user and broker name.
 */

/** What a type word of the file means. */
export const MAPPED_KINDS = [
  'buy',
  'sell',
  'dividend',
  'deposit',
  'withdrawal',
  'interest',
  'fee',
  'withholding',
  'ignore',
] as const;
export type MappedKind = (typeof MAPPED_KINDS)[number];

/** The fields a column can be mapped to; date and type are required. */
export const MAPPED_FIELDS = [
  'date',
  'type',
  'security',
  'quantity',
  'price',
  'fee',
  'currency',
  'amount',
  'id',
] as const;
export type MappedField = (typeof MAPPED_FIELDS)[number];

/**
 * Date formats a mapping can name: ymd 2023-05-22 (time allowed), ymd-compact 20230522 (IBKR;
 * `;103107` or a time after it allowed), dmy 19-12-2022 / 19.12.2022 / 19/12/2022, mdy 12/19/2022,
 * d-mon-y 02-Apr-2025 (Saxo; English, Dutch and Scandinavian month abbreviations), auto.
 */
export const DATE_FORMATS = ['auto', 'ymd', 'ymd-compact', 'dmy', 'mdy', 'd-mon-y'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/** A column named by position (1-based) for a header cell that is empty: `#9` (DEGIRO's amount). */
export const POSITIONAL_COLUMN = /^#([1-9]\d{0,2})$/;

/** Most type words a mapping keeps. */
export const MAPPING_MAX_TYPES = 100;

const header = cappedString(120).trim().min(1).max(120).regex(NO_NUL_PATTERN, NO_NUL_MESSAGE);
const optionalHeader = header.nullable().optional();

export const importMappingSchema = z.object({
  columns: z.object({
    date: header,
    /** Null: no type column; every row is a trade whose direction is its quantity's sign (DEGIRO). */
    type: optionalHeader,
    security: optionalHeader,
    quantity: optionalHeader,
    price: optionalHeader,
    fee: optionalHeader,
    currency: optionalHeader,
    amount: optionalHeader,
    id: optionalHeader,
  }),
  /** The decimal separator of the file's numbers (the other one, spaces or apostrophes group thousands). */
  decimal: z.enum(['comma', 'point']),
  /** How a date written with slashes reads: 31/12/2024 (dmy) or 12/31/2024 (mdy). ISO and 31.12.2024 always read. */
  dateOrder: z.enum(['dmy', 'mdy']).default('dmy'),
  /**
   * The file's date format, chosen explicitly (issue 37 item 3); without it the older rule above
   * (ISO, DD.MM.YYYY, slash dates by `dateOrder`). `auto` reads every unambiguous form and makes a
   * date that could be DD-MM or MM-DD an error of its line. ISO dates (year first) read under any.
   */
  dateFormat: z.enum(DATE_FORMATS).optional(),
  /**
   * Issue 37: the fee column's currency when it is the account's, not the trade's (DEGIRO's
   * Transactiekosten in EUR, Avanza's Courtage in SEK). `column` names the fee's currency column,
   * else `currency` is fixed; `rate` names the exchange-rate column, read as `trade-per-fee` (DEGIRO's
   * Wisselkoers: USD per EUR) or `fee-per-trade` (Avanza's Valutakurs: SEK per USD). A trade's fee
   * is then converted to the trade's currency with the row's rate.
   */
  feeCurrency: z
    .object({
      column: optionalHeader,
      currency: z
        .string()
        .regex(/^[A-Z]{3}$/)
        .nullable()
        .optional(),
      rate: header,
      quote: z.enum(['trade-per-fee', 'fee-per-trade']),
    })
    .optional(),
  /**
   * What each type word means, matched case-insensitively; a word ending in `*` matches every type
   * that starts with the rest ("Koop *" matches DEGIRO's "Koop 1 @ 33,9 USD"). An exact word wins.
   */
  types: z
    .array(
      z.object({
        word: cappedString(60).trim().min(1).max(60).regex(NO_NUL_PATTERN, NO_NUL_MESSAGE),
        kind: z.enum(MAPPED_KINDS),
      }),
    )
    .max(MAPPING_MAX_TYPES),
});
export type ImportMapping = z.output<typeof importMappingSchema>;

/** A broker's name as the user gives it ("DNB", "Interactive Brokers"); one saved mapping each. */
export const brokerNameSchema = cappedString(60).trim().min(1).max(60).regex(NO_NUL_PATTERN, NO_NUL_MESSAGE);

/** The mapping in the import's query string: JSON, length-capped before it is read. */
export const mappingQuerySchema = cappedString(8_000, { trimmed: false }).transform((text, ctx) => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    ctx.addIssue({ code: 'custom', message: 'mapping is not JSON' });
    return z.NEVER;
  }
});

/** GET /api/v1/import-mappings: the user's saved mappings. */
export interface SavedImportMappingDto {
  broker: string;
  mapping: ImportMapping;
  updated_at: string;
}

/** The template CSV (public/templates/trendvakt-import-template.csv): its header and type words, so it imports unmapped. */
export const TEMPLATE_PATH = '/templates/trendvakt-import-template.csv';
export const TEMPLATE_MAPPING: ImportMapping = {
  columns: {
    date: 'date',
    type: 'type',
    security: 'security',
    quantity: 'quantity',
    price: 'price',
    fee: 'fee',
    currency: 'currency',
    amount: 'amount',
    id: 'id',
  },
  decimal: 'point',
  dateOrder: 'dmy',
  types: MAPPED_KINDS.map((kind) => ({ word: kind, kind })),
};

/** POST /api/v1/import-mappings/sheet: an .xlsx's first sheet as text, for the dialog's mapping step. */
export interface SheetPeekDto {
  headers: string[];
  rows: string[][];
}
