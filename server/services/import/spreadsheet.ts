/**
 * Excel files in (issue 37 item 3: DNB's export is an .xlsx): the first sheet read with exceljs
 * (https://github.com/exceljs/exceljs) into the header and text rows that the mapped CSV's parser
 * reads, so the same mapping applies. Numbers come out in the mapping's decimal notation without
 * grouping (a real number needs no guessing), dates as ISO (which every date format reads).
 *
 * The upload limit (IMPORT_MAX_BYTES) is unchanged; an .xlsx is a zip, so before opening it the
 * sizes its directory declares are summed and a file that would unpack to more than
 * SHEET_MAX_UNPACKED bytes is refused (413): a small upload never becomes a huge sheet in memory.
 */
import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import type { SheetPeekDto } from '@/lib/schemas/importMapping';
import { PEEK_MAX_ROWS } from '@/lib/csvPeek';
import type { MappedTable } from '@/server/domain/portfolio';
import { invalid, tooLarge } from '../errors';

/** The most an .xlsx may unpack to (its zip directory's declared sizes, summed). */
export const SHEET_MAX_UNPACKED = 32 * 1024 * 1024;

/** An .xlsx (any zip) starts with a local file header: "PK\x03\x04". */
export function isZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04
  );
}

/** The sum of the uncompressed sizes a zip's central directory declares; null when it has none. */
export function zipUnpackedSize(bytes: Uint8Array): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record is in the last 22 + 65,535 (comment) bytes.
  const stop = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= stop; at--) {
    if (view.getUint32(at, true) !== 0x06054b50) continue;
    const entries = view.getUint16(at + 10, true);
    let offset = view.getUint32(at + 16, true);
    let total = 0;
    for (let i = 0; i < entries; i++) {
      if (offset + 46 > bytes.length || view.getUint32(offset, true) !== 0x02014b50) return null;
      total += view.getUint32(offset + 24, true);
      offset +=
        46 +
        view.getUint16(offset + 28, true) +
        view.getUint16(offset + 30, true) +
        view.getUint16(offset + 32, true);
    }
    return total;
  }
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** One cell as the text the mapped parser reads. */
function cellText(value: ExcelJS.CellValue, decimal: 'comma' | 'point'): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    // 15 significant digits: what the sheet shows, without binary noise (0.1 + 0.2).
    const text = new Decimal(value.toPrecision(15)).toFixed();
    return decimal === 'comma' ? text.replace('.', ',') : text;
  }
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) {
    // exceljs gives a sheet's date as that wall-clock time in UTC.
    const date = `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
    const h = value.getUTCHours();
    const m = value.getUTCMinutes();
    const s = value.getUTCSeconds();
    return h === 0 && m === 0 && s === 0 ? date : `${date} ${pad(h)}:${pad(m)}:${pad(s)}`;
  }
  if ('richText' in value)
    return value.richText
      .map((r) => r.text)
      .join('')
      .trim();
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as ExcelJS.CellFormulaValue).result;
    return result === undefined || (typeof result === 'object' && result !== null && 'error' in result)
      ? ''
      : cellText(result as ExcelJS.CellValue, decimal);
  }
  if ('text' in value) return String(value.text).trim();
  return '';
}

/**
 * The first sheet of an .xlsx as a header (its first non-empty row) and rows of text, each with
 * its row number as the line. 413 when it would unpack too large, 400 when it is not a workbook.
 */
export async function readSheetTable(bytes: Uint8Array, decimal: 'comma' | 'point'): Promise<MappedTable> {
  const unpacked = zipUnpackedSize(bytes);
  if (unpacked === null)
    throw invalid('IMPORT_UNREADABLE', 'The file could not be read as an Excel workbook');
  if (unpacked > SHEET_MAX_UNPACKED) {
    throw tooLarge(
      'IMPORT_SHEET_TOO_LARGE',
      `The workbook unpacks to ${unpacked} bytes; at most ${SHEET_MAX_UNPACKED}`,
      {
        unpacked,
        max: SHEET_MAX_UNPACKED,
      },
    );
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as never);
  } catch {
    throw invalid('IMPORT_UNREADABLE', 'The file could not be read as an Excel workbook');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw invalid('IMPORT_UNREADABLE', 'The workbook has no sheet');
  let header: string[] | null = null;
  const records: MappedTable['records'] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const fields: string[] = [];
    for (let c = 1; c <= row.cellCount; c++) fields.push(cellText(row.getCell(c).value, decimal));
    if (fields.every((f) => f === '')) return;
    if (header === null) header = fields;
    else records.push({ line: rowNumber, fields });
  });
  if (header === null) throw invalid('IMPORT_UNREADABLE', 'The first sheet is empty');
  return { header, records, rowErrors: 0 };
}

/** The first sheet's header and rows (numbers with a decimal point), for the dialog's mapping step. */
export async function peekSheet(bytes: Uint8Array): Promise<SheetPeekDto> {
  if (!isZip(bytes)) throw invalid('IMPORT_UNREADABLE', 'The file is not an Excel workbook (.xlsx)');
  const table = await readSheetTable(bytes, 'point');
  return { headers: table.header, rows: table.records.slice(0, PEEK_MAX_ROWS).map((r) => r.fields) };
}
