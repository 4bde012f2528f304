import {
  EVENT_DIVIDEND,
  EVENT_SPLIT,
  TICKER_EVENT_IDS,
  isCashEvent,
  type TickerEventId,
} from '@/lib/constants';
import { decimalToFraction } from '@/lib/splitRatio';
import { plainDecimal, toDecimal, ZERO, type DecimalInput } from './decimal';
import { InvalidTransactionError } from './errors';
import type { CashTransaction, LedgerEntry, LedgerTransaction, Transaction, TransactionInput } from './types';
import type Decimal from 'decimal.js';
import { isIsoDate } from '@/lib/dates';

export { isIsoDate };

function isTickerEventId(value: number): value is TickerEventId {
  return (TICKER_EVENT_IDS as readonly number[]).includes(value);
}

function readOptional(id: number, field: string, value: DecimalInput | null | undefined): Decimal | null {
  return value === null || value === undefined ? null : readField(id, field, value);
}

function readField(id: number, field: string, value: DecimalInput | null | undefined): Decimal {
  if (value === null || value === undefined) throw new InvalidTransactionError(id, `${field} is missing`);
  try {
    return toDecimal(value);
  } catch {
    throw new InvalidTransactionError(id, `${field} is not a finite number`);
  }
}

/**
 * The transactions this module validated. A validated Transaction is also a TransactionInput in
 * shape (its decimals are DecimalInputs), but not in meaning: a split's whole-number ratio lives in
 * `split`, not in `splitTo`/`splitFrom`, and its `quantity` is the stored ratio rounded to 10
 * decimals (1/3 → 0.3333333333). Validating it again would read that rounded quantity as the ratio
 * (issue 24: 300 shares after 1-for-3 became 99.99999999). So validation happens once: one
 * already validated passes through unchanged.
 */
class ValidatedTransaction implements Transaction {
  constructor(
    readonly id: number,
    readonly tickerId: number,
    readonly date: string,
    readonly eventId: TickerEventId,
    readonly quantity: Decimal,
    readonly price: Decimal,
    readonly fee: Decimal,
    readonly split: { readonly to: Decimal; readonly from: Decimal } | null,
    readonly withholdingTax: Decimal,
    readonly fxRate: Decimal | null,
  ) {
    Object.freeze(this);
  }
}

/**
 * True when `input` is a Transaction returned by normalizeTransaction(s). A class and not a WeakSet
 * of frozen object literals: `instanceof` is a map check, and a cold 10,000-transaction read spent
 * some 15 ms of its normalisation freezing literals and adding them to the WeakSet, against 4 ms
 * for class instances (measured in isolation, 10,000 objects; issue 26), and a WeakSet's entries are
 * extra work for every garbage collection.
 */
export function isNormalized(input: LedgerEntry): input is Transaction {
  return input instanceof ValidatedTransaction;
}

/**
 * Validate one ticker transaction (events 1–4 and the corporate actions) and convert its amounts to
 * decimals; throws InvalidTransactionError (a cash event here too: see `normalizeLedgerTransaction`).
 * A transaction this function already returned is returned as it is (see `validated`).
 */
export function normalizeTransaction(input: LedgerEntry): Transaction {
  if (isNormalized(input)) return input;
  return validate(input);
}

