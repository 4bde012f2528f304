/**
 * A first look at a broker CSV in the browser, for the import dialog's mapping step: its header
 * names and the distinct words of one column (the type column), read from the file's bytes
 * (UTF-16 by BOM, else UTF-8, else Windows-1252; tab, semicolon or comma, whichever the header
 * line has most of; quoted cells). The server reads the file again, fully, on preview.
 */

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

/** Records of `text` split by `delimiter`, quotes honoured ("" inside quotes), cells trimmed. */
export function splitCsv(text: string, delimiter: string, maxRecords: number): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length && records.length < maxRecords; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (c === delimiter) {
      record.push(cell.trim());
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      record.push(cell.trim());
      if (record.some((x) => x !== '')) records.push(record);
      record = [];
      cell = '';
    } else cell += c;
  }
  if ((cell !== '' || record.length > 0) && records.length < maxRecords) {
    record.push(cell.trim());
    if (record.some((x) => x !== '')) records.push(record);
  }
  return records;
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
