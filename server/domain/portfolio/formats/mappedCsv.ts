import Decimal from 'decimal.js';
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
import type { ImportWarningDto } from '@/lib/types/importWarnings';
import type { CsvRecord } from '../../csv';
import { toDecimal, ZERO } from '../ledger/decimal';
import { normalizeType, restoreCell } from './nordnet/cells';
import { missing, notANumber, readBrokerCsvInSteps, RowError, rowError, zero } from './nordnet/importErrors';
import {
  NORDNET_MAX_ROWS,
  TooManyRowsError,
  type NordnetParseResult,
  type ParsedNordnetRow,
} from './nordnet/types';
import { attachWithholdings, type Withholding } from './nordnet/withholding';
import { columnIndexes, kindMatcher } from './mappedColumns';
import { readRowDate } from './mappedDates';
import { feeConverter } from './mappedFees';
import { groupingWarnings, quantityWarnings, type ReadNumber } from './mappedPlausibility';
import { parseMappedNumber, textNumber, TRADE_TEXT } from './mappedNumbers';
import { reviewRow } from './mappedReview';

export { MappingColumnsError, type MissingColumn } from './mappedColumns';
export { normaliseMappedNumber, parseMappedNumber } from './mappedNumbers';

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
 *
 * Issue 37 item 3 (the big foreign brokers): an explicit date format (mappedDates.ts); no type
 * column, so the quantity's sign is the direction (DEGIRO's Transactions.csv); a dividend with an
 * amount and no quantity is that amount as a cash dividend on the security (IBKR, DEGIRO's
 * Account.csv, Saxo); a trade without a quantity reads "3 @ 134.85" from its type text (Saxo's
 * "Buy 3 @ 134.85 USD"); a column by position (`#9`) where the header cell is empty; type words
 * ending in `*` match by prefix; and the numbers that cannot be right come back as warnings
 * (mappedPlausibility.ts).
 */

/** A parsed mapped file: the rows, and what the preview should question. */
export interface MappedParseResult extends NordnetParseResult {
  /** Grouping and quantity warnings (the price check needs the day's close: the service adds it). */
  warnings: ImportWarningDto[];
  /** Each trade row's price as the file writes it, by line, for the price check against the close. */
  prices: ReadNumber[];
}

/** A file read into a header and records (a CSV's, or an Excel sheet's rows as text). */
export interface MappedTable {
  header: string[];
  records: CsvRecord[];
  /** Rows the reader already reported as errors (they count towards the row limit). */
  rowErrors: number;
}

const ISIN = /^[A-Z]{2}[A-Z0-9]{9}\d$/;

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

/** Rows read between two pauses of parseMappedCsvInSteps. */
export const MAPPED_LINES_PER_STEP = 500;

/** parseMappedCsvInSteps run to its end. Throws MappingColumnsError, TooManyRowsError. */
export function parseMappedCsv(bytes: Uint8Array, mapping: ImportMapping): MappedParseResult {
  return runSteps(parseMappedCsvInSteps(bytes, mapping));
}

/** parseMappedTableInSteps run to its end (an Excel sheet's rows). */
export function parseMappedTable(table: MappedTable, mapping: ImportMapping): MappedParseResult {
  return runSteps(parseMappedTableInSteps(table, mapping));
}