function validate(input: TransactionInput): Transaction {
  const { id } = input;
  if (!Number.isSafeInteger(id)) throw new InvalidTransactionError(id, 'id must be an integer');
  if (isCashEvent(input.eventId))
    throw new InvalidTransactionError(id, `event ${input.eventId} is a cash event, not a ticker's`);
  if (input.tickerId === null || !Number.isSafeInteger(input.tickerId))
    throw new InvalidTransactionError(id, 'ticker id must be an integer');
  if (!isIsoDate(input.date)) throw new InvalidTransactionError(id, `date ${input.date} is not YYYY-MM-DD`);
  if (!isTickerEventId(input.eventId))
    throw new InvalidTransactionError(id, `unknown event ${input.eventId}`);
  const quantity = readField(id, 'quantity', input.quantity);
  const fee = input.fee === null || input.fee === undefined ? ZERO : readField(id, 'fee', input.fee);
  // A split carries no price (DESIGN §5: price 0); whatever was sent is ignored.
  const price = input.eventId === EVENT_SPLIT ? ZERO : readField(id, 'price', input.price);
  if (!quantity.gt(0)) {
    throw new InvalidTransactionError(
      id,
      input.eventId === EVENT_SPLIT ? 'split ratio must be positive' : 'quantity must be positive',
    );
  }
  if (price.isNegative()) throw new InvalidTransactionError(id, 'price must not be negative');
  if (fee.isNegative()) throw new InvalidTransactionError(id, 'fee must not be negative');
  const split = input.eventId === EVENT_SPLIT ? readSplit(input, quantity) : null;
  const withholding = readOptional(id, 'withholding tax', input.withholdingTax);
  if (withholding && !withholding.isZero()) {
    if (input.eventId !== EVENT_DIVIDEND)
      throw new InvalidTransactionError(id, 'only a dividend carries withholding tax');
    if (withholding.isNegative())
      throw new InvalidTransactionError(id, 'withholding tax must not be negative');
    if (withholding.gt(quantity.mul(price)))
      throw new InvalidTransactionError(id, 'withholding tax must not exceed the gross dividend');
  }
  const fxRate = readOptional(id, 'fx rate', input.fxRate);
  if (fxRate && !fxRate.gt(0)) throw new InvalidTransactionError(id, 'fx rate must be positive');
  return new ValidatedTransaction(
    id,
    input.tickerId,
    input.date,
    input.eventId,
    quantity,
    price,
    fee,
    split,
    withholding ?? ZERO,
    fxRate,
  );
}

/** Validate a cash event (5 deposit, 6 withdrawal): no ticker, quantity 1, a positive amount in `price`. */
function normalizeCashTransaction(input: TransactionInput): CashTransaction {
  const { id } = input;
  if (!isCashEvent(input.eventId))
    throw new InvalidTransactionError(id, `event ${input.eventId} is not a cash event`);
  if (input.tickerId !== null) throw new InvalidTransactionError(id, 'a deposit or withdrawal has no ticker');
  if (!isIsoDate(input.date)) throw new InvalidTransactionError(id, `date ${input.date} is not YYYY-MM-DD`);
  const quantity = readField(id, 'quantity', input.quantity);
  if (!quantity.eq(1)) throw new InvalidTransactionError(id, 'a deposit or withdrawal has quantity 1');
  const amount = readField(id, 'amount', input.price);
  if (!amount.gt(0)) throw new InvalidTransactionError(id, 'amount must be positive');
  const fee = input.fee === null || input.fee === undefined ? toDecimal(0) : readField(id, 'fee', input.fee);
  if (fee.isNegative()) throw new InvalidTransactionError(id, 'fee must not be negative');
  return { id, tickerId: null, date: input.date, eventId: input.eventId, amount, fee };
}

/** Validate any event of a portfolio's ledger: a cash event or a ticker transaction. */
export function normalizeLedgerTransaction(input: TransactionInput): LedgerTransaction {
  if (!Number.isSafeInteger(input.id)) throw new InvalidTransactionError(input.id, 'id must be an integer');
  return isCashEvent(input.eventId) ? normalizeCashTransaction(input) : normalizeTransaction(input);
}

/** Every event of a ledger (cash and ticker), validated and in canonical (date, id) order. */
export function normalizeLedger(inputs: readonly TransactionInput[]): LedgerTransaction[] {
  return inputs.map(normalizeLedgerTransaction).sort(compareTransactions);
}

/** A split's two whole numbers; without them the quantity is the ratio, read as the exact fraction it is. */
function readSplit(input: TransactionInput, quantity: Decimal): { to: Decimal; from: Decimal } {
  const { splitTo, splitFrom } = input;
  if (splitTo !== null && splitTo !== undefined && splitFrom !== null && splitFrom !== undefined) {
    if (!Number.isSafeInteger(splitTo) || splitTo <= 0 || !Number.isSafeInteger(splitFrom) || splitFrom <= 0)
      throw new InvalidTransactionError(input.id, 'split_to and split_from must be positive whole numbers');
    return { to: toDecimal(splitTo), from: toDecimal(splitFrom) };
  }
  const fraction = decimalToFraction(quantity.toFixed());
  if (!fraction) throw new InvalidTransactionError(input.id, 'split ratio must be positive');
  return { to: toDecimal(fraction.to.toString()), from: toDecimal(fraction.from.toString()) };
}

