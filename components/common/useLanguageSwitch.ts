import { useCallback } from 'react';
import { useRouter } from 'next/router';
import type { Locale } from '@/lib/constants';
import { localeCookie } from '@/lib/locale';
import { useSettingsStore } from '@/stores/useSettingsStore';

/**
 * Switch the language and stay on the same page (same path and query, /en prefix added or
 * removed). The choice is remembered in Next's NEXT_LOCALE cookie (read by proxy.ts on `/`).
 */
export function useLanguageSwitch(): (locale: Locale) => void {
  const router = useRouter();
  const setLanguage = useSettingsStore((s) => s.setLanguage);
  return useCallback(
    (locale: Locale) => {
      document.cookie = localeCookie(locale);
      setLanguage(locale);
      if (locale === router.locale) return;
      void router.push({ pathname: router.pathname, query: router.query }, router.asPath, {
        locale,
        scroll: false,
      });
    },
    [router, setLanguage],
  );
}
