import Decimal from 'decimal.js';
import { toDecimal, ZERO } from '../ledger/decimal';

/** How the mapped CSV reads a number cell (mappedCsv.ts reads, mappedPlausibility.ts warns). */

/**
 * `text` as a plain decimal string read with `decimal` as the decimal separator (the other
 * separator, spaces and apostrophes group thousands; a trailing minus as some banks write it):
 * '' for an empty cell, null when it is not a number.
 */
export function normaliseMappedNumber(text: string, decimal: 'comma' | 'point'): string | null {
  let s = text.replace(/[\s\u00a0\u202f\u2009\u2007']/g, '').replace(/\u2212/g, '-');
  if (s === '') return '';
  if (/^[^-]*\d-$/.test(s)) s = `-${s.slice(0, -1)}`;
  s = decimal === 'comma' ? s.replace(/\./g, '').replace(',', '.') : s.replace(/,/g, '');
  return /^[+-]?\d+(\.\d+)?$/.test(s) ? s : null;
}

/** A number written with the mapping's decimal separator (normaliseMappedNumber); null for an empty cell. */
export function parseMappedNumber(text: string, decimal: 'comma' | 'point'): Decimal | null {
  const s = normaliseMappedNumber(text, decimal);
  if (s === '') return null;
  if (s === null) throw new RangeError(`Not a number: ${text}`);
  return toDecimal(s);
}

/**
 * A number inside a trade text ("3 @ 134.85", "6 ISHARES MSCI WOR A@49,785"): a separator followed
 * by other than three digits, or the last of two kinds, is the decimal one; otherwise the mapping's.
 */
export function textNumber(text: string, decimal: 'comma' | 'point'): Decimal {
  const commas = text.split(',').length - 1;
  const points = text.split('.').length - 1;
  let choice = decimal;
  if (commas > 0 && points > 0) choice = text.lastIndexOf(',') > text.lastIndexOf('.') ? 'comma' : 'point';
  else if (commas === 1 && !/,\d{3}$/.test(text)) choice = 'comma';
  else if (points === 1 && !/\.\d{3}$/.test(text)) choice = 'point';
  return parseMappedNumber(text, choice) ?? ZERO;
}

/** "Buy 3 @ 134.85 USD" -> quantity 3, price 134.85; null when the text states no "N … @ P". */
export const TRADE_TEXT = /(\d[\d.,]*)\s+[^@]*?@\s*(\d[\d.,]*\d|\d)/;
