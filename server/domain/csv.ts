import { parse, type Parser } from 'csv-parse';
import type { ImportErrorDto } from '@/lib/types/portfolio';

/**
 * One CSV reader for every file the app takes in (the broker imports and the price import), over
 * csv-parse (https://csv.js.org/parse/): quoted fields, "" inside quotes, line breaks inside
 * quotes, CRLF/LF/CR line ends. On top of it:
 *
 * - Caps: a physical line longer than CSV_LINE_MAX characters, a record longer than it, or a cell
 *   longer than CSV_CELL_MAX is a row error with its line; the rest of the file is still read.
 * - Linear and interruptible: the text is fed to the parser in CSV_CHUNK characters at a time and
 *   `readCsvInSteps` pauses between chunks, so a caller on the shared thread can let other work
 *   run (a long line, or a huge quoted cell, never holds the thread for more than one chunk).
 *   A line over the cap is dropped before parsing (one indexOf scan), so it costs nothing.
 */

/**
 * OWASP CSV injection, for every CSV the app writes: a text cell that starts with = + - @, tab or
 * carriage return is written with a leading apostrophe, so a spreadsheet shows it as text instead
 * of running it (`=HYPERLINK(…)`, `@SUM(1)`). Apply it to text cells only: a number written as a
 * number (a negative amount) is no formula.
 */
