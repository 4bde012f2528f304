import type Decimal from 'decimal.js';
import {
  EVENT_CAPITAL_RETURN,
  EVENT_CASH_FEE,
  EVENT_DEPOSIT,
  EVENT_DIVIDEND,
  EVENT_INTEREST,
  EVENT_WITHDRAWAL,
  type EventId,
} from '@/lib/constants';
import type { ImportReviewCode } from '@/lib/types/portfolio';
import { toDecimal, ZERO } from '../../ledger/decimal';
import { parseNordnetDate, parseNordnetNumber, restoreCell } from './cells';
import type { SplitLeg } from './pairing';
import type { NordnetReviewRow, ParsedNordnetRow } from './types';
import { missing, notADate, notANumber, RowError, zero } from './importErrors';
import type { ColumnKey } from './vocabulary';
import type { Withholding } from './withholding';

/** One data row of a Nordnet export, read cell by cell: trades, cash, withholding, split/exchange legs, review rows. */

export interface RawRow {
  line: number;
  get(key: ColumnKey): string;
  currencyOf(key: ColumnKey): string;
  firstCurrency(): string;
}

export function requireNumber(row: RawRow, key: ColumnKey, label: string): Decimal {
  const value = optionalNumber(row, key, label);
  if (value === null) throw missing(label);
  return value;
}

export function optionalNumber(row: RawRow, key: ColumnKey, label: string): Decimal | null {
  const text = row.get(key);
  try {
    return parseNordnetNumber(text);
  } catch {
    throw notANumber(label, text);
  }
}

export function readDate(row: RawRow): string {
  const text = row.get('tradeDate') || row.get('bookingDate');
  if (text === '') throw missing('Handelsdag');
  const date = parseNordnetDate(text);
  if (date === null) throw notADate('Handelsdag', text);
  return date;
}

/** The trade currency: the "Valuta" of Kurs if the file has one, else of the purchase value, result, fees or amount. */
export function readCurrency(row: RawRow): string | null {
  for (const key of ['price', 'purchaseValue', 'result'] as const) {
    const c = row.currencyOf(key);
    if (c !== '') return c.toUpperCase();
  }
  // A row with an exchange rate is in a foreign currency the file does not name beside Kurs
  // (Beløp is in the account's currency): the resolved ticker's currency is the trade currency.
  if (readRate(row) !== null) return null;
  for (const key of ['totalFees', 'amount'] as const) {
    const c = row.currencyOf(key);
    if (c !== '') return c.toUpperCase();
  }
  const first = row.firstCurrency();
  return first === '' ? null : first.toUpperCase();
}

/** Vekslingskurs when the row states one other than 1 (and above 0). */
export function readRate(row: RawRow): Decimal | null {
  const rate = optionalNumber(row, 'exchangeRate', 'Vekslingskurs');
  return rate !== null && rate.gt(0) && !rate.eq(1) ? rate : null;
}

/**
 * An amount of the row in the trade currency: one stated in another currency (the account's) is
 * converted with Vekslingskurs, account-currency units per trade-currency unit; rounded to what a
 * transaction keeps (10 decimals, 15 significant digits).
 */
export function inTradeCurrency(
  row: RawRow,
  value: Decimal,
  valueCurrency: string,
  currency: string | null,
  label: string,
): Decimal {
  if (value.isZero() || valueCurrency === currency || valueCurrency === '') return value;
  const rate = readRate(row);
  if (currency === null) {
    // Foreign trade: the rate says so; without one the amounts are already in the trade currency.
    return rate === null ? value : value.div(rate).toSignificantDigits(15).toDecimalPlaces(10);
  }
  if (rate === null) {
    throw new RowError(
      'NO_RATE',
      `${label} is in ${valueCurrency}, the trade in ${currency}, and there is no Vekslingskurs`,
      { field: label, valueCurrency, currency },
    );
  }
  return value.div(rate).toSignificantDigits(15).toDecimalPlaces(10);
}

