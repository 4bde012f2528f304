import { useState } from 'react';
import styles from './market.module.scss';

export interface TickerLogoProps {
  name: string;
  symbol?: string;
  img?: string | null;
  size?: number;
}

/** Company-form words that say nothing about which company it is. */
const NOISE = new Set([
  'asa',
  'as',
  'inc',
  'inc.',
  'corp',
  'corp.',
  'corporation',
  'ltd',
  'plc',
  'the',
  'co',
  'co.',
  'sa',
  'nv',
  'ag',
  'se',
  'class',
  'a',
  'b',
  'c',
]);

/** "Equinor ASA" -> "EQ", "Norsk Hydro ASA" -> "NH", "Alphabet Inc. Class A" -> "AL". */
export function monogramOf(name: string, symbol = ''): string {
  const words = name
    .split(/[\s\-–/&.,()]+/)
    .filter((w) => w && !NOISE.has(w.toLowerCase()) && /\p{L}/u.test(w));
  if (words.length >= 2) return (firstLetter(words[0]) + firstLetter(words[1])).toUpperCase();
  if (words.length === 1)
    return words[0]
      .replace(/[^\p{L}\p{N}]/gu, '')
      .slice(0, 2)
      .toUpperCase();
  return (symbol.replace(/\..*$/, '') || '?').slice(0, 2).toUpperCase();
}

function firstLetter(word: string): string {
  return Array.from(word.replace(/[^\p{L}\p{N}]/gu, ''))[0] ?? '';
}

/**
 * Monogram backgrounds: the chart palette's blue, red, orange, purple, green and pink, each deepened
 * until white letters on it reach 4.5:1 (WCAG 2.1 AA for small text) — the same on both themes.
 */
export const MONOGRAM_COLORS: readonly string[] = [
  '#1f65c7',
  '#c8243f',
  '#a84d12',
  '#6f42c1',
  '#0b7d45',
  '#b5286c',
];

/** A stable palette colour per company, so its monogram looks the same everywhere. */
export function monogramColor(key: string): string {
  let hash = 0;
  for (const ch of key) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  return MONOGRAM_COLORS[hash % MONOGRAM_COLORS.length];
}

/** The company's logo, or its monogram when it has none (or the image fails to load). */
export default function TickerLogo({ name, symbol = '', img, size = 32 }: TickerLogoProps) {
  const [failed, setFailed] = useState(false);
  if (img && !failed) {
    return (
      // eslint-disable-next-line @next/next/no-img-element -- logos come from the data provider's hosts; next/image would need each configured
      <img
        src={img}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        className={styles.logo}
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span
      className={styles.monogram}
      style={{
        width: size,
        height: size,
        fontSize: Math.round(size * 0.38),
        background: monogramColor(symbol || name),
      }}
      aria-hidden="true"
      data-testid="monogram"
    >
      {monogramOf(name, symbol)}
    </span>
  );
}
