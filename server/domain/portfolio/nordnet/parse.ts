import type Decimal from 'decimal.js';
import {
  EVENT_BUY,
  EVENT_CAPITAL_RETURN,
  EVENT_CASH_FEE,
  EVENT_DEPOSIT,
  EVENT_DIVIDEND,
  EVENT_EXCHANGE_IN,
  EVENT_EXCHANGE_OUT,
  EVENT_INTEREST,
  EVENT_SELL,
  EVENT_SPLIT,
  EVENT_WITHDRAWAL,
  type EventId,
} from '@/lib/constants';
import { legsToSplit, SPLIT_PART_MAX, splitQuantityText } from '@/lib/splitRatio';
import { detectDelimiter, firstLine, readCsvInSteps } from '../../csv';
import { toDecimal, ZERO } from '../decimal';
import {
  decodeNordnetBytes,
  normalizeHeader,
  normalizeType,
  parseNordnetDate,
  parseNordnetNumber,
  restoreCell,
} from './cells';
import { joinIds, pairSplitLegs, type SplitLeg } from './pairing';
import {
  classifyNordnetType,
  CURRENCY_HEADERS,
  HEADER_ALIASES,
  type ColumnKey,
  type ColumnMap,
} from './vocabulary';

/**
 * Nordnet's "transactions and notes" export (Transaksjoner og notater → Eksporter):
 * UTF-16LE with a BOM, tab-separated, Norwegian headers, decimal comma, spaces (often no-break
 * spaces) as thousands separators, newest row first. Several columns are called "Valuta"; each
 * one is the currency of the amount column just before it, so they are told apart by that column.
 *
 * Splits: Nordnet books a split as two rows on the same day, "SPLITT UTTAK VP" taking out the old
 * quantity and "SPLITT INNLEGG VP" putting in the new quantity (a reverse split looks the same with
 * a smaller new quantity; the ISIN may change). We pair them per trade date (same ISIN, else same
 * name, else the only remaining pair of that day) and emit one split transaction with
 * ratio = new quantity / old quantity.
 *
 * Exchanges (mergers, ticker changes: "BYTTE UTTAK VP" / "BYTTE INNLEGG VP") are paired the same
 * way and become two rows, the old security out (event 8) and the new one in (event 9) carrying its
 * cost (the service sets it from the holding, Skatteetaten's continuity rule). Shares put in by a
 * rights issue, subscription, bonus issue or dividend ("EMISJON INNLEGG VP", "TEGNING INNLEGG VP",
 * "UTBYTTE INNLEGG VP") are a buy at the cost the row states (Kurs, else Beløp, else 0). Capital
 * returned is event 7. Cash rows (deposits, withdrawals, interest, fees) are cash events with the
 * amount in the account's currency; tax withheld on a dividend ("KUPONGSKATT") is attached to the
 * dividend. What cannot be mapped is a review row the user accepts (with a stated cost) or skips.
 */

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
}

/** A row the parser cannot map: the user accepts it as a holding change at a stated cost, or skips it. */
export interface NordnetReviewRow {
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
  reason: string;
}

