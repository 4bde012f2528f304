/**
 * The universe files an admin uploads (issue 28, item 4), read through the one CSV reader
 * (server/domain/csv.ts over csv-parse, issue 27 item 6: no hand-written splitter):
 *
 * - an index-membership file: one symbol or ISIN per line, or a CSV with a Symbol/Ticker/ISIN column;
 * - Euronext's equities list: columns ISIN/Symbol and Market, giving each Oslo share its segment.
 *
 * Bad input is refused as a whole (DomainError with the offending lines).
 */
import type { OsloSegment } from '@/lib/constants';
import { readCsv, type CsvRecord } from '@/server/domain/csv';
import { isinCheckDigitValid } from '@/server/market-data/universe';
import { invalid, tooLarge } from '../errors';

/** Largest file accepted for index members or segments (Euronext's full list is about 60 kB). */
export const MAX_UNIVERSE_FILE_BYTES = 512 * 1024;
/** Most entries an index-membership file may hold. */
const MAX_MEMBERS = 1000;

const ISIN_RE = /^[A-Z]{2}[A-Z0-9]{9}[0-9]$/;
const SYMBOL_RE = /^[A-Z0-9][A-Z0-9.-]{0,19}$/;

/** The separator a header line uses: semicolon, else tab, else comma (Euronext writes semicolons). */
function separatorOf(headerLine: string): string {
  if (headerLine.includes(';')) return ';';
  if (headerLine.includes('\t')) return '\t';
  return ',';
}

/**
 * The file's records (blank lines left out, cells trimmed and unquoted, true line numbers), read
 * with the separator of the line `isHeader` picks (default: the first non-blank line). 413 above
 * MAX_UNIVERSE_FILE_BYTES; 400 UNREADABLE_FILE when the reader finds a line it cannot read (a
 * quote never closed, a line or cell over the reader's caps).
 */
function fileRecords(content: string, isHeader: (line: string) => boolean = () => true): CsvRecord[] {
  if (Buffer.byteLength(content, 'utf8') > MAX_UNIVERSE_FILE_BYTES) {
    throw tooLarge('FILE_TOO_LARGE', `The file is larger than ${MAX_UNIVERSE_FILE_BYTES / 1024} kB`);
  }
  const text = content.replace(/^\uFEFF/, '');
  const header = text.split(/\r\n|\n|\r/).find((l) => l.trim() !== '' && isHeader(l)) ?? '';
  const { records, errors } = readCsv(text, { delimiter: separatorOf(header) });
  if (errors.length > 0) {
    throw invalid('UNREADABLE_FILE', `Line ${errors[0].line}: ${errors[0].message}`, {
      errors: errors.slice(0, 20),
    });
  }
  return records;
}

const norm = (s: string) => s.toLowerCase().replace(/[^a-zæøå]/g, '');

/**
 * The entries of an index-membership file: symbols (EQNR) or ISINs (NO0010096985), one per line,
 * or a CSV whose header names a Symbol, Ticker, Code or ISIN column. Throws INVALID_MEMBER_FILE with
 * the line numbers of entries that are neither.
 */
export function parseMemberFile(content: string): string[] {
  const records = fileRecords(content);
  if (records.length === 0) throw invalid('EMPTY_MEMBER_FILE', 'The file names no index members');
  const header = records[0].fields.map(norm);
  let column = header.findIndex((h) => h === 'isin');
  if (column < 0) column = header.findIndex((h) => ['symbol', 'ticker', 'code', 'kode'].includes(h));
  const rows = column >= 0 ? records.slice(1) : records;
  const entries: string[] = [];
  const errors: { line: number; value: string }[] = [];
  for (const { line, fields } of rows) {
    const value = (fields[Math.max(column, 0)] ?? '').toUpperCase();
    const valid =
      (ISIN_RE.test(value) && isinCheckDigitValid(value)) || (SYMBOL_RE.test(value) && !ISIN_RE.test(value));
    if (valid) entries.push(value);
    else errors.push({ line, value: value.slice(0, 40) });
  }
  if (errors.length > 0) {
    throw invalid(
      'INVALID_MEMBER_FILE',
      `${errors.length} line(s) hold neither a symbol nor a valid ISIN (first: line ${errors[0].line} "${errors[0].value}")`,
      { errors: errors.slice(0, 20) },
    );
  }
  const unique = [...new Set(entries)];
  if (unique.length === 0) throw invalid('EMPTY_MEMBER_FILE', 'The file names no index members');
  if (unique.length > MAX_MEMBERS) {
    throw invalid(
      'TOO_MANY_MEMBERS',
      `An index has at most ${MAX_MEMBERS} members; the file names ${unique.length}`,
    );
  }
  return unique;
}

/** Euronext's "Market" words for the three Oslo segments (nb and en spellings). */
export function segmentOfMarket(text: string): OsloSegment | null {
  const t = text.toLowerCase();
  if (t.includes('growth')) return 'growth';
  if (t.includes('expand')) return 'expand';
  if (/oslo\s*b(ø|o)rs/.test(t) || t === 'xosl') return 'oslo_bors';
  if (t === 'merk') return 'growth';
  if (t === 'xoas') return 'expand';
  return null;
}

/** A line that can be the segment file's header: it names a Market and an ISIN or Symbol column. */
const isSegmentHeader = (line: string) => /market/i.test(line) && /(isin|symbol)/i.test(line);

const segmentHeaderMissing = () =>
  invalid('SEGMENT_FILE_HEADER', 'The file needs a header with a Market column and an ISIN or Symbol column');

/**
 * Euronext's equities list for Oslo: a header with an ISIN (or Symbol) column and a Market column
 * ("Oslo Børs", "Euronext Expand Oslo", "Euronext Growth Oslo", or the MICs XOSL/XOAS/MERK). Lines
 * of other markets (Paris, Amsterdam …) are skipped. Returns key (ISIN or symbol) -> segment.
 */
export function parseSegmentFile(content: string): Map<string, OsloSegment> {
  const records = fileRecords(content, isSegmentHeader);
  if (records.length < 2) throw invalid('EMPTY_SEGMENT_FILE', 'The file has no rows under its header');
  // Euronext's download starts with the header; tolerate a title line above it.
  const headerAt = records.findIndex((r) => isSegmentHeader(r.fields.join(' ')));
  if (headerAt < 0) throw segmentHeaderMissing();
  const header = records[headerAt].fields.map(norm);
  const isinCol = header.indexOf('isin');
  const symbolCol = header.indexOf('symbol');
  const marketCol = header.indexOf('market');
  if (marketCol < 0 || (isinCol < 0 && symbolCol < 0)) throw segmentHeaderMissing();
  const out = new Map<string, OsloSegment>();
  for (const { fields: row } of records.slice(headerAt + 1)) {
    const market = row[marketCol] ?? '';
    if (!/oslo|xosl|xoas|merk/i.test(market)) continue;
    const segment = segmentOfMarket(market);
    if (!segment) continue;
    const isin = isinCol >= 0 ? (row[isinCol] ?? '').toUpperCase() : '';
    const symbol = symbolCol >= 0 ? (row[symbolCol] ?? '').toUpperCase() : '';
    if (isin && ISIN_RE.test(isin)) out.set(isin, segment);
    else if (symbol && SYMBOL_RE.test(symbol)) out.set(symbol, segment);
  }
  if (out.size === 0) {
    throw invalid(
      'NO_OSLO_ROWS',
      'The file holds no Oslo share with a known segment (Oslo Børs, Expand, Growth)',
    );
  }
  return out;
}