/** Total fees in the trade currency; a fee stated in another currency is converted with Vekslingskurs. */
export function readFee(row: RawRow, currency: string | null): Decimal {
  const total = optionalNumber(row, 'totalFees', 'Totale Avgifter');
  const fee = (total ?? optionalNumber(row, 'brokerage', 'Kurtasje') ?? ZERO).abs();
  const feeCurrency = (
    total !== null ? row.currencyOf('totalFees') : row.currencyOf('brokerage')
  ).toUpperCase();
  return inTradeCurrency(row, fee, feeCurrency, currency, 'fee');
}

export function readSecurity(row: RawRow): { isin: string | null; name: string | null } {
  const isin = row.get('isin').toUpperCase();
  const name = restoreCell(row.get('security'));
  if (isin === '' && name === '') throw new RowError('NO_SECURITY', 'neither ISIN nor Verdipapir is given');
  return { isin: isin === '' ? null : isin, name: name === '' ? null : name };
}

/** How a trade row's price is read when Kurs is empty. */
export type PriceRule = 'required' | 'fromAmount' | 'fromAmountOrZero';

/** The date, security, share count (Antall, its sign aside; not 0) and trade currency of a row that moves shares. */
function readShares(row: RawRow) {
  const date = readDate(row);
  const { isin, name } = readSecurity(row);
  const quantity = requireNumber(row, 'quantity', 'Antall').abs();
  if (quantity.isZero()) throw zero('Antall');
  return { date, isin, name, quantity, currency: readCurrency(row) };
}

export function parseTradeRow(
  row: RawRow,
  eventId: EventId,
  type: string,
  rule: PriceRule = eventId === EVENT_DIVIDEND || eventId === EVENT_CAPITAL_RETURN
    ? 'fromAmount'
    : 'required',
): ParsedNordnetRow {
  const { date, isin, name, quantity, currency } = readShares(row);
  let price = optionalNumber(row, 'price', 'Kurs')?.abs() ?? null;
  if (price === null && rule !== 'required') {
    // Kurs left empty: the amount per share from Beløp (in the trade currency), rounded to what a
    // transaction keeps (10 decimals, 15 significant digits); shares put in without either cost 0.
    const amount = optionalNumber(row, 'amount', 'Beløp');
    if (amount !== null) {
      const perShare = amount.abs().div(quantity).toSignificantDigits(15).toDecimalPlaces(10);
      price = inTradeCurrency(row, perShare, row.currencyOf('amount').toUpperCase(), currency, 'Beløp');
    } else if (rule === 'fromAmountOrZero') price = ZERO;
  }
  if (price === null) throw missing('Kurs');
  const fee = readFee(row, currency);
  const id = restoreCell(row.get('id'));
  const stated = optionalNumber(row, 'purchaseValue', 'Kjøpsverdi')?.abs() ?? null;
  const purchaseValue =
    stated === null
      ? null
      : inTradeCurrency(row, stated, row.currencyOf('purchaseValue').toUpperCase(), currency, 'Kjøpsverdi');
  return {
    purchaseValue,
    line: row.line,
    externalId: id === '' ? null : id,
    date,
    eventId,
    isin,
    name,
    quantity,
    splitTo: null,
    splitFrom: null,
    comment: restoreCell(row.get('text')),
    price,
    fee,
    currency,
    transactionType: type,
    withholdingTax: null,
    fxRate: readRate(row),
    exchangeOfLine: null,
  };
}

/** The cash kinds of a Nordnet row (vocabulary.ts), and "cash" for a row whose word is not known. */
export type CashKind = 'deposit' | 'withdrawal' | 'interest' | 'fee' | 'income' | 'cash';

/**
 * The cash event a row is, by its word and the sign of its Beløp (issue 37: every row that moves
 * Saldo is cash by its sign when nothing better is known, so the cash always ends at the file's
 * Saldo). Money in: a deposit (a negative "deposit" is a withdrawal), interest and income (a
 * negative one is a fee: debit interest), a refunded fee is income; a row of unknown meaning is a
 * deposit or a withdrawal by its sign (money moved, neither income nor cost).
 */
export function cashEventBySign(kind: CashKind, amount: Decimal): EventId {
  const moneyIn = amount.gt(0);
  switch (kind) {
    case 'deposit':
    case 'withdrawal':
    case 'cash':
      return moneyIn ? EVENT_DEPOSIT : EVENT_WITHDRAWAL;
    case 'interest':
    case 'income':
    case 'fee':
      return moneyIn ? EVENT_INTEREST : EVENT_CASH_FEE;
  }
}

