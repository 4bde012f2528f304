/** The broker import's answers: preview, review and skipped rows, errors, accounts (issues 22, 37). */
import type { EventId, InstrumentKind } from '@/lib/constants';
import type { ExactAmount } from './exactAmount';
import type { ImportWarningDto } from './importWarnings';

/** A row the import would write (or wrote), for the dry-run preview. */
export interface ImportPreviewRow {
  line: number;
  external_id: string | null;
  date: string;
  event_id: EventId;
  /**
   * Null for a cash event (deposit, withdrawal, interest, fee), with `symbol` and `long_name` "";
   * null too for an instrument the import would create (`new_instrument`).
   */
  ticker_id: number | null;
  symbol: string;
  long_name: string;
  /** Issue 37: the security's ISIN and kind (null for a cash event). */
  isin: string | null;
  kind: InstrumentKind | null;
  /** Issue 37: a security the universe does not list, created as an instrument when imported. */
  new_instrument: boolean;
  quantity: ExactAmount;
  price: ExactAmount;
  fee: ExactAmount;
  split_to: number | null;
  split_from: number | null;
  withholding_tax: ExactAmount | null;
  fx_rate: ExactAmount | null;
  /**
   * Issue 39 item 8: the currency of `price`, `fee` and `withholding_tax` (the security's; for a
   * cash event the account's), so the preview shows every amount with its currency.
   */
  currency?: string | null;
}

/**
 * A file row the import cannot map (an unknown type, a corporate-action leg without its pair, tax
 * withheld without its dividend): the user accepts it as a holding change at a stated total cost
 * (`accept=<line>:<cost>` on the next request) or leaves it out.
 */
export interface ImportReviewRow extends ImportReviewReason {
  line: number;
  date: string | null;
  transaction_type: string;
  isin: string | null;
  name: string | null;
  quantity: string | null;
  amount: string | null;
  currency: string | null;
  direction: 'in' | 'out' | null;
  /** Issue 37: the cost the file states for the row (what `accept=LINE:` takes); null when none. */
  file_cost: string | null;
  /**
   * Issue 39 item 8: `amount` read as a number (a canonical decimal, signed as the file has it:
   * negative = money out of the account), in `currency`; null or absent when the row states none.
   */
  amount_value?: string | null;
}

/** Why a row needs review: in English, and as a code with its parameters. */
export interface ImportReviewReason {
  /** English, for API users; the UI shows `portfolio.json` `importReview.<code>` with `params`. */
  reason: string;
  code: ImportReviewCode;
  params?: Record<string, string | number>;
}

/** Why a file row needs review (each has an `importReview` text in nb and en). */
export const IMPORT_REVIEW_CODES = [
  /** A Nordnet Transaksjonstype the parser does not know. Params: type. */
  'UNKNOWN_TYPE',
  /** A mapped CSV's type word the mapping does not name. Params: type. */
  'UNMAPPED_TYPE',
  /** A split leg (shares out or in) without its other leg on the same day. Params: type. */
  'SPLIT_LEG_ALONE',
  /** An exchange leg (merger, ticker change) without its other leg on the same day. Params: type. */
  'EXCHANGE_LEG_ALONE',
  /** Tax withheld with no dividend of the same security within `days` days. Params: type, days. */
  'WITHHOLDING_ALONE',
  /** Issue 37: a redemption's shares out without the cash paid for them within 14 days. Params: type. */
  'REDEMPTION_LEG_ALONE',
  /**
   * Issue 37: the file starts after shares it sells were bought: an opening position of
   * `quantity` on `date` (before the file's first date) at the cost the file states. Params: quantity, date.
   */
  'OPENING_POSITION',
  /**
   * Issue 39: the row's share may not be held in an aksjesparekonto (lib/askEligibility.ts); it is
   * never imported into an ASK. Params: symbol, name, rule (the refusal code), home_state.
   */
  'ASK_NOT_ELIGIBLE',
] as const;
export type ImportReviewCode = (typeof IMPORT_REVIEW_CODES)[number];

