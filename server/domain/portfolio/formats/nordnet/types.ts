import type Decimal from 'decimal.js';
import type { EventId, InstrumentKind } from '@/lib/constants';
import type { ImportErrorDto, ImportReviewReason, ImportSkippedRowDto } from '@/lib/types/portfolio';

/** What a broker file parses into (Nordnet's export and a mapped CSV alike): rows, review rows, errors. */

/** One importable transaction from the file; the service resolves `isin`/`name` to a ticker. */
export interface ParsedNordnetRow {
  /** 1-based line in the file (the header is line 1); for a split, the line of its UTTAK row. */
  line: number;
  /** Nordnet's Id; for a split "outId/inId" (or the single Id when both legs share it). */
  externalId: string | null;
  /** Handelsdag (trade date) as YYYY-MM-DD, Bokføringsdag when Handelsdag is empty. */
  date: string;
  eventId: EventId;
  /** Null for a cash event (deposit, withdrawal, interest, fee). */
  isin: string | null;
  name: string | null;
  /** Shares; for a split the ratio new per old (split_to / split_from, at most 10 decimals). Always positive. */
  quantity: Decimal;
  /** A split's two whole numbers (new shares `splitTo` for every `splitFrom` old ones); null otherwise. */
  splitTo: number | null;
  splitFrom: number | null;
  /** Transaksjonstekst, read back as our export wrote it (a neutralised cell restored). */
  comment: string;
  /** Price per share (dividend: amount per share) in the trade currency; 0 for a split. */
  price: Decimal;
  /** Total fees, converted to the trade currency when the file states them in another one. */
  fee: Decimal;
  /** The trade currency as the file states it (informational: the resolved ticker's currency wins). */
  currency: string | null;
  /** The raw Transaksjonstype (for a split both legs', joined with " + "). */
  transactionType: string;
  /** A dividend's tax withheld (the file's withholding rows on it), in the trade currency; null when none. */
  withholdingTax: Decimal | null;
  /** Vekslingskurs: account-currency units per trade-currency unit, when the row states one other than 1. */
  fxRate: Decimal | null;
  /** An exchange's in-leg: the line of its out-leg (the service carries that holding's cost over). */
  exchangeOfLine: number | null;
  /**
   * Issue 37: Kjøpsverdi, the cost of the shares the row moves as the broker states it (a sale's
   * is its shares' cost), in the trade currency, without its sign; absent when not stated.
   */
  purchaseValue?: Decimal | null;
  /**
   * Issue 37: a sale whose row says the holding is now 0 (Totalt antall 0): it closes the
   * position, whatever remainder the file's rounded units would leave (the import sells what is held).
   */
  closesPosition?: boolean;
  /** Issue 37: the instrument's kind as the file states it (our export's Kind column); absent when not stated. */
  kind?: InstrumentKind | null;
}

/** A row the parser cannot map: the user accepts it as a holding change at a stated cost, or skips it. */
export interface NordnetReviewRow extends ImportReviewReason {
  line: number;
  externalId: string | null;
  date: string | null;
  transactionType: string;
  isin: string | null;
  name: string | null;
  /** Antall as stated (signed as Nordnet writes it, or null). */
  quantity: string | null;
  /** Beløp as stated (or null). */
  amount: string | null;
  currency: string | null;
  /** "in" when the row puts shares in, "out" when it takes them out, null when it says neither. */
  direction: 'in' | 'out' | null;
  params: Record<string, string | number>;
  /** Issue 37: the cost the file states for the row (Kjøpsverdi, else Beløp, without sign); null when none. */
  fileCost?: string | null;
}

export interface NordnetParseResult {
  rows: ParsedNordnetRow[];
  skipped: ImportSkippedRowDto[];
  errors: ImportErrorDto[];
  review: NordnetReviewRow[];
  /** The Saldo of the file's newest row (the account's cash after it), when the file has the column. */
  lastBalance: Decimal | null;
  /**
   * Issue 37: the accounts of the file's Portefølje column (Depå, Depot, Salkku), by account
   * number; absent for formats without one. With `account` given, only that account's
   * rows are parsed (and `lastBalance` is its own), while this still lists every account.
   */
  accounts?: NordnetAccountSummary[];
}

/** One account of a Nordnet file: its rows (every data row of it), last Saldo and currency. */
export interface NordnetAccountSummary {
  account: string;
  rows: number;
  /** The Saldo of the account's newest row, in its currency; null when none states one. */
  balance: Decimal | null;
  /** The account's currency: Beløp's Valuta on its first row that states one; null when none does. */
  currency: string | null;
}

/** Which rows to parse: only one account's (the Portefølje column) when `account` is given. */
export interface NordnetParseOptions {
  account?: string;
}

/** At most this many data rows per file (DESIGN.md §4: more is 413 with the count). */
export const NORDNET_MAX_ROWS = 10_000;

/** The file has more data rows than NORDNET_MAX_ROWS; nothing of it is read. */
export class TooManyRowsError extends Error {
  readonly rows: number;
  constructor(rows: number) {
    super(`The file has ${rows} rows; at most ${NORDNET_MAX_ROWS} are read`);
    this.name = 'TooManyRowsError';
    this.rows = rows;
  }
}
