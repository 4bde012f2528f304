import type { StateStorage } from 'zustand/middleware';

/** localStorage keys of the app's persisted UI state (read before first paint by the theme script too). */
export const STORAGE_KEYS = {
  settings: 'trendvakt-settings',
  market: 'trendvakt-market',
  consent: 'trendvakt-consent',
  /** The price chart's moving-average toggles (issue 25), e.g. `[20,200]`. */
  chartMovingAverages: 'trendvakt-chart-ma',
  /** The price chart's chart-pattern overlay (issue 42): '0' when turned off (on by default). */
  chartPatterns: 'trendvakt-chart-patterns',
} as const;

/** True for the browsers' several spellings of "the storage quota is exceeded". */
export function isQuotaExceeded(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const { name, code } = err as { name?: string; code?: number };
  // 22: most browsers; 1014: old Firefox (NS_ERROR_DOM_QUOTA_REACHED).
  return (
    name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || code === 1014
  );
}

function browserStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    // Access can throw (blocked cookies / sandboxed iframes): behave as if there were no storage.
    return undefined;
  }
}

/**
 * localStorage for zustand `persist` that never throws. SPEC §4: when the quota is exceeded the
 * storage is cleared (and the write retried once) instead of the app crashing.
 */
export const safeLocalStorage: StateStorage = {
  getItem(name) {
    try {
      return browserStorage()?.getItem(name) ?? null;
    } catch {
      return null;
    }
  },
  setItem(name, value) {
    const storage = browserStorage();
    if (!storage) return;
    try {
      storage.setItem(name, value);
    } catch (err) {
      if (!isQuotaExceeded(err)) {
        console.warn(`Could not save ${name}:`, err);
        return;
      }
      console.warn('The browser storage is full: clearing it.');
      try {
        storage.clear();
        storage.setItem(name, value);
      } catch {
        // Still no room (a zero quota, e.g. some private modes): keep the state in memory only.
      }
    }
  },
  removeItem(name) {
    try {
      browserStorage()?.removeItem(name);
    } catch {
      // Nothing to remove when the storage is unavailable.
    }
  },
};