export interface NordnetParseResult {
  rows: ParsedNordnetRow[];
  skipped: { line: number; reason: string }[];
  errors: { line: number; message: string }[];
  review: NordnetReviewRow[];
  /** The Saldo of the file's newest row (the account's cash after it), when the file has the column. */
  lastBalance: Decimal | null;
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

function mapColumns(headerFields: readonly string[]): ColumnMap {
  const map: ColumnMap = { columns: {}, currencies: {}, firstCurrency: null };
  let previous: ColumnKey | null = null;
  headerFields.forEach((raw, index) => {
    const name = normalizeHeader(raw);
    if (CURRENCY_HEADERS.has(name)) {
      map.firstCurrency ??= index;
      if (previous !== null && map.currencies[previous] === undefined) map.currencies[previous] = index;
      return;
    }
    const key = HEADER_ALIASES.get(name);
    if (key !== undefined && map.columns[key] === undefined) map.columns[key] = index;
    // An unknown column still breaks the "Valuta follows its amount" chain.
    previous = key ?? null;
  });
  return map;
}

interface RawRow {
  line: number;
  get(key: ColumnKey): string;
  currencyOf(key: ColumnKey): string;
  firstCurrency(): string;
}

class RowError extends Error {}

function requireNumber(row: RawRow, key: ColumnKey, label: string): Decimal {
  const value = optionalNumber(row, key, label);
  if (value === null) throw new RowError(`${label} is missing`);
  return value;
}

function optionalNumber(row: RawRow, key: ColumnKey, label: string): Decimal | null {
  const text = row.get(key);
  try {
    return parseNordnetNumber(text);
  } catch {
    throw new RowError(`${label} "${text}" is not a number`);
  }
}

function readDate(row: RawRow): string {
  const text = row.get('tradeDate') || row.get('bookingDate');
  if (text === '') throw new RowError('Handelsdag is missing');
  const date = parseNordnetDate(text);
  if (date === null) throw new RowError(`Handelsdag "${text}" is not a date`);
  return date;
}

/** The trade currency: the "Valuta" of Kurs if the file has one, else of the purchase value, result, fees or amount. */
function readCurrency(row: RawRow): string | null {
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
function readRate(row: RawRow): Decimal | null {
  const rate = optionalNumber(row, 'exchangeRate', 'Vekslingskurs');
  return rate !== null && rate.gt(0) && !rate.eq(1) ? rate : null;
}

/**
 * An amount of the row in the trade currency: one stated in another currency (the account's) is
 * converted with Vekslingskurs, account-currency units per trade-currency unit; rounded to what a
 * transaction keeps (10 decimals, 15 significant digits).
 */
function inTradeCurrency(
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
      `${label} is in ${valueCurrency}, the trade in ${currency}, and there is no Vekslingskurs`,
    );
  }
  return value.div(rate).toSignificantDigits(15).toDecimalPlaces(10);
}

/** Total fees in the trade currency; a fee stated in another currency is converted with Vekslingskurs. */
function readFee(row: RawRow, currency: string | null): Decimal {
  const total = optionalNumber(row, 'totalFees', 'Totale Avgifter');
  const fee = (total ?? optionalNumber(row, 'brokerage', 'Kurtasje') ?? ZERO).abs();
  const feeCurrency = (
    total !== null ? row.currencyOf('totalFees') : row.currencyOf('brokerage')
  ).toUpperCase();
  return inTradeCurrency(row, fee, feeCurrency, currency, 'fee');
}

function readSecurity(row: RawRow): { isin: string | null; name: string | null } {
  const isin = row.get('isin').toUpperCase();
  const name = restoreCell(row.get('security'));
  if (isin === '' && name === '') throw new RowError('neither ISIN nor Verdipapir is given');
  return { isin: isin === '' ? null : isin, name: name === '' ? null : name };
}

/** How a trade row's price is read when Kurs is empty. */
type PriceRule = 'required' | 'fromAmount' | 'fromAmountOrZero';

