/**
 * Split ratios as two whole numbers (DESIGN.md §5: 2-for-1 is 2 and 1, a 1-for-3 reverse split is
 * 1 and 3). Shared by the API schema, the form, the domain and the migration's rule.
 */

/** The largest split_to / split_from accepted (no real split comes near it). */
export const SPLIT_PART_MAX = 1_000_000;

function gcd(a: bigint, b: bigint): bigint {
  while (b !== BigInt(0)) [a, b] = [b, a % b];
  return a;
}

/**
 * A plain positive decimal ("0.5", "2", "1.25") as the reduced fraction it equals exactly
 * (0.5 → 1/2, 1.25 → 5/4); null when the text is not a positive plain decimal.
 */
export function decimalToFraction(text: string): { to: bigint; from: bigint } | null {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m) return null;
  const fraction = m[2] ?? '';
  const to = BigInt(m[1] + fraction);
  const from = BigInt(10) ** BigInt(fraction.length);
  if (to === BigInt(0)) return null;
  const g = gcd(to, from);
  return { to: to / g, from: from / g };
}

/**
 * The older single-ratio form read as two whole numbers when it is exact and both stay within
 * SPLIT_PART_MAX (0.5 → 1 and 2, 1.5 → 3 and 2); null when it is not (0.3333333333 is not 1/3).
 */
export function ratioToSplit(text: string): { to: number; from: number } | null {
  const f = decimalToFraction(text);
  if (!f || f.to > BigInt(SPLIT_PART_MAX) || f.from > BigInt(SPLIT_PART_MAX)) return null;
  return { to: Number(f.to), from: Number(f.from) };
}

/** to / from as a decimal text with at most 10 decimals (what a split's `quantity` column keeps), rounded half up. */
export function splitQuantityText(to: number, from: number): string {
  const scale = BigInt(10) ** BigInt(10);
  const num = BigInt(to) * scale;
  const den = BigInt(from);
  let q = num / den;
  if ((num % den) * BigInt(2) >= den) q += BigInt(1);
  const digits = q.toString().padStart(11, '0');
  const integer = digits.slice(0, -10);
  const fraction = digits.slice(-10).replace(/0+$/, '');
  return fraction ? `${integer}.${fraction}` : integer;
}

/**
 * The split that turns `outText` old shares into `inText` new ones (a broker's two split rows),
 * as two whole numbers (300 → 100 is 1 and 3); null when they exceed SPLIT_PART_MAX.
 */
export function legsToSplit(outText: string, inText: string): { to: number; from: number } | null {
  const out = decimalToFraction(outText);
  const inn = decimalToFraction(inText);
  if (!out || !inn) return null;
  let to = inn.to * out.from;
  let from = inn.from * out.to;
  const g = gcd(to, from);
  to /= g;
  from /= g;
  if (to > BigInt(SPLIT_PART_MAX) || from > BigInt(SPLIT_PART_MAX)) return null;
  return { to: Number(to), from: Number(from) };
}
