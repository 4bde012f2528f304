/**
 * The palette's text colours hold WCAG 2.1 AA (4.5:1 for normal text) where the app uses them:
 * light-theme colours on white and on the light page, dark-theme text forms on the dark surfaces,
 * white letters on the monograms. The contrast formula is WCAG's own (relative luminance with the
 * sRGB transfer curve), written out here rather than taken from the app.
 */
import fs from 'node:fs';
import path from 'node:path';
import { MONOGRAM_COLORS } from '@/components/market/TickerLogo';

const scss = fs.readFileSync(path.join(process.cwd(), 'styles', '_variables.scss'), 'utf8');

function scssColor(name: string): string {
  const match = new RegExp(`\\$${name}:\\s*(#[0-9a-fA-F]{6})\\s*;`).exec(scss);
  if (!match) throw new Error(`$${name} is not a #rrggbb colour in styles/_variables.scss`);
  return match[1];
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const WHITE = '#ffffff';
const AA = 4.5;

describe('palette contrast (WCAG 2.1 AA)', () => {
  it('computes contrast the way WCAG does', () => {
    // Black on white is 21:1; Bootstrap's #6c757d grey on white is the well-known 4.69:1.
    expect(contrast('#000000', WHITE)).toBeCloseTo(21, 5);
    expect(contrast('#6c757d', WHITE)).toBeCloseTo(4.69, 2);
  });

  const lightSurfaces = [WHITE, scssColor('body-tertiary-bg')];
  it.each(['primary', 'secondary', 'success', 'danger', 'tv-score-up', 'tv-score-down'])(
    'light: $%s as text on white and the page, and behind white text',
    (name) => {
      for (const surface of lightSurfaces)
        expect(contrast(scssColor(name), surface)).toBeGreaterThanOrEqual(AA);
    },
  );

  it.each(['primary', 'secondary', 'success', 'danger'])('light: white text on a $%s button', (name) => {
    expect(contrast(WHITE, scssColor(name))).toBeGreaterThanOrEqual(AA);
  });

  const darkSurfaces = ['body-bg-dark', 'body-secondary-bg-dark', 'body-tertiary-bg-dark'].map(scssColor);
  it.each([
    'body-color-dark',
    'link-color-dark',
    'primary-text-emphasis-dark',
    'secondary-text-emphasis-dark',
    'success-text-emphasis-dark',
    'danger-text-emphasis-dark',
    'tv-score-up-dark',
    'tv-score-down-dark',
  ])('dark: $%s on every dark surface', (name) => {
    for (const surface of darkSurfaces) expect(contrast(scssColor(name), surface)).toBeGreaterThanOrEqual(AA);
  });

  it.each([...MONOGRAM_COLORS])('white monogram letters on %s', (colour) => {
    expect(contrast(WHITE, colour)).toBeGreaterThanOrEqual(AA);
  });
});
