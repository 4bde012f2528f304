/**
 * A first look at a broker CSV in the browser, for the import dialog's mapping step: its header
 * names and the distinct words of one column (the type column), read from the file's bytes
 * (UTF-16 by BOM, else UTF-8, else Windows-1252; tab, semicolon or comma, whichever the header
 * line has most of; quoted cells). The server reads the file again, fully, on preview.
 */

import { parse } from 'csv-parse/browser/esm/sync';

export interface CsvPeek {
  delimiter: string;
  headers: string[];
  /** Data rows read (at most PEEK_MAX_ROWS). */
  rows: string[][];
}

export const PEEK_MAX_ROWS = 10_000;

export function decodeCsvBytes(bytes: Uint8Array): string {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe)
    return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff)
    return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const utf8 = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
  return utf8.includes('\uFFFD') ? new TextDecoder('windows-1252').decode(bytes) : utf8;
}

/**
 * Records of `text` split by `delimiter` with csv-parse (the server's parser, its browser build):
 * quotes honoured ("" inside quotes, line breaks inside a quoted cell), cells trimmed, empty lines
 * skipped, at most `maxRecords`.
 */
export function splitCsv(text: string, delimiter: string, maxRecords: number): string[][] {
  return parse(text, {
    delimiter,
    to: maxRecords,
    trim: true,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
  }) as string[][];
}

export function peekCsv(bytes: Uint8Array): CsvPeek {
  const text = decodeCsvBytes(bytes);
  const header = text.slice(0, text.search(/\r|\n|$/));
  const unquoted = header.replace(/"[^"]*"/g, '');
  let delimiter = ',';
  let best = 0;
  for (const d of ['\t', ';', ',']) {
    const n = unquoted.split(d).length - 1;
    if (n > best) {
      best = n;
      delimiter = d;
    }
  }
  const [headers = [], ...rows] = splitCsv(text, delimiter, PEEK_MAX_ROWS + 1);
  return { delimiter, headers, rows };
}

/** The distinct non-empty words of column `index`, in first-seen order (at most `max`). */
export function distinctWords(rows: string[][], index: number, max = 100): string[] {
  const seen = new Map<string, string>();
  for (const row of rows) {
    const word = (row[index] ?? '').trim();
    const key = word.toUpperCase();
    if (word !== '' && !seen.has(key)) seen.set(key, word);
    if (seen.size >= max) break;
  }
  return [...seen.values()];
}