/** The canonical order (DESIGN §7): by date, then by id. */
export function compareTransactions(
  a: Pick<Transaction, 'date' | 'id'>,
  b: Pick<Transaction, 'date' | 'id'>,
): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  return a.id - b.id;
}

/**
 * Validate every transaction and return them in canonical (date, id) order; the input is not
 * changed. Transactions already validated are taken as they are, and a list already in order is
 * not sorted again (the loaded histories are both).
 */
export function normalizeTransactions(inputs: readonly LedgerEntry[]): Transaction[] {
  return inCanonicalOrder(inputs.map(normalizeTransaction));
}

/** `out` in canonical order, sorted in place only when it is not already. */
function inCanonicalOrder(out: Transaction[]): Transaction[] {
  for (let i = 1; i < out.length; i++) {
    if (compareTransactions(out[i - 1], out[i]) > 0) return out.sort(compareTransactions);
  }
  return out;
}

/**
 * A stored numeric's text without the zeros its column's scale pads it with ("165.7700000000" →
 * "165.77", "100.0000000000" → "100"): the same value, and a third cheaper for decimal.js to parse.
 */
export function withoutPaddingZeros(text: string): string {
  if (text.indexOf('.') < 0) return text;
  let end = text.length;
  while (text.charCodeAt(end - 1) === 48 /* 0 */) end -= 1;
  if (text.charCodeAt(end - 1) === 46 /* . */) end -= 1;
  return end === text.length ? text : text.slice(0, end);
}

/**
 * A stored amount as a Decimal: read straight from its digits (plainDecimal), else by decimal.js.
 * (A memo of parsed texts used to save decimal.js's parse; with plainDecimal, looking a text up
 * cost more than reading it.)
 */
function storedDecimal(value: DecimalInput): Decimal {
  if (typeof value !== 'string') return toDecimal(value);
  return plainDecimal(value) ?? toDecimal(withoutPaddingZeros(value));
}

/**
 * normalizeTransaction for a row read back from the database: it was validated when it was written
 * (every write replays the history it changes), so only its amounts are read, not checked again
 * (the checks were a good part of a cold portfolio's 10,000-row read; issue 26). The result is the
 * Transaction validation would give. A row that is not a plain ticker transaction (no ticker, an
 * unknown event) goes through the full validation.
 */
export function normalizeStoredTransaction(input: TransactionInput): Transaction {
  // One already validated is not read again (its split quantity is a rounded ratio: issue 24).
  if (isNormalized(input)) return input;
  const { eventId, tickerId } = input;
  if (tickerId === null || !isTickerEventId(eventId)) return normalizeTransaction(input);
  const quantity = storedDecimal(input.quantity);
  const split = eventId === EVENT_SPLIT ? readSplit(input, quantity) : null;
  const withholding = input.withholdingTax;
  const fxRate = input.fxRate;
  return new ValidatedTransaction(
    input.id,
    tickerId,
    input.date,
    eventId,
    quantity,
    eventId === EVENT_SPLIT ? ZERO : storedDecimal(input.price),
    input.fee === null || input.fee === undefined ? ZERO : storedDecimal(input.fee),
    split,
    withholding === null || withholding === undefined ? ZERO : storedDecimal(withholding),
    fxRate === null || fxRate === undefined ? null : storedDecimal(fxRate),
  );
}

/**
 * normalizeTransactions for rows read back from the database (see normalizeStoredTransaction), in
 * canonical order (sorted only when they are not already).
 */
export function normalizeStoredTransactions(inputs: readonly TransactionInput[]): Transaction[] {
  return inCanonicalOrder(inputs.map(normalizeStoredTransaction));
}