export function neutralizeCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** The inverse of neutralizeCell for a text cell read back: the apostrophe before = + - @ tab CR goes. */
export function restoreCell(text: string): string {
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

/** The longest physical line or record read (characters); Nordnet's widest rows are ~400. */
export const CSV_LINE_MAX = 8_192;
/** The longest cell read (characters). */
export const CSV_CELL_MAX = 2_048;
/** Characters handed to the parser between two pauses. */
export const CSV_CHUNK = 16_384;

export interface CsvRecord {
  /** 1-based line where the record starts. */
  line: number;
  /** The cells, trimmed (spaces and no-break spaces). */
  fields: string[];
}

export interface CsvRead {
  records: CsvRecord[];
  errors: ImportErrorDto[];
  /**
   * True when reading stopped because records and row errors together passed `maxRecords`: the
   * rest of the text was not read (records and errors hold what came before).
   */
  overCap?: boolean;
}

function quoteNotClosed(line: number): ImportErrorDto {
  return { line, message: 'a quote is opened and never closed', code: 'QUOTE_NOT_CLOSED', params: {} };
}

export interface CsvOptions {
  /** The field separator; `detectDelimiter` picks one from the header line. */
  delimiter: string;
  /**
   * Stop reading as soon as records plus row errors pass this many (`overCap` in the result), so
   * a file of millions of short lines never holds more than the cap in memory (issue 40).
   */
  maxRecords?: number;
}

const LF = 0x0a;
const CR = 0x0d;

/** Whether the bytes are UTF-16 (a BOM, or the zero bytes of ASCII text in UTF-16), and its order. */
function utf16Order(bytes: Uint8Array): 'le' | 'be' | null {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return 'le';
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return 'be';
  if (bytes.length >= 4 && bytes[0] !== 0 && bytes[1] === 0 && bytes[2] !== 0 && bytes[3] === 0) return 'le';
  if (bytes.length >= 4 && bytes[0] === 0 && bytes[1] !== 0 && bytes[2] === 0 && bytes[3] !== 0) return 'be';
  return null;
}

/**
 * The number of lines of a file's bytes that hold something other than spaces and tabs, counted
 * before any decoding or parsing (one pass, no allocation), so an upload of millions of short
 * lines is refused for its line count in milliseconds (issue 40). UTF-8, Windows-1252 and UTF-16
 * (by BOM or by its zero bytes, as the import decodes it) are counted in their own code units; a
 * line break is CRLF, LF or CR. Counting stops once it passes `stopAbove`. A quoted cell with line
 * breaks counts each of its lines, so the count is an upper bound of the records.
 */
export function countFilledLines(bytes: Uint8Array, stopAbove = Infinity): number {
  const order = utf16Order(bytes);
  const step = order === null ? 1 : 2;
  const lowFirst = order !== 'be';
  let count = 0;
  let filled = false;
  let previous = -1;
  for (let i = 0; i + step - 1 < bytes.length; i += step) {
    const unit =
      step === 1 ? bytes[i] : lowFirst ? bytes[i] | (bytes[i + 1] << 8) : (bytes[i] << 8) | bytes[i + 1];
    if (unit === LF || unit === CR) {
      // CRLF is one break: the LF after a CR ends nothing new.
      if (!(unit === LF && previous === CR) && filled) {
        count += 1;
        if (count > stopAbove) return count;
      }
      filled = false;
    } else if (unit !== 0x20 && unit !== 0x09 && unit !== 0xfeff) filled = true;
    previous = unit;
  }
  return filled ? count + 1 : count;
}

/** The first line of `text` (up to CSV_LINE_MAX characters), for delimiter detection. */
export function firstLine(text: string): string {
  const end = text.slice(0, CSV_LINE_MAX + 2).search(/\r\n|\n|\r/);
  return end === -1 ? text.slice(0, CSV_LINE_MAX) : text.slice(0, end);
}

/**
 * The delimiter a header line uses: the candidate that occurs most often outside quotes (ties go
 * to the earlier candidate); null when none occurs.
 */
export function detectDelimiter(
  header: string,
  candidates: readonly string[] = ['\t', ';', ','],
): string | null {
  const unquoted = header.replace(/"[^"]*"/g, '');
  let best: string | null = null;
  let bestCount = 0;
  for (const c of candidates) {
    const count = unquoted.split(c).length - 1;
    if (count > bestCount) {
      best = c;
      bestCount = count;
    }
  }
  return best;
}

/**
 * Drop every physical line longer than CSV_LINE_MAX (it becomes an empty line, so line numbers
 * stay true) and report it. One pass with indexOf: linear in the text.
 */
function capLines(text: string, errors: CsvRead['errors']): string {
  // Only the text around a dropped line is copied: a file of millions of short lines allocates
  // nothing here.
  const parts: string[] = [];
  let kept = 0;
  let start = 0;
  let line = 1;
  while (start <= text.length) {
    const nl = text.indexOf('\n', start);
    const stop = nl === -1 ? text.length : nl;
    const length = stop - start - (stop > start && text.charCodeAt(stop - 1) === 13 ? 1 : 0);
    if (length > CSV_LINE_MAX) {
      errors.push({
        line,
        message: `the line is longer than ${CSV_LINE_MAX} characters`,
        code: 'LINE_TOO_LONG',
        params: { max: CSV_LINE_MAX },
      });
      parts.push(text.slice(kept, start));
      kept = stop;
    }
    if (nl === -1) break;
    start = nl + 1;
    line += 1;
  }
  if (parts.length === 0) return text;
  parts.push(text.slice(kept));
  return parts.join('');
}

function countBreaks(text: string): number {
  return text.match(/\r\n|\n|\r/g)?.length ?? 0;
}

/** A trimmed cell: ordinary and no-break spaces around it go. */
function trimCell(cell: string): string {
  return cell.replace(/^[\s\u00a0\u202f]+|[\s\u00a0\u202f]+$/g, '');
}

/**
 * Read `text` as CSV records, pausing (yield) every CSV_CHUNK characters. Blank lines are left
 * out; a record with a line, record or cell over its cap is an error with its line, not a record.
 * A quote left open at the end is an error at the line where its record starts.
 */
export function* readCsvInSteps(text: string, options: CsvOptions): Generator<void, CsvRead, void> {
  const result: CsvRead = { records: [], errors: [] };
  const input = capLines(text.replace(/^\uFEFF/, ''), result.errors);
  yield;
  const parser: Parser = parse({
    delimiter: options.delimiter,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    // All three line ends, whatever the first line used.
    record_delimiter: ['\r\n', '\n', '\r'],
    raw: true,
    info: true,
  });
  let failure: ImportErrorDto | null = null;
  let nextLine = 1;
  let consumed = 0;
  const maxRecords = options.maxRecords ?? Infinity;
  const overCap = () => result.records.length + result.errors.length > maxRecords;
  parser.on('data', (data: { record: string[]; raw: string; info: { bytes: number } }) => {
    if (result.overCap) return;
    // The raw text starts with the blank lines skipped before it and ends with its line end; the
    // line is counted here (csv-parse counts a CRLF inside quotes as two).
    const lead = /^[\r\n]*/.exec(data.raw)![0];
    const body = data.raw.slice(lead.length).replace(/(\r\n|\n|\r)$/, '');
    const line = nextLine + countBreaks(lead);
    nextLine = line + countBreaks(body) + 1;
    consumed = data.info.bytes;
    const record = data.record.map(trimCell);
    if (record.every((c) => c === '')) return;
    if (data.raw.length > CSV_LINE_MAX) {
      result.errors.push({
        line,
        message: `the row is longer than ${CSV_LINE_MAX} characters`,
        code: 'LINE_TOO_LONG',
        params: { max: CSV_LINE_MAX },
      });
    } else if (data.record.some((c) => c.length > CSV_CELL_MAX)) {
      result.errors.push({
        line,
        message: `a cell is longer than ${CSV_CELL_MAX} characters`,
        code: 'CELL_TOO_LONG',
        params: { max: CSV_CELL_MAX },
      });
    } else result.records.push({ line, fields: record });
    if (overCap()) result.overCap = true;
  });
  parser.on('error', (error: Error & { code?: string; lines?: number }) => {
    const line = nextLine;
    failure =
      error.code === 'CSV_QUOTE_NOT_CLOSED'
        ? quoteNotClosed(line)
        : {
            line,
            message: `the file cannot be read from here on (${error.code ?? error.message})`,
            code: 'UNREADABLE_FROM_HERE',
            params: { reason: error.code ?? error.message },
          };
  });
  for (let i = 0; i < input.length && failure === null && !result.overCap; i += CSV_CHUNK) {
    parser.write(input.slice(i, i + CSV_CHUNK));
    yield;
  }
  if (result.overCap) {
    parser.destroy();
    return result;
  }
  if (failure === null) {
    // Records are emitted synchronously, a parse error at the end is not: text left after the
    // last record is a quote that was never closed.
    parser.on('error', () => undefined);
    parser.end();
    if (input.slice(consumed).trim() !== '') failure = quoteNotClosed(nextLine);
  }
  if (failure !== null) result.errors.push(failure);
  result.errors.sort((a, b) => a.line - b.line);
  return result;
}

/** readCsvInSteps run to the end without pauses. */
export function readCsv(text: string, options: CsvOptions): CsvRead {
  const steps = readCsvInSteps(text, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
