import type Decimal from 'decimal.js';
import {
  EVENT_BUY,
  EVENT_CASH_FEE,
  EVENT_DEPOSIT,
  EVENT_DIVIDEND,
  EVENT_INTEREST,
  EVENT_SELL,
  EVENT_WITHDRAWAL,
  type EventId,
} from '@/lib/constants';
import type { ImportMapping, MappedField, MappedKind } from '@/lib/schemas/importMapping';
import { isIsoDate } from '../ledger/transactions';
import { toDecimal, ZERO } from '../ledger/decimal';
import { normalizeHeader, normalizeType, restoreCell } from './nordnet/cells';
import {
  missing,
  notADate,
  notANumber,
  readBrokerCsvInSteps,
  RowError,
  rowError,
  zero,
} from './nordnet/importErrors';
import {
  NORDNET_MAX_ROWS,
  TooManyRowsError,
  type NordnetParseResult,
  type NordnetReviewRow,
  type ParsedNordnetRow,
} from './nordnet/types';
import { attachWithholdings, type Withholding } from './nordnet/withholding';

/**
 * Any broker's CSV through a mapping (issue 22 item 4): the user names the file's columns for
 * date, type, security (ISIN, ticker code or name), quantity, price, fee, currency, amount and row
 * id, the decimal separator, and what each type word means ("Kjøp" → buy). The rows come out as
 * the Nordnet parser's rows, so the same resolve / plan / write rules apply (all or nothing, rows
 * already stored skipped: the file's id column, else a content hash).
 *
 * Readable: UTF-8 (BOM or not), UTF-16 and Windows-1252; tab, semicolon or comma separated (the
 * separator found most often in the header line); quoted cells.
 *
 * Per kind: buy and sell need quantity and price (or amount, price = |amount| / quantity);
 * a dividend needs quantity and price per share (or amount); deposit, withdrawal, interest and fee
 * need amount (else quantity × price); withholding (tax withheld) attaches to the dividend of the
 * same security within ten days; "ignore" skips the row. Signs are ignored: the type word says the
 * direction. A type word not in the mapping makes the row a review row, never a blocked file.
 */

/** A column the mapping names that the file's header lacks (the field it was mapped to, and the name). */
export interface MissingColumn {
  field: MappedField;
  column: string;
}

/** The file's header does not have every mapped column: nothing of it is read. */
export class MappingColumnsError extends Error {
  readonly missing: MissingColumn[];
  readonly headers: string[];
  constructor(missing: MissingColumn[], headers: string[]) {
    super(`column(s) not in the file: ${missing.map((m) => `"${m.column}" (${m.field})`).join(', ')}`);
    this.name = 'MappingColumnsError';
    this.missing = missing;
    this.headers = headers;
  }
}

const ISIN = /^[A-Z]{2}[A-Z0-9]{9}\d$/;

/** A number written with the mapping's decimal separator; the other separator, spaces and apostrophes group thousands. */
export function parseMappedNumber(text: string, decimal: 'comma' | 'point'): Decimal | null {
  let s = text.replace(/[\s\u00a0\u202f\u2009\u2007']/g, '').replace(/\u2212/g, '-');
  if (s === '') return null;
  // A trailing minus (1234,50-) as some banks write it.
  if (/^[^-]*\d-$/.test(s)) s = `-${s.slice(0, -1)}`;
  s = decimal === 'comma' ? s.replace(/\./g, '').replace(',', '.') : s.replace(/,/g, '');
  if (!/^[+-]?\d+(\.\d+)?$/.test(s)) throw new RangeError(`Not a number: ${text}`);
  return toDecimal(s);
}

/** YYYY-MM-DD (a time after it allowed), DD.MM.YYYY, or a slash date in the mapping's order; null when none. */
export function parseMappedDate(text: string, order: 'dmy' | 'mdy'): string | null {
  const t = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[ T].*)?$/.exec(t);
  const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(t);
  const slash = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T].*)?$/.exec(t);
  let date: string | null = null;
  const pad = (n: string) => n.padStart(2, '0');
  if (iso) date = `${iso[1]}-${iso[2]}-${iso[3]}`;
  else if (dotted) date = `${dotted[3]}-${pad(dotted[2])}-${pad(dotted[1])}`;
  else if (slash)
    date =
      order === 'dmy'
        ? `${slash[3]}-${pad(slash[2])}-${pad(slash[1])}`
        : `${slash[3]}-${pad(slash[1])}-${pad(slash[2])}`;
  return date !== null && isIsoDate(date) ? date : null;
}