function runSteps(steps: Generator<void, MappedParseResult, void>): MappedParseResult {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

function emptyResult(): MappedParseResult {
  return { rows: [], skipped: [], errors: [], review: [], lastBalance: null, warnings: [], prices: [] };
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
): Generator<void, MappedParseResult, void> {
  const result = emptyResult();
  const read = yield* readBrokerCsvInSteps(bytes, ['\t', ';', ','], ',', result.errors);
  if (read === null) return result;
  return yield* parseMappedTableInSteps(read, mapping, result);
}

/** The rows of a table (a CSV's or a sheet's) through the mapping; see parseMappedCsvInSteps. */
export function* parseMappedTableInSteps(
  read: MappedTable,
  mapping: ImportMapping,
  result: MappedParseResult = emptyResult(),
): Generator<void, MappedParseResult, void> {
  const { records } = read;
  const columns = columnIndexes(read.header, mapping);
  const feeIn = feeConverter(read.header, mapping);
  const dataRows = records.length + read.rowErrors;
  if (dataRows > NORDNET_MAX_ROWS) throw new TooManyRowsError(dataRows);

  const kindOf = kindMatcher(mapping);
  const bySign = columns.type === undefined;
  const withholdings: Withholding[] = [];
  const numbers: ReadNumber[] = [];
  const quantities: ReadNumber[] = [];
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
    const rawType = cell('type');
    const type = normalizeType(rawType);
    try {
      if (!bySign && type === '') throw missing('type');
      const date = readRowDate(cell('date'), mapping);
      const security = cell('security').toUpperCase();
      const isin = ISIN.test(security) ? security : null;
      const name = isin === null && cell('security') !== '' ? cell('security') : null;
      const currency = cell('currency').toUpperCase() || null;
      const id = cell('id') || null;
      let kind: MappedKind | undefined;
      if (bySign) {
        // No type column: the quantity's sign is the direction.
        const signed = number('quantity');
        if (signed === null) throw missing('quantity');
        if (signed.isZero()) throw zero('quantity');
        kind = signed.isNeg() ? 'sell' : 'buy';
      } else kind = kindOf(type);
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
      let quantity = number('quantity')?.abs() ?? null;
      let price = number('price')?.abs() ?? null;
      const amount = number('amount')?.abs() ?? null;
      const statedFee = number('fee')?.abs() ?? ZERO;
      // A trade's fee in the trade's currency (DEGIRO, Avanza state it in the account's).
      const fee = TRADE_EVENT[kind] === undefined ? statedFee : feeIn(fields, statedFee, currency);
      for (const field of ['quantity', 'price', 'fee', 'amount'] as const) {
        const value = number(field);
        if (value !== null) numbers.push({ line, field, text: cell(field), value });
      }
      const label = bySign ? (kind === 'sell' ? 'SELL' : 'BUY') : type;
      const tradeEvent = TRADE_EVENT[kind];
      const cashEvent = CASH_EVENT[kind];
      const base = {
        line,
        externalId: id,
        date,
        fee,
        currency,
        transactionType: label,
        splitTo: null,
        splitFrom: null,
        withholdingTax: null,
        fxRate: null,
        exchangeOfLine: null,
        comment: label,
      };
      if (kind === 'dividend' && quantity === null && price === null) {
        // An amount only (IBKR, DEGIRO, Saxo): the amount as a cash dividend on the security,
        // one unit at the whole amount, so dividends = 1 × amount.
        if (isin === null && name === null) throw missing('security');
        if (amount === null) throw missing('amount');
        if (amount.isZero()) throw zero('amount');
        result.rows.push({
          ...base,
          eventId: EVENT_DIVIDEND,
          isin,
          name,
          quantity: new Decimal(1),
          price: amount,
          comment: `${label} (amount only)`,
        });
      } else if (tradeEvent !== undefined) {
        if (isin === null && name === null) throw missing('security');
        if (quantity === null && kind !== 'dividend') {
          // The type text may state the trade: Saxo's "Buy 3 @ 134.85 USD".
          const stated = TRADE_TEXT.exec(rawType);
          if (stated) {
            quantity = textNumber(stated[1], mapping.decimal);
            price = price ?? textNumber(stated[2], mapping.decimal);
          }
        }
        if (quantity === null) throw missing('quantity');
        if (quantity.isZero()) throw zero('quantity');
        const perShare =
          price ??
          (amount === null ? null : amount.div(quantity).toSignificantDigits(15).toDecimalPlaces(10));
        if (perShare === null)
          throw new RowError('NO_PRICE', 'price is missing (and no amount to take it from)');
        if (kind !== 'dividend') {
          const quantityCell = cell('quantity');
          quantities.push({
            line,
            field: 'quantity',
            text: quantityCell || quantity.toFixed(),
            value: quantity,
          });
          result.prices.push({
            line,
            field: 'price',
            text: cell('price') || perShare.toFixed(),
            value: perShare,
          });
        }
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
  result.warnings.push(
    ...groupingWarnings(numbers, mapping.decimal),
    ...quantityWarnings(quantities, mapping.decimal),
  );
  result.warnings.sort((a, b) => a.line - b.line);

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