/** Why a file row is left out on purpose (each has an `importSkipped` text in nb and en). */
export const IMPORT_SKIP_CODES = [
  /** Cancelled by the broker (Nordnet's Makuleringsdato). Params: type, date. */
  'CANCELLED',
  /** A Nordnet row that changes neither a holding nor the cash here. Params: type. */
  'NO_EFFECT',
  /** A mapped CSV's type word the user mapped to "ignore". Params: type. */
  'MAPPED_IGNORE',
  /** The row's Id is already in this portfolio (an earlier import). Params: id. */
  'ALREADY_IMPORTED',
  /** A row without an Id whose date, type, security and amounts are already in this portfolio. */
  'ALREADY_IMPORTED_SAME_ROW',
  /** The same Id appears on an earlier line of the file. Params: id. */
  'DUPLICATE_IN_FILE',
] as const;
export type ImportSkipCode = (typeof IMPORT_SKIP_CODES)[number];

/** A file row left out on purpose: `reason` in English for API users, `code` and `params` for the UI. */
export interface ImportSkippedRowDto {
  line: number;
  reason: string;
  code: ImportSkipCode;
  params?: Record<string, string | number>;
}

/**
 * A row (line 1: the file) that cannot be imported. `message` is English; `code` (when the parser
 * gave one) and `params` are for the UI, which shows `portfolio.json` `importErrors.<code>`.
 */
export interface ImportErrorDto {
  line: number;
  message: string;
  code?: ImportErrorCode;
  params?: Record<string, string | number>;
}

/** The codes of the import's file and row errors (each has an `importErrors` text in nb and en). */
export const IMPORT_ERROR_CODES = [
  'AMBIGUOUS_DATE',
  'FILE_EMPTY',
  'NO_SEPARATOR',
  'HEADER_UNREADABLE',
  'MISSING_COLUMNS',
  'LINE_TOO_LONG',
  'CELL_TOO_LONG',
  'QUOTE_NOT_CLOSED',
  'UNREADABLE_FROM_HERE',
  'FIELD_MISSING',
  'NOT_A_NUMBER',
  'NOT_A_DATE',
  'NO_RATE',
  'NO_SECURITY',
  'ZERO',
  'NO_PRICE',
  'SPLIT_RATIO',
] as const;
export type ImportErrorCode = (typeof IMPORT_ERROR_CODES)[number];

/**
 * portfolio-import answer (DESIGN.md §5: `{ imported, skipped, errors }`). `imported` is what was
 * written (or, in a dry run, what would be); `skipped` counts rows left out on purpose (cash
 * movements, rows already imported); `errors` are rows that cannot be used, by line. The rest are
 * our additions for the preview.
 */
export interface ImportResultDto {
  dry_run: boolean;
  imported: number;
  skipped: number;
  errors: ImportErrorDto[];
  skipped_rows: ImportSkippedRowDto[];
  rows: ImportPreviewRow[];
  /** Rows for the user to accept (with a cost) or skip; never written until accepted. */
  review: ImportReviewRow[];
  /** The file's last Saldo (the broker's cash after its newest row), when it states one. */
  file_balance: string | null;
  /** Numbers that cannot be right, by line (a mapped CSV's; lib/types/importWarnings.ts). */
  warnings?: ImportWarningDto[];
  /**
   * Issue 37: a Nordnet file's accounts (its Portefølje column), each with its rows, last Saldo and
   * currency; every account of the file even when `account=` picked one. Absent for other formats.
   */
  accounts?: ImportAccountDto[];
}

/** One account of a broker file: its data rows, its last Saldo (in `currency`) and its currency. */
export interface ImportAccountDto {
  account: string;
  rows: number;
  balance: string | null;
  currency: string | null;
}
