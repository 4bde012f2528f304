import type { DateFormat, ImportMapping } from '@/lib/schemas/importMapping';
import { isIsoDate } from '../ledger/transactions';
import { missing, notADate, RowError } from './nordnet/importErrors';

/**
 * Dates of a mapped CSV in the format the mapping names (issue 37 item 3). Never a silent guess
 * between DD-MM and MM-DD: under `auto` a numeric date whose day and month could be swapped is
 * "ambiguous", an error of its line that asks for the format.
 */

/** What reading one date cell gave: the ISO date, or why not. */
export type DateReading = { date: string } | { error: 'not-a-date' | 'ambiguous' };

/** Month abbreviations, English first, then Dutch, Norwegian/Danish and Swedish spellings (three letters, lower case). */
const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  mrt: 3,
  apr: 4,
  may: 5,
  mei: 5,
  mai: 5,
  maj: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  okt: 10,
  nov: 11,
  dec: 12,
  des: 12,
};

// A time may follow the date: "2023-05-22 10:31:07", "20230522;103107", "19-12-2022, 18:33".
const TIME = String.raw`(?:[ T;,]+\d{1,2}:?\d{2}(?::?\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?`;
const YMD = new RegExp(String.raw`^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})${TIME}$`);
const COMPACT = new RegExp(String.raw`^(\d{4})(\d{2})(\d{2})${TIME}$`);
const NUMERIC = new RegExp(String.raw`^(\d{1,2})([-/.])(\d{1,2})\2(\d{4})${TIME}$`);
const MONTH_NAME = new RegExp(String.raw`^(\d{1,2})[- ]([A-Za-z]{3})[a-z]*\.?[- ](\d{4})${TIME}$`);

const pad = (n: string | number) => String(n).padStart(2, '0');

function iso(year: string, month: string | number, day: string | number): DateReading {
  const date = `${year}-${pad(month)}-${pad(day)}`;
  return isIsoDate(date) ? { date } : { error: 'not-a-date' };
}

/** `text` read as a date in `format`; ISO (year first) reads under every format. */
export function readDate(text: string, format: DateFormat): DateReading {
  const t = text.trim();
  const ymd = YMD.exec(t);
  if (ymd) return iso(ymd[1], ymd[2], ymd[3]);
  const compact = COMPACT.exec(t);
  if (compact && (format === 'ymd-compact' || format === 'auto'))
    return iso(compact[1], compact[2], compact[3]);
  const named = MONTH_NAME.exec(t);
  if (named && (format === 'd-mon-y' || format === 'auto')) {
    const month = MONTHS[named[2].toLowerCase()];
    return month === undefined ? { error: 'not-a-date' } : iso(named[3], month, named[1]);
  }
  const numeric = NUMERIC.exec(t);
  if (numeric) {
    const [, first, separator, second, year] = numeric;
    if (format === 'dmy') return iso(year, second, first);
    if (format === 'mdy') return iso(year, first, second);
    if (format === 'auto') {
      // 31.12.2024 is day first wherever dots are written; a slash or dash date is read only when
      // one of its numbers cannot be a month (or both are the same).
      if (separator === '.') return iso(year, second, first);
      const a = Number(first);
      const b = Number(second);
      if (a > 12 && b <= 12) return iso(year, second, first);
      if (b > 12 && a <= 12) return iso(year, first, second);
      if (a === b) return iso(year, first, second);
      return a > 12 && b > 12 ? { error: 'not-a-date' } : { error: 'ambiguous' };
    }
  }
  return { error: 'not-a-date' };
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

/** A row's date under the mapping's format (the older slash-order rule when it names none). */
export function readRowDate(text: string, mapping: ImportMapping): string {
  if (text === '') throw missing('date');
  if (mapping.dateFormat === undefined) {
    const date = parseMappedDate(text, mapping.dateOrder);
    if (date === null) throw notADate('date', text);
    return date;
  }
  const reading = readDate(text, mapping.dateFormat);
  if ('date' in reading) return reading.date;
  if (reading.error === 'ambiguous') {
    throw new RowError(
      'AMBIGUOUS_DATE',
      `date "${text}" could be day-month or month-day: choose the date format`,
      { field: 'date', value: text },
    );
  }
  throw notADate('date', text);
}
