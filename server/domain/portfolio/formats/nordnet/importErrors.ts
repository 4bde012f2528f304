import type { ImportErrorCode, ImportErrorDto } from '@/lib/types/portfolio';
import { detectDelimiter, firstLine, readCsvInSteps, type CsvRecord } from '../../../csv';
import { decodeNordnetBytes } from './cells';
import { NORDNET_MAX_ROWS, TooManyRowsError } from './types';

/**
 * The import's file and row errors (a Nordnet export's and a mapped CSV's alike): an English
 * message for the API and logs, and a code with its parameters that the import dialog shows in
 * the user's language (`portfolio.json` `importErrors`).
 */

/** A row that cannot be used; `parse` turns it into an error of its line. */
export class RowError extends Error {
  readonly code: ImportErrorCode;
  readonly params: Record<string, string | number>;
  constructor(code: ImportErrorCode, message: string, params: Record<string, string | number> = {}) {
    super(message);
    this.name = 'RowError';
    this.code = code;
    this.params = params;
  }
}

/** The error of `line` that a RowError describes. */
export function rowError(line: number, error: RowError): ImportErrorDto {
  return { line, message: error.message, code: error.code, params: error.params };
}

/** An error of the whole file (line 1). */
export function fileError(
  code: ImportErrorCode,
  message: string,
  params: Record<string, string | number> = {},
): ImportErrorDto {
  return { line: 1, message, code, params };
}

/** A field is empty. */
export const missing = (field: string) => new RowError('FIELD_MISSING', `${field} is missing`, { field });
/** A field is not a number. */
export const notANumber = (field: string, value: string) =>
  new RowError('NOT_A_NUMBER', `${field} "${value}" is not a number`, { field, value });
/** A field is not a date. */
export const notADate = (field: string, value: string) =>
  new RowError('NOT_A_DATE', `${field} "${value}" is not a date`, { field, value });
/** A field is 0 where it cannot be. */
export const zero = (field: string) => new RowError('ZERO', `${field} is 0`, { field });

/**
 * A broker file's text read as CSV with its header (the first record): the separator is the one
 * of `separators` found most in the header line, else `fallback`. Null (the file-level error is in
 * `errors`) when the file is empty, has no separator and no fallback, or its header line cannot be
 * read; the CSV reader's row errors are in `errors` too.
 */
export function* readBrokerCsvInSteps(
  bytes: Uint8Array,
  separators: string[],
  fallback: string | null,
  errors: ImportErrorDto[],
): Generator<void, { header: string[]; records: CsvRecord[]; rowErrors: number } | null, void> {
  const text = decodeNordnetBytes(bytes).replace(/^\uFEFF/, '');
  const header = firstLine(text);
  if (header.trim() === '') {
    errors.push(fileError('FILE_EMPTY', 'the file is empty'));
    return null;
  }
  const delimiter = detectDelimiter(header, separators) ?? fallback;
  if (delimiter === null) {
    errors.push(fileError('NO_SEPARATOR', 'no tab or semicolon separator in the header line'));
    return null;
  }
  // The header and NORDNET_MAX_ROWS data rows; reading stops at the first record past them.
  const read = yield* readCsvInSteps(text, { delimiter, maxRecords: NORDNET_MAX_ROWS + 1 });
  if (read.overCap) throw new TooManyRowsError(read.records.length + read.errors.length - 1);
  errors.push(...read.errors);
  const [headerRecord, ...records] = read.records;
  if (headerRecord === undefined || headerRecord.line !== 1) {
    errors.push(fileError('HEADER_UNREADABLE', 'the header line cannot be read'));
    return null;
  }
  return {
    header: headerRecord.fields,
    records,
    rowErrors: read.errors.filter((e) => e.line > 1).length,
  };
}