const TRADE_EVENT: Partial<Record<MappedKind, EventId>> = {
  buy: EVENT_BUY,
  sell: EVENT_SELL,
  dividend: EVENT_DIVIDEND,
};
const CASH_EVENT: Partial<Record<MappedKind, EventId>> = {
  deposit: EVENT_DEPOSIT,
  withdrawal: EVENT_WITHDRAWAL,
  interest: EVENT_INTEREST,
  fee: EVENT_CASH_FEE,
};

/** The header's column index of every mapped field, or MappingColumnsError naming the ones not found. */
function columnIndexes(headers: string[], mapping: ImportMapping): Partial<Record<MappedField, number>> {
  const byName = new Map<string, number>();
  headers.forEach((h, i) => {
    const key = normalizeHeader(h);
    if (!byName.has(key)) byName.set(key, i);
  });
  const indexes: Partial<Record<MappedField, number>> = {};
  const missing: MissingColumn[] = [];
  for (const [field, column] of Object.entries(mapping.columns) as [
    MappedField,
    string | null | undefined,
  ][]) {
    if (column === null || column === undefined) continue;
    const index = byName.get(normalizeHeader(column));
    if (index === undefined) missing.push({ field, column });
    else indexes[field] = index;
  }
  if (missing.length > 0) throw new MappingColumnsError(missing, headers);
  return indexes;
}

/** Rows read between two pauses of parseMappedCsvInSteps. */
export const MAPPED_LINES_PER_STEP = 500;

