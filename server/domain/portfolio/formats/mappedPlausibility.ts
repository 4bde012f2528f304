import Decimal from 'decimal.js';
import type { ImportWarningDto } from '@/lib/types/importWarnings';
import { normaliseMappedNumber } from './mappedNumbers';

/**
 * Numbers of a mapped CSV that cannot be right (issue 37 item 3). Nothing is refused: each is a
 * warning of its line that the preview shows next to the row, naming the decimal-separator choice
 * as the likely cause when the cell reads as another number with the other separator ("6,3572"
 * read with a decimal point is 63572; with a decimal comma it is 6.3572).
 */

/** A trade price this many times the day's close (or this fraction of it) is flagged. */
export const PRICE_CLOSE_FACTOR = 100;
/** A trade quantity this many times the file's median quantity (or this fraction of it) is flagged. */
export const QUANTITY_MEDIAN_FACTOR = 10_000;

type Decimal_ = 'comma' | 'point';

/**
 * `text` read with the decimal separator the mapping did not choose; null when that does not
 * read, or reads as the same number.
 */
export function otherReading(text: string, decimal: Decimal_, read: Decimal | null): string | null {
  const s = normaliseMappedNumber(text, decimal === 'point' ? 'comma' : 'point');
  if (!s) return null;
  const other = new Decimal(s);
  return read !== null && other.eq(read) ? null : other.toFixed();
}

/**
 * The grouping separator (the one the mapping did not choose as decimal) used where a thousands
 * separator cannot be: followed by other than exactly three digits. "1,172.50" is fine with a
 * decimal point; "6,3572" and "97,9" are not.
 */
export function groupingIsWrong(text: string, decimal: Decimal_): boolean {
  const grouping = decimal === 'point' ? ',' : '.';
  const s = text.replace(/[\s\u00a0\u202f\u2009\u2007']/g, '');
  if (!s.includes(grouping)) return false;
  const integer = s.split(decimal === 'point' ? '.' : ',')[0];
  return integer
    .split(grouping)
    .slice(1)
    .some((group) => !/^\d{3}$/.test(group));
}

/** One number of a row, as the file writes it and as it was read. */
export interface ReadNumber {
  line: number;
  field: ImportWarningDto['field'];
  text: string;
  value: Decimal;
}

function warning(
  n: ReadNumber,
  decimal: Decimal_,
  code: ImportWarningDto['code'],
  params: ImportWarningDto['params'],
  what: string,
): ImportWarningDto {
  const other = otherReading(n.text, decimal, n.value);
  const cause =
    other === null
      ? ''
      : `; "${n.text}" read with the decimal ${decimal === 'point' ? 'comma' : 'point'} is ${other}: check the decimal separator`;
  return {
    line: n.line,
    code,
    field: n.field,
    text: n.text,
    value: n.value.toFixed(),
    other_reading: other,
    likely_cause: other === null ? null : 'decimal_separator',
    params,
    message: `${n.field} ${n.value.toFixed()} ${what}${cause}`,
  };
}

const ratioText = (r: Decimal) => r.toSignificantDigits(3).toFixed();

/** Every number whose grouping cannot be a thousands separator under the mapping's decimal choice. */
export function groupingWarnings(numbers: readonly ReadNumber[], decimal: Decimal_): ImportWarningDto[] {
  return numbers
    .filter((n) => groupingIsWrong(n.text, decimal))
    .map((n) =>
      warning(
        n,
        decimal,
        'NOT_THOUSANDS_GROUPING',
        {},
        `was read from "${n.text}", which has no thousands grouping`,
      ),
    );
}

/**
 * Trade quantities QUANTITY_MEDIAN_FACTOR times the median of the file's trade quantities (or
 * that fraction of it). Needs at least three trades: a median of two is no "usual".
 */
export function quantityWarnings(quantities: readonly ReadNumber[], decimal: Decimal_): ImportWarningDto[] {
  const values = quantities.map((q) => q.value.abs()).filter((v) => !v.isZero());
  if (values.length < 3) return [];
  const sorted = [...values].sort((a, b) => a.comparedTo(b));
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[mid] : sorted[mid - 1].plus(sorted[mid]).div(2);
  const out: ImportWarningDto[] = [];
  for (const q of quantities) {
    const v = q.value.abs();
    if (v.isZero()) continue;
    const ratio = v.div(median);
    if (ratio.gte(QUANTITY_MEDIAN_FACTOR) || ratio.lte(new Decimal(1).div(QUANTITY_MEDIAN_FACTOR))) {
      out.push(
        warning(
          q,
          decimal,
          'QUANTITY_FAR_FROM_MEDIAN',
          { median: median.toFixed(), ratio: ratioText(ratio) },
          `is ${ratioText(ratio)}× the file's median quantity ${median.toFixed()}`,
        ),
      );
    }
  }
  return out;
}

/** A trade's price against the close of its day (or the last session before it). */
export interface PriceAgainstClose extends ReadNumber {
  close: number;
  session: string;
}

/** Prices PRICE_CLOSE_FACTOR times the day's close (or that fraction of it). */
export function priceWarnings(prices: readonly PriceAgainstClose[], decimal: Decimal_): ImportWarningDto[] {
  const out: ImportWarningDto[] = [];
  for (const p of prices) {
    if (!(p.close > 0) || p.value.isZero()) continue;
    const ratio = p.value.abs().div(p.close);
    if (ratio.gte(PRICE_CLOSE_FACTOR) || ratio.lte(new Decimal(1).div(PRICE_CLOSE_FACTOR))) {
      out.push(
        warning(
          p,
          decimal,
          'PRICE_FAR_FROM_CLOSE',
          { close: p.close, session: p.session, ratio: ratioText(ratio) },
          `is ${ratioText(ratio)}× the close ${p.close} of ${p.session}`,
        ),
      );
    }
  }
  return out;
}
