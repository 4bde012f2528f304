/**
 * Chart colours that follow the page's theme: chart.js draws on a canvas, so it cannot use CSS
 * variables directly. We read Bootstrap's variables from <html> and read them again whenever
 * `data-bs-theme` changes. Series colours come from SPEC's ten-colour palette.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { CHART_PALETTE } from '@/lib/constants';

export interface ChartTheme {
  dark: boolean;
  text: string;
  muted: string;
  grid: string;
  surface: string;
  up: string;
  down: string;
  palette: readonly string[];
}

const LIGHT: ChartTheme = {
  dark: false,
  text: '#212529',
  muted: '#6c757d',
  grid: 'rgba(0, 0, 0, 0.08)',
  surface: '#ffffff',
  up: CHART_PALETTE[7],
  down: CHART_PALETTE[2],
  palette: CHART_PALETTE,
};

/** The tooltip box of our charts: the page's text on a near-opaque surface, with a grid-coloured border. */
export function tooltipStyle(theme: ChartTheme) {
  return {
    backgroundColor: theme.dark ? 'rgba(15, 23, 32, 0.95)' : 'rgba(255, 255, 255, 0.97)',
    titleColor: theme.text,
    bodyColor: theme.text,
    borderColor: theme.grid,
    borderWidth: 1,
  };
}

function cssVar(style: CSSStyleDeclaration, name: string, fallback: string): string {
  const value = style.getPropertyValue(name).trim();
  return value || fallback;
}

/** The current theme's colours (server side and in tests: the light defaults). */
export function readChartTheme(): ChartTheme {
  if (typeof document === 'undefined') return LIGHT;
  const root = document.documentElement;
  const dark = root.getAttribute('data-bs-theme') === 'dark';
  const style = getComputedStyle(root);
  return {
    dark,
    text: cssVar(style, '--bs-body-color', dark ? '#dbe3ea' : LIGHT.text),
    muted: cssVar(style, '--bs-secondary-color', dark ? 'rgba(219, 227, 234, 0.75)' : LIGHT.muted),
    grid: dark ? 'rgba(255, 255, 255, 0.08)' : LIGHT.grid,
    surface: cssVar(style, '--tv-surface', dark ? '#16212c' : LIGHT.surface),
    // The palette's green and red; the brighter green reads better on a dark surface.
    up: dark ? CHART_PALETTE[1] : CHART_PALETTE[7],
    down: CHART_PALETTE[2],
    palette: CHART_PALETTE,
  };
}

function subscribeTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-bs-theme'] });
  return () => observer.disconnect();
}

const themeAttribute = () => document.documentElement.getAttribute('data-bs-theme') ?? 'light';

/** Re-renders the chart with new colours when the theme switches between light and dark. */
export function useChartTheme(): ChartTheme {
  const mode = useSyncExternalStore(subscribeTheme, themeAttribute, () => 'light');
  // The colours are read again for each mode (the CSS variables change with it).
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `mode` is the trigger, not an input
  return useMemo(() => readChartTheme(), [mode]);
}

/** `#rrggbb` with an alpha, for fills. */
export function withAlpha(hex: string, alpha: number): string {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) return hex;
  const n = parseInt(m[1], 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

/** An ISO calendar date as local midnight (the time axis shows local days). */
export function dayTime(isoDate: string): number {
  const [y, m, d] = isoDate.split('-').map(Number);
  return new Date(y, m - 1, d).getTime();
}
