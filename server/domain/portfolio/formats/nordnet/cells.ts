import type Decimal from 'decimal.js';
import { toDecimal } from '../../ledger/decimal';
import { isIsoDate } from '../../ledger/transactions';

/** Decoding, numbers, dates and text cells of broker files (Nordnet's export and mapped CSVs). */

// The formula neutraliser is the one CSV module's (server/domain/csv.ts), for every CSV we write.
import { neutralizeCell } from '../../../csv';
export { neutralizeCell, restoreCell } from '../../../csv';

/** Decode the file's bytes: UTF-16LE/BE by BOM (or by NUL pattern without one), else UTF-8 (BOM optional), else Windows-1252. */
export function decodeNordnetBytes(bytes: Uint8Array): string {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) {
    return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  }
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return decodeUtf16Be(bytes.subarray(2));
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return new TextDecoder('utf-8').decode(bytes.subarray(3));
  }
  if (bytes.length >= 4 && bytes[0] !== 0 && bytes[1] === 0 && bytes[2] !== 0 && bytes[3] === 0) {
    return new TextDecoder('utf-16le').decode(bytes);
  }
  if (bytes.length >= 4 && bytes[0] === 0 && bytes[1] !== 0 && bytes[2] === 0 && bytes[3] !== 0) {
    return decodeUtf16Be(bytes);
  }
  const utf8 = new TextDecoder('utf-8').decode(bytes);
  // Older exports saved by spreadsheet programs can be Windows-1252: invalid UTF-8 gives U+FFFD.
  return utf8.includes('\uFFFD') ? new TextDecoder('windows-1252').decode(bytes) : utf8;
}

function decodeUtf16Be(bytes: Uint8Array): string {
  const swapped = new Uint8Array(bytes.length - (bytes.length % 2));
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    swapped[i] = bytes[i + 1];
    swapped[i + 1] = bytes[i];
  }
  return new TextDecoder('utf-16le').decode(swapped);
}

/**
 * Parse a Nordnet-formatted number: decimal comma (or point), thousands separated by spaces,
 * no-break spaces or the other separator, unicode minus. Empty → null; throws RangeError when it
 * is not a number.
 */
export function parseNordnetNumber(text: string): Decimal | null {
  let s = text.replace(/[\s\u00a0\u202f\u2009\u2007']/g, '').replace(/\u2212/g, '-');
  if (s === '') return null;
  const lastComma = s.lastIndexOf(',');
  const lastDot = s.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    // Both present: the last one is the decimal separator, the other groups thousands.
    s = lastComma > lastDot ? s.replace(/\./g, '').replace(',', '.') : s.replace(/,/g, '');
  } else if (lastComma >= 0) {
    if (s.indexOf(',') !== lastComma) throw new RangeError(`Not a number: ${text}`);
    s = s.replace(',', '.');
  } else if (lastDot >= 0 && s.indexOf('.') !== lastDot) {
    s = s.replace(/\./g, '');
  }
  if (!/^[+-]?\d+(\.\d+)?$/.test(s)) throw new RangeError(`Not a number: ${text}`);
  return toDecimal(s);
}

/** Parse YYYY-MM-DD (optionally followed by a time) or DD.MM.YYYY into YYYY-MM-DD; null when it is neither. */
export function parseNordnetDate(text: string): string | null {
  const t = text.trim();
  const iso = /^(\d{4}-\d{2}-\d{2})(?:[ T].*)?$/.exec(t);
  if (iso) return isIsoDate(iso[1]) ? iso[1] : null;
  const nb = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(t);
  if (nb) {
    const date = `${nb[3]}-${nb[2]}-${nb[1]}`;
    return isIsoDate(date) ? date : null;
  }
  return null;
}

export function normalizeHeader(name: string): string {
  return name
    .normalize('NFC')
    .trim()
    .toLowerCase()
    .replace(/ö/g, 'ø')
    .replace(/ä/g, 'æ')
    .replace(/\s+/g, ' ');
}

export function normalizeType(type: string): string {
  return type.normalize('NFC').trim().toUpperCase().replace(/\s+/g, ' ');
}

/**
 * A text cell of our export: line breaks become spaces (a row is one line), a cell that a
 * spreadsheet would run as a formula is neutralised (neutralizeCell), and a cell with a tab, a
 * semicolon or a quote is quoted with quotes doubled, so the import reads it back unchanged.
 */
export function textCell(text: string): string {
  const cell = neutralizeCell(text.replace(/[\r\n]+/g, ' ').trim());
  return /[\t;"]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}
