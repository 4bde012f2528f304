import { useCallback, useSyncExternalStore } from 'react';
import { safeLocalStorage, STORAGE_KEYS } from '@/lib/storage';

/**
 * Issue 42: whether the price chart draws the chart patterns, remembered in the browser like the
 * moving averages' toggles (localStorage, not a profile setting: it is how this screen shows a
 * chart, it must work before the profile has loaded and for every chart and tab at once, and the
 * settings store keeps only UI settings as well). On unless the user turned it off: the pattern is
 * the analysis page's headline.
 */
const listeners = new Set<() => void>();

function read(): boolean {
  return safeLocalStorage.getItem(STORAGE_KEYS.chartPatterns) !== '0';
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  // Another tab's toggle.
  const onStorage = (e: StorageEvent) => {
    if (e.key === STORAGE_KEYS.chartPatterns) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

export function usePatternOverlay(): [boolean, () => void] {
  const on = useSyncExternalStore(subscribe, read, () => true);
  const toggle = useCallback(() => {
    safeLocalStorage.setItem(STORAGE_KEYS.chartPatterns, read() ? '0' : '1');
    listeners.forEach((l) => l());
  }, []);
  return [on, toggle];
}
