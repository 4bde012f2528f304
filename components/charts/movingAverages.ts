import { useCallback, useSyncExternalStore } from 'react';
import type { Bar } from '@/lib/types/market';
import { safeLocalStorage, STORAGE_KEYS } from '@/lib/storage';

/** The moving averages the price chart can overlay (issue 25): the ones investors talk about. */
export const MA_PERIODS = [20, 50, 200] as const;
export type MaPeriod = (typeof MA_PERIODS)[number];

/**
 * The simple moving average of the closes over `period` sessions, per bar. Like the RSI pane (and
 * the analysis, DESIGN.md §6), sessions with zero volume do not count: they get null and are not
 * part of any average. Bars before the first full period get null too.
 */
export function smaSeries(bars: readonly Bar[], period: number): (number | null)[] {
  const out: (number | null)[] = bars.map(() => null);
  const window: number[] = [];
  let sum = 0;
  for (let i = 0; i < bars.length; i += 1) {
    const bar = bars[i];
    if (!(bar.volume > 0)) continue;
    window.push(bar.close);
    sum += bar.close;
    if (window.length > period) sum -= window.shift()!;
    if (window.length === period) out[i] = sum / period;
  }
  return out;
}

/** Sessions that count (volume > 0): an average of `period` needs at least that many. */
export function countedSessions(bars: readonly Bar[]): number {
  return bars.reduce((n, b) => (b.volume > 0 ? n + 1 : n), 0);
}

const DEFAULT_ON: readonly MaPeriod[] = [];
const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedValue: readonly MaPeriod[] = DEFAULT_ON;

function parse(raw: string | null): readonly MaPeriod[] {
  if (!raw) return DEFAULT_ON;
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return DEFAULT_ON;
    return MA_PERIODS.filter((p) => value.includes(p));
  } catch {
    return DEFAULT_ON;
  }
}

function read(): readonly MaPeriod[] {
  const raw = safeLocalStorage.getItem(STORAGE_KEYS.chartMovingAverages) as string | null;
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedValue = parse(raw);
  }
  return cachedValue;
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  const onStorage = (e: StorageEvent) => {
    if (e.key === STORAGE_KEYS.chartMovingAverages) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * Which moving averages are on, remembered in the browser (every chart and tab follows a toggle).
 * Off by default: the chart starts as it always looked.
 */
export function useMovingAverages(): [readonly MaPeriod[], (period: MaPeriod) => void] {
  const on = useSyncExternalStore(subscribe, read, () => DEFAULT_ON);
  const toggle = useCallback((period: MaPeriod) => {
    const current = read();
    const next = current.includes(period) ? current.filter((p) => p !== period) : [...current, period];
    safeLocalStorage.setItem(
      STORAGE_KEYS.chartMovingAverages,
      JSON.stringify(MA_PERIODS.filter((p) => next.includes(p))),
    );
    listeners.forEach((l) => l());
  }, []);
  return [on, toggle];
}