function parseTradeRow(
  row: RawRow,
  eventId: EventId,
  type: string,
  rule: PriceRule = eventId === EVENT_DIVIDEND || eventId === EVENT_CAPITAL_RETURN
    ? 'fromAmount'
    : 'required',
): ParsedNordnetRow {
  const date = readDate(row);
  const { isin, name } = readSecurity(row);
  const quantity = requireNumber(row, 'quantity', 'Antall').abs();
  if (quantity.isZero()) throw new RowError('Antall is 0');
  const currency = readCurrency(row);
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
  if (price === null) throw new RowError('Kurs is missing');
  const fee = readFee(row, currency);
  const id = restoreCell(row.get('id'));
  return {
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

/**
 * A cash row: the amount (Beløp, its sign aside) in the account's currency as a cash event
 * (quantity 1, price = the amount).
 */
function parseCashRow(row: RawRow, eventId: EventId, type: string): ParsedNordnetRow {
  const date = readDate(row);
  const amount = requireNumber(row, 'amount', 'Beløp').abs();
  if (amount.isZero()) throw new RowError('Beløp is 0');
  const id = restoreCell(row.get('id'));
  const currency = row.currencyOf('amount').toUpperCase() || row.firstCurrency().toUpperCase() || null;
  const fee = readFee(row, currency);
  return {
    line: row.line,
    externalId: id === '' ? null : id,
    date,
    eventId,
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

interface Withholding {
  line: number;
  date: string;
  isin: string | null;
  name: string | null;
  /** In the account's currency as stated, and in the trade currency. */
  amount: Decimal;
  amountCurrency: string;
  rate: Decimal | null;
  type: string;
}

function parseWithholding(row: RawRow, type: string): Withholding {
  const date = readDate(row);
  const { isin, name } = readSecurity(row);
  const amount = requireNumber(row, 'amount', 'Beløp').abs();
  const amountCurrency = row.currencyOf('amount').toUpperCase();
  return { line: row.line, date, isin, name, amount, amountCurrency, rate: readRate(row), type };
}

function parseSplitLeg(row: RawRow, type: string): SplitLeg {
  const date = readDate(row);
  const { isin, name } = readSecurity(row);
  const quantity = requireNumber(row, 'quantity', 'Antall').abs();
  if (quantity.isZero()) throw new RowError('Antall is 0');
  const id = restoreCell(row.get('id'));
  const currency = readCurrency(row);
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

function numericId(id: string | null): number | null {
  return id !== null && /^\d{1,15}$/.test(id) ? Number(id) : null;
}

const CASH_EVENT_OF: Record<'deposit' | 'withdrawal' | 'interest' | 'fee', EventId> = {
  deposit: EVENT_DEPOSIT,
  withdrawal: EVENT_WITHDRAWAL,
  interest: EVENT_INTEREST,
  fee: EVENT_CASH_FEE,
};

function legReview(leg: SplitLeg, direction: 'in' | 'out', reason: string): NordnetReviewRow {
  return {
    line: leg.line,
    externalId: leg.id,
    date: leg.date,
    transactionType: leg.type,
    isin: leg.isin,
    name: leg.name,
    quantity: leg.quantity.toFixed(),
    amount: null,
    currency: leg.currency,
    direction,
    reason,
  };
}

function reviewRow(row: RawRow, type: string, reason: string): NordnetReviewRow {
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
  };
}

/**
 * Tax withheld on a dividend goes onto that dividend (same security, the same day or the closest
 * one within ten days before or after), converted to its trade currency with the row's (else the
 * dividend's) Vekslingskurs; a withholding row without a dividend is a review row.
 */
function attachWithholdings(result: NordnetParseResult, withholdings: readonly Withholding[]): void {
  const dividends = new Map<string, ParsedNordnetRow[]>();
  for (const r of result.rows) {
    if (r.eventId !== EVENT_DIVIDEND) continue;
    for (const key of [r.isin, r.name]) {
      if (key === null) continue;
      const list = dividends.get(key) ?? [];
      list.push(r);
      dividends.set(key, list);
    }
  }
  const days = (a: string, b: string) => Math.abs(Date.parse(a) - Date.parse(b)) / 86_400_000;
  for (const w of withholdings) {
    const candidates =
      (w.isin !== null ? dividends.get(w.isin) : undefined) ??
      (w.name !== null ? dividends.get(w.name) : undefined) ??
      [];
    let best: ParsedNordnetRow | null = null;
    for (const d of candidates) {
      if (days(d.date, w.date) <= 10 && (best === null || days(d.date, w.date) < days(best.date, w.date)))
        best = d;
    }
    if (best === null) {
      result.review.push({
        line: w.line,
        externalId: null,
        date: w.date,
        transactionType: w.type,
        isin: w.isin,
        name: w.name,
        quantity: null,
        amount: w.amount.toFixed(),
        currency: w.amountCurrency || null,
        direction: null,
        reason: 'tax withheld without a dividend of the same security within ten days',
      });
      continue;
    }
    const rate = w.rate ?? best.fxRate;
    const sameCurrency = best.currency !== null && w.amountCurrency === best.currency;
    const amount =
      sameCurrency || w.amountCurrency === '' || rate === null
        ? w.amount
        : w.amount.div(rate).toSignificantDigits(15).toDecimalPlaces(10);
    best.withholdingTax = (best.withholdingTax ?? ZERO).plus(amount);
  }
}

const REQUIRED: readonly [ColumnKey, string][] = [
  ['type', 'Transaksjonstype'],
  ['quantity', 'Antall'],
  ['price', 'Kurs'],
];

/**
 * Parse a Nordnet transaction export (bytes as uploaded). Buys, sells, dividends and split pairs
 * become rows, in chronological order (date, then Nordnet Id); cash movements, cancelled and
 * unsupported rows are skipped with a reason; unreadable rows are errors with their line.
 */
export function parseNordnetCsv(bytes: Uint8Array): NordnetParseResult {
  const steps = parseNordnetCsvInSteps(bytes);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Lines parsed between two pauses of parseNordnetCsvInSteps. */
export const NORDNET_LINES_PER_STEP = 500;

/**
 * parseNordnetCsv as a generator that pauses every NORDNET_LINES_PER_STEP lines (and before the
 * split pairing and the final sort), so that a caller on a shared thread can let other work run
 * between the steps; its return value is parseNordnetCsv's result. Throws TooManyRowsError.
 */
export function* parseNordnetCsvInSteps(bytes: Uint8Array): Generator<void, NordnetParseResult, void> {
  const result: NordnetParseResult = { rows: [], skipped: [], errors: [], review: [], lastBalance: null };
  const text = decodeNordnetBytes(bytes).replace(/^\uFEFF/, '');
  const header = firstLine(text);
  if (header.trim() === '') {
    result.errors.push({ line: 1, message: 'the file is empty' });
    return result;
  }
  const separator = detectDelimiter(header, ['\t', ';']);
  if (separator === null) {
    result.errors.push({ line: 1, message: 'no tab or semicolon separator in the header line' });
    return result;
  }
  const read = yield* readCsvInSteps(text, { delimiter: separator });
  result.errors.push(...read.errors);
  const [headerRecord, ...records] = read.records;
  if (headerRecord === undefined || headerRecord.line !== 1) {
    result.errors.push({ line: 1, message: 'the header line cannot be read' });
    return result;
  }
  const map = mapColumns(headerRecord.fields);
  const missing = REQUIRED.filter(([key]) => map.columns[key] === undefined).map(([, label]) => label);
  if (map.columns.tradeDate === undefined && map.columns.bookingDate === undefined)
    missing.push('Handelsdag');
  if (missing.length > 0) {
    result.errors.push({ line: 1, message: `missing column(s): ${missing.join(', ')}` });
    return result;
  }

  const dataRows = records.length + read.errors.filter((e) => e.line > 1).length;
  if (dataRows > NORDNET_MAX_ROWS) throw new TooManyRowsError(dataRows);

  const splitOuts: SplitLeg[] = [];
  const splitIns: SplitLeg[] = [];
  const exchangeOuts: SplitLeg[] = [];
  const exchangeIns: SplitLeg[] = [];
  const withholdings: Withholding[] = [];
  const balances: { date: string; line: number; id: number | null; value: Decimal }[] = [];
  let newestBalance: (typeof balances)[number] = { date: '', line: 0, id: null, value: ZERO };
  for (let index = 0; index < records.length; index++) {
    if (index > 0 && index % NORDNET_LINES_PER_STEP === 0) yield;
    const { line, fields } = records[index];
    const cell = (i: number | undefined): string => (i === undefined ? '' : (fields[i] ?? ''));
    const row: RawRow = {
      line,
      get: (key) => cell(map.columns[key]),
      currencyOf: (key) => cell(map.currencies[key]),
      firstCurrency: () => cell(map.firstCurrency ?? undefined),
    };
    const type = normalizeType(row.get('type'));
    try {
      if (type === '') throw new RowError('Transaksjonstype is missing');
      const cancelled = row.get('cancelDate');
      if (cancelled !== '') {
        result.skipped.push({ line, reason: `${type}: cancelled (Makuleringsdato ${cancelled})` });
        continue;
      }
      const balance = optionalNumber(row, 'balance', 'Saldo');
      if (balance !== null)
        balances.push({ date: readDate(row), line, id: numericId(row.get('id')), value: balance });
      const kind = classifyNordnetType(type);
      switch (kind) {
        case 'buy':
          result.rows.push(parseTradeRow(row, EVENT_BUY, type));
          break;
        case 'sell':
          result.rows.push(parseTradeRow(row, EVENT_SELL, type));
          break;
        case 'dividend':
          result.rows.push(parseTradeRow(row, EVENT_DIVIDEND, type));
          break;
        case 'sharesIn':
          // Skatteetaten: shares from a subscription or issue cost what was paid for them
          // (https://www.skatteetaten.no/no/Person/Selvangivelse/tema-og-fradrag/Lan-formue-og-aksjer/finansveileder---rotsider/a_kjop_stift/);
          // bonus shares come in at 0, the holding's total cost unchanged (average cost spreads it,
          // https://www.skatteetaten.no/no/Person/Aksjer-og-verdipapirer/Har-du-aksjer-slik-fastsetter-du-inngangsverdien/Kapitalutvidelse-ved-fondsemisjon/).
          result.rows.push(parseTradeRow(row, EVENT_BUY, type, 'fromAmountOrZero'));
          break;
        case 'capitalReturn':
          result.rows.push(parseTradeRow(row, EVENT_CAPITAL_RETURN, type));
          break;
        case 'splitOut':
          splitOuts.push(parseSplitLeg(row, type));
          break;
        case 'splitIn':
          splitIns.push(parseSplitLeg(row, type));
          break;
        case 'exchangeOut':
          exchangeOuts.push(parseSplitLeg(row, type));
          break;
        case 'exchangeIn':
          exchangeIns.push(parseSplitLeg(row, type));
          break;
        case 'deposit':
        case 'withdrawal':
        case 'interest':
        case 'fee':
          result.rows.push(parseCashRow(row, CASH_EVENT_OF[kind], type));
          break;
        case 'withholding':
          withholdings.push(parseWithholding(row, type));
          break;
        case 'ignored':
          result.skipped.push({ line, reason: `${type}: changes neither a holding nor the cash here` });
          break;
        case 'unknown':
          result.review.push(reviewRow(row, type, 'transaction type not known'));
          break;
      }
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      result.errors.push({ line, message: error.message });
    }
  }

  yield;
  const { pairs, unmatched } = pairSplitLegs(splitOuts, splitIns);
  for (const [i, [out, inn]] of pairs.entries()) {
    if (i > 0 && i % NORDNET_LINES_PER_STEP === 0) yield;
    const split = legsToSplit(out.quantity.toFixed(), inn.quantity.toFixed());
    if (!split) {
      result.errors.push({
        line: out.line,
        message: `split of ${out.quantity.toString()} into ${inn.quantity.toString()}: not a ratio of two whole numbers up to ${SPLIT_PART_MAX}`,
      });
      continue;
    }
    result.rows.push({
      line: out.line,
      externalId: joinIds(out.id, inn.id),
      date: out.date,
      eventId: EVENT_SPLIT,
      isin: out.isin ?? inn.isin,
      name: out.name ?? inn.name,
      quantity: toDecimal(splitQuantityText(split.to, split.from)),
      splitTo: split.to,
      splitFrom: split.from,
      comment: out.comment || inn.comment,
      price: ZERO,
      // Nordnet charges nothing for a split; should a leg carry a fee anyway, the split keeps the sum.
      fee: out.fee.plus(inn.fee),
      currency: out.currency ?? inn.currency,
      transactionType: `${out.type} + ${inn.type}`,
      withholdingTax: null,
      fxRate: null,
      exchangeOfLine: null,
    });
  }
  for (const leg of unmatched) {
    result.review.push(
      legReview(
        leg,
        splitOuts.includes(leg) ? 'out' : 'in',
        'a split row without its other leg on the same day',
      ),
    );
  }

  yield;
  const exchanges = pairSplitLegs(exchangeOuts, exchangeIns);
  for (const [out, inn] of exchanges.pairs) {
    // Skatteetaten A-5-6.12: in a tax-free merger the shares received take over the total cost
    // (inngangsverdi) of the shares given up; the service sets the in-leg's price to carry it
    // (https://www.skatteetaten.no/rettskilder/type/handboker/skatte-abc/gjeldende/a-5-aksjer--realisasjon/A-5.050/A-5.069/).
    const base = {
      splitTo: null,
      splitFrom: null,
      price: ZERO,
      withholdingTax: null,
      fxRate: null,
    };
    result.rows.push({
      ...base,
      line: out.line,
      externalId: out.id,
      date: out.date,
      eventId: EVENT_EXCHANGE_OUT,
      isin: out.isin,
      name: out.name,
      quantity: out.quantity,
      comment: out.comment,
      fee: out.fee,
      currency: out.currency,
      transactionType: out.type,
      exchangeOfLine: null,
    });
    result.rows.push({
      ...base,
      line: inn.line,
      externalId: inn.id,
      date: inn.date,
      eventId: EVENT_EXCHANGE_IN,
      isin: inn.isin,
      name: inn.name,
      quantity: inn.quantity,
      comment: inn.comment,
      fee: inn.fee,
      currency: inn.currency,
      transactionType: inn.type,
      exchangeOfLine: out.line,
    });
  }
  for (const leg of exchanges.unmatched) {
    result.review.push(
      legReview(
        leg,
        exchangeOuts.includes(leg) ? 'out' : 'in',
        'an exchange row without its other leg on the same day',
      ),
    );
  }

  attachWithholdings(result, withholdings);
  // The newest row's Saldo: latest date, then the highest Id, then (files are newest first) the earliest line.
  for (const b of balances) {
    const best = result.lastBalance === null ? null : newestBalance;
    if (
      best === null ||
      b.date > best.date ||
      (b.date === best.date && (b.id ?? -1) > (best.id ?? -1)) ||
      (b.date === best.date && b.id === best.id && b.line < best.line)
    ) {
      newestBalance = b;
      result.lastBalance = b.value;
    }
  }

  // Chronological order so the service can insert in this order and same-day ids follow the trades.
  // Nordnet files are newest first: ties without a numeric Id fall back to the reverse file order.
  const newestFirst =
    result.rows.length > 1 && result.rows[0].date > result.rows[result.rows.length - 1].date;
  yield;
  // Each row's Id read once, not in every comparison.
  const idOf = new Map(result.rows.map((r) => [r, numericId(r.externalId?.split('/')[0] ?? null)]));
  result.rows.sort((a, b) => {
    if (a.date !== b.date) return a.date < b.date ? -1 : 1;
    const ia = idOf.get(a) ?? null;
    const ib = idOf.get(b) ?? null;
    if (ia !== null && ib !== null && ia !== ib) return ia - ib;
    return newestFirst ? b.line - a.line : a.line - b.line;
  });
  result.skipped.sort((a, b) => a.line - b.line);
  result.errors.sort((a, b) => a.line - b.line);
  result.review.sort((a, b) => a.line - b.line);
  return result;
}