/** parseMappedCsvInSteps run to its end. Throws MappingColumnsError, TooManyRowsError. */
export function parseMappedCsv(bytes: Uint8Array, mapping: ImportMapping): NordnetParseResult {
  const steps = parseMappedCsvInSteps(bytes, mapping);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * Parse a broker CSV with a mapping, pausing every MAPPED_LINES_PER_STEP rows. Rows come out in
 * date order (same-day rows in the file's order, reversed when the file is newest first).
 * Throws MappingColumnsError when a mapped column is not in the header, TooManyRowsError over
 * NORDNET_MAX_ROWS data rows.
 */
export function* parseMappedCsvInSteps(
  bytes: Uint8Array,
  mapping: ImportMapping,
): Generator<void, NordnetParseResult, void> {
  const result: NordnetParseResult = { rows: [], skipped: [], errors: [], review: [], lastBalance: null };
  const read = yield* readBrokerCsvInSteps(bytes, ['\t', ';', ','], ',', result.errors);
  if (read === null) return result;
  const { records } = read;
  const columns = columnIndexes(read.header, mapping);
  const dataRows = records.length + read.rowErrors;
  if (dataRows > NORDNET_MAX_ROWS) throw new TooManyRowsError(dataRows);

  const kinds = new Map(mapping.types.map((t) => [normalizeType(t.word), t.kind]));
  const withholdings: Withholding[] = [];
  for (let index = 0; index < records.length; index++) {
    if (index > 0 && index % MAPPED_LINES_PER_STEP === 0) yield;
    const { line, fields } = records[index];
    if (fields.every((f) => f === '')) continue;
    const cell = (field: MappedField): string => {
      const i = columns[field];
      return i === undefined ? '' : restoreCell(fields[i] ?? '');
    };
    const number = (field: MappedField): Decimal | null => {
      try {
        return parseMappedNumber(cell(field), mapping.decimal);
      } catch {
        throw notANumber(field, cell(field));
      }
    };
    const type = normalizeType(cell('type'));
    try {
      if (type === '') throw missing('type');
      const date = parseMappedDate(cell('date'), mapping.dateOrder);
      if (date === null) throw cell('date') === '' ? missing('date') : notADate('date', cell('date'));
      const kind = kinds.get(type);
      const security = cell('security').toUpperCase();
      const isin = ISIN.test(security) ? security : null;
      const name = isin === null && cell('security') !== '' ? cell('security') : null;
      const currency = cell('currency').toUpperCase() || null;
      const id = cell('id') || null;
      if (kind === undefined) {
        result.review.push(reviewRow(line, id, date, type, isin, name, cell, currency, mapping));
        continue;
      }
      if (kind === 'ignore') {
        result.skipped.push({
          line,
          reason: `${type}: mapped to "ignore"`,
          code: 'MAPPED_IGNORE',
          params: { type },
        });
        continue;
      }
      const quantity = number('quantity')?.abs() ?? null;
      const price = number('price')?.abs() ?? null;
      const amount = number('amount')?.abs() ?? null;
      const fee = number('fee')?.abs() ?? ZERO;
      const tradeEvent = TRADE_EVENT[kind];
      const cashEvent = CASH_EVENT[kind];
      const base = {
        line,
        externalId: id,
        date,
        fee,
        currency,
        transactionType: type,
        splitTo: null,
        splitFrom: null,
        withholdingTax: null,
        fxRate: null,
        exchangeOfLine: null,
        comment: type,
      };
      if (tradeEvent !== undefined) {
        if (isin === null && name === null) throw missing('security');
        if (quantity === null) throw missing('quantity');
        if (quantity.isZero()) throw zero('quantity');
        const perShare =
          price ??
          (amount === null ? null : amount.div(quantity).toSignificantDigits(15).toDecimalPlaces(10));
        if (perShare === null)
          throw new RowError('NO_PRICE', 'price is missing (and no amount to take it from)');
        result.rows.push({ ...base, eventId: tradeEvent, isin, name, quantity, price: perShare });
      } else if (cashEvent !== undefined) {
        const total = amount ?? (quantity !== null && price !== null ? quantity.times(price) : null);
        if (total === null) throw missing('amount');
        if (total.isZero()) throw zero('amount');
        result.rows.push({
          ...base,
          eventId: cashEvent,
          isin: null,
          name: null,
          quantity: toDecimal(1),
          price: total,
        });
      } else {
        // Tax withheld: its amount, attached to the dividend below.
        if (isin === null && name === null) throw missing('security');
        const total = amount ?? (quantity !== null && price !== null ? quantity.times(price) : null);
        if (total === null) throw missing('amount');
        withholdings.push({
          line,
          date,
          isin,
          name,
          amount: total,
          amountCurrency: currency ?? '',
          rate: null,
          type,
        });
      }
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      result.errors.push(rowError(line, error));
    }
  }
  attachWithholdings(result, withholdings);

  yield;
  const newestFirst =
    result.rows.length > 1 && result.rows[0].date > result.rows[result.rows.length - 1].date;
  result.rows.sort((a: ParsedNordnetRow, b: ParsedNordnetRow) => {
    if (a.date !== b.date) return a.date < b.date ? -1 : 1;
    return newestFirst ? b.line - a.line : a.line - b.line;
  });
  result.errors.sort((a, b) => a.line - b.line);
  result.review.sort((a, b) => a.line - b.line);
  return result;
}

function reviewRow(
  line: number,
  id: string | null,
  date: string,
  type: string,
  isin: string | null,
  name: string | null,
  cell: (field: MappedField) => string,
  currency: string | null,
  mapping: ImportMapping,
): NordnetReviewRow {
  let direction: NordnetReviewRow['direction'] = null;
  let quantity: string | null = cell('quantity') || null;
  try {
    const q = parseMappedNumber(cell('quantity'), mapping.decimal);
    // Canonical, so accepting the row reads it whatever the file's separators.
    if (q !== null) quantity = q.toFixed();
    if (q !== null && !q.isZero()) direction = q.isNeg() ? 'out' : 'in';
  } catch {
    direction = null;
  }
  return {
    line,
    externalId: id,
    date,
    transactionType: type,
    isin,
    name,
    quantity,
    amount: cell('amount') || null,
    currency,
    direction,
    reason: `type "${type}" is not in the mapping`,
    code: 'UNMAPPED_TYPE',
    params: { type },
  };
}
