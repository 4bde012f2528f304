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
