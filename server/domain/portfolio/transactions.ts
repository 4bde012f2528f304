import { EVENT_IDS, EVENT_SPLIT, type EventId } from '@/lib/constants';
import { decimalToFraction } from '@/lib/splitRatio';
import { toDecimal, type DecimalInput } from './decimal';
import { InvalidTransactionError } from './errors';
import type { LedgerEntry, Transaction, TransactionInput } from './types';
import type Decimal from 'decimal.js';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True when `value` is a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

function isEventId(value: number): value is EventId {
  return (EVENT_IDS as readonly number[]).includes(value);
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
const validated = new WeakSet<object>();

/** True when `input` is a Transaction returned by normalizeTransaction(s). */
export function isNormalized(input: LedgerEntry): input is Transaction {
  return validated.has(input);
}

/**
 * Validate one transaction and convert its amounts to decimals; throws InvalidTransactionError.
 * A transaction this function already returned is returned as it is (see `validated`).
 */
export function normalizeTransaction(input: LedgerEntry): Transaction {
  if (isNormalized(input)) return input;
  const result = validate(input);
  validated.add(result);
  return result;
}

function validate(input: TransactionInput): Transaction {
  const { id } = input;
  if (!Number.isSafeInteger(id)) throw new InvalidTransactionError(id, 'id must be an integer');
  if (!Number.isSafeInteger(input.tickerId))
    throw new InvalidTransactionError(id, 'ticker id must be an integer');
  if (!isIsoDate(input.date)) throw new InvalidTransactionError(id, `date ${input.date} is not YYYY-MM-DD`);
  if (!isEventId(input.eventId)) throw new InvalidTransactionError(id, `unknown event ${input.eventId}`);
  const quantity = readField(id, 'quantity', input.quantity);
  const fee = input.fee === null || input.fee === undefined ? toDecimal(0) : readField(id, 'fee', input.fee);
  // A split carries no price (DESIGN §5: price 0); whatever was sent is ignored.
  const price = input.eventId === EVENT_SPLIT ? toDecimal(0) : readField(id, 'price', input.price);
  if (!quantity.gt(0)) {
    throw new InvalidTransactionError(
      id,
      input.eventId === EVENT_SPLIT ? 'split ratio must be positive' : 'quantity must be positive',
    );
  }
  if (price.isNegative()) throw new InvalidTransactionError(id, 'price must not be negative');
  if (fee.isNegative()) throw new InvalidTransactionError(id, 'fee must not be negative');
  const split = input.eventId === EVENT_SPLIT ? readSplit(input, quantity) : null;
  return Object.freeze({
    id,
    tickerId: input.tickerId,
    date: input.date,
    eventId: input.eventId,
    quantity,
    price,
    fee,
    split,
  });
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
  const out = inputs.map(normalizeTransaction);
  for (let i = 1; i < out.length; i++) {
    if (compareTransactions(out[i - 1], out[i]) > 0) return out.sort(compareTransactions);
  }
  return out;
}