/**
 * A cash row: the amount (Beløp) in the account's currency as a cash event (quantity 1, price =
 * the amount without its sign), the event chosen by the word and the sign (cashEventBySign).
 */
export function parseCashRow(row: RawRow, kind: CashKind, type: string): ParsedNordnetRow {
  const date = readDate(row);
  const signed = requireNumber(row, 'amount', 'Beløp');
  if (signed.isZero()) throw zero('Beløp');
  const amount = signed.abs();
  const id = restoreCell(row.get('id'));
  const currency = row.currencyOf('amount').toUpperCase() || row.firstCurrency().toUpperCase() || null;
  const fee = readFee(row, currency);
  return {
    line: row.line,
    externalId: id === '' ? null : id,
    date,
    eventId: cashEventBySign(kind, signed),
    isin: null,
    name: null,
    quantity: toDecimal(1),
    splitTo: null,
    splitFrom: null,
    comment: restoreCell(row.get('text')) || type,
    price: amount,
    fee,
    currency,
    transactionType: type,
    withholdingTax: null,
    fxRate: null,
    exchangeOfLine: null,
  };
}

/**
 * Whether an unknown row only moves cash: a non-zero Beløp and no share count (Antall empty or
 * 0). Such a row is cash by its sign; one that moves shares stays for review.
 */
export function movesOnlyCash(row: RawRow): boolean {
  try {
    const amount = parseNordnetNumber(row.get('amount'));
    const quantity = parseNordnetNumber(row.get('quantity'));
    return amount !== null && !amount.isZero() && (quantity === null || quantity.isZero());
  } catch {
    return false;
  }
}

export function parseWithholding(row: RawRow, type: string): Withholding {
  const date = readDate(row);
  const { isin, name } = readSecurity(row);
  const amount = requireNumber(row, 'amount', 'Beløp').abs();
  const amountCurrency = row.currencyOf('amount').toUpperCase();
  return { line: row.line, date, isin, name, amount, amountCurrency, rate: readRate(row), type };
}

export function parseSplitLeg(row: RawRow, type: string): SplitLeg {
  const { date, isin, name, quantity, currency } = readShares(row);
  const id = restoreCell(row.get('id'));
  return {
    line: row.line,
    id: id === '' ? null : id,
    comment: restoreCell(row.get('text')),
    date,
    isin,
    name,
    quantity,
    fee: readFee(row, currency),
    currency,
    type,
  };
}

export function numericId(id: string | null): number | null {
  return id !== null && /^\d{1,15}$/.test(id) ? Number(id) : null;
}

export function reviewRow(
  row: RawRow,
  type: string,
  code: ImportReviewCode,
  reason: string,
): NordnetReviewRow {
  const text = (key: ColumnKey) => row.get(key) || null;
  const date = parseNordnetDate(row.get('tradeDate') || row.get('bookingDate'));
  const quantity = text('quantity');
  let direction: NordnetReviewRow['direction'] = null;
  try {
    const q = parseNordnetNumber(quantity ?? '');
    if (q !== null && !q.isZero())
      direction = /(^|\s)(UTTAK|UTTAG|UDTAG|OTTO)(\s|$)/.test(type) || q.isNeg() ? 'out' : 'in';
  } catch {
    direction = null;
  }
  const id = restoreCell(row.get('id'));
  return {
    line: row.line,
    externalId: id === '' ? null : id,
    date,
    transactionType: type,
    isin: text('isin'),
    name: row.get('security') ? restoreCell(row.get('security')) : null,
    quantity,
    amount: text('amount'),
    currency: row.currencyOf('amount') || null,
    direction,
    reason,
    code,
    params: { type },
    fileCost: fileCostOf(row),
  };
}

/** The cost a row states: Kjøpsverdi, else Beløp, without its sign; null when neither is a number. */
function fileCostOf(row: RawRow): string | null {
  for (const key of ['purchaseValue', 'amount'] as const) {
    try {
      const value = parseNordnetNumber(row.get(key));
      if (value !== null) return value.abs().toFixed();
    } catch {
      // not a number: the next column
    }
  }
  return null;
}
