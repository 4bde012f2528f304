import type Decimal from 'decimal.js';
import { EVENT_BUY, EVENT_DIVIDEND, EVENT_SELL, EVENT_SPLIT, type EventId } from '@/lib/constants';
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
  BUY_TYPES,
  CASH_TYPES,
  CURRENCY_HEADERS,
  DIVIDEND_TYPES,
  HEADER_ALIASES,
  SELL_TYPES,
  SPLIT_IN,
  SPLIT_OUT,
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
}

export interface NordnetParseResult {
  rows: ParsedNordnetRow[];
  skipped: { line: number; reason: string }[];
  errors: { line: number; message: string }[];
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
  const candidates: ColumnKey[] = ['price', 'purchaseValue', 'result', 'totalFees', 'amount'];
  for (const key of candidates) {
    const c = row.currencyOf(key);
    if (c !== '') return c.toUpperCase();
  }
  const first = row.firstCurrency();
  return first === '' ? null : first.toUpperCase();
}

/** Total fees in the trade currency; a fee stated in another currency is converted with Vekslingskurs. */
function readFee(row: RawRow, currency: string | null): Decimal {
  const total = optionalNumber(row, 'totalFees', 'Totale Avgifter');
  const fee = (total ?? optionalNumber(row, 'brokerage', 'Kurtasje') ?? ZERO).abs();
  if (fee.isZero()) return fee;
  const feeCurrency = (
    total !== null ? row.currencyOf('totalFees') : row.currencyOf('brokerage')
  ).toUpperCase();
  if (feeCurrency === '' || currency === null || feeCurrency === currency) return fee;
  const rate = optionalNumber(row, 'exchangeRate', 'Vekslingskurs');
  if (rate === null || !rate.gt(0)) {
    throw new RowError(`fee is in ${feeCurrency}, the trade in ${currency}, and there is no Vekslingskurs`);
  }
  // Vekslingskurs is account-currency units per trade-currency unit; rounded to what a
  // transaction keeps (10 decimals, 15 significant digits).
  return fee.div(rate).toSignificantDigits(15).toDecimalPlaces(10);
}

function readSecurity(row: RawRow): { isin: string | null; name: string | null } {
  const isin = row.get('isin').toUpperCase();
  const name = restoreCell(row.get('security'));
  if (isin === '' && name === '') throw new RowError('neither ISIN nor Verdipapir is given');
  return { isin: isin === '' ? null : isin, name: name === '' ? null : name };
}

function parseTradeRow(row: RawRow, eventId: EventId, type: string): ParsedNordnetRow {
  const date = readDate(row);
  const { isin, name } = readSecurity(row);
  const quantity = requireNumber(row, 'quantity', 'Antall').abs();
  if (quantity.isZero()) throw new RowError('Antall is 0');
  const currency = readCurrency(row);
  let price = optionalNumber(row, 'price', 'Kurs')?.abs() ?? null;
  if (price === null && eventId === EVENT_DIVIDEND) {
    // Some dividend rows leave Kurs empty: derive the amount per share from Beløp.
    const amount = optionalNumber(row, 'amount', 'Beløp');
    // Rounded to what a transaction keeps (10 decimals, 15 significant digits).
    if (amount !== null) price = amount.abs().div(quantity).toSignificantDigits(15).toDecimalPlaces(10);
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
  };
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
  const result: NordnetParseResult = { rows: [], skipped: [], errors: [] };
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

  const outs: SplitLeg[] = [];
  const ins: SplitLeg[] = [];
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
      if (BUY_TYPES.has(type)) result.rows.push(parseTradeRow(row, EVENT_BUY, type));
      else if (SELL_TYPES.has(type)) result.rows.push(parseTradeRow(row, EVENT_SELL, type));
      else if (DIVIDEND_TYPES.has(type)) result.rows.push(parseTradeRow(row, EVENT_DIVIDEND, type));
      else if (/\bSPLITT?\b/.test(type)) {
        if (SPLIT_OUT.test(type)) outs.push(parseSplitLeg(row, type));
        else if (SPLIT_IN.test(type)) ins.push(parseSplitLeg(row, type));
        else
          throw new RowError(`${type}: a split row must say UTTAK (old quantity) or INNLEGG (new quantity)`);
      } else if (CASH_TYPES.has(type)) {
        result.skipped.push({ line, reason: `${type}: a cash movement, not a portfolio transaction` });
      } else {
        result.skipped.push({ line, reason: `${type}: transaction type not supported; record it by hand` });
      }
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      result.errors.push({ line, message: error.message });
    }
  }

  yield;
  const { pairs, unmatched } = pairSplitLegs(outs, ins);
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
    });
  }
  for (const leg of unmatched) {
    result.errors.push({
      line: leg.line,
      message: `${leg.type}: split row without its matching UTTAK/INNLEGG row`,
    });
  }

  // Chronological order so the service can insert in this order and same-day ids follow the trades.
  // Nordnet files are newest first: ties without a numeric Id fall back to the reverse file order.
  const newestFirst =
    result.rows.length > 1 && result.rows[0].date > result.rows[result.rows.length - 1].date;
  const numericId = (id: string | null): number | null =>
    id !== null && /^\d{1,15}$/.test(id) ? Number(id) : null;
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
  return result;
}
