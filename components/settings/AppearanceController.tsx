import { useEffect, useState } from 'react';
import { useRouter } from 'next/router';
import { useMarketStore } from '@/stores/useMarketStore';
import { useSettingsStore } from '@/stores/useSettingsStore';
import { applyAppearance } from './appearance';

export const DARK_QUERY = '(prefers-color-scheme: dark)';

/**
 * Restores the saved settings and market after the first render (so it matches the static HTML),
 * follows the system's dark preference live (theme 'auto'), and mirrors the settings onto <html>.
 * Renders nothing.
 */
export default function AppearanceController() {
  const { locale } = useRouter();
  const [hydrated, setHydrated] = useState(false);
  const isDark = useSettingsStore((s) => s.isDark);
  const isRTL = useSettingsStore((s) => s.isRTL);
  const isNavbarVerticalCollapsed = useSettingsStore((s) => s.isNavbarVerticalCollapsed);
  const navbarPosition = useSettingsStore((s) => s.navbarPosition);
  const navbarStyle = useSettingsStore((s) => s.navbarStyle);
  const isFluid = useSettingsStore((s) => s.isFluid);
  const setLanguage = useSettingsStore((s) => s.setLanguage);

  useEffect(() => {
    const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
    // Nothing may be set before rehydrating (it would overwrite the stored settings); the store
    // reads the system preference itself while merging.
    let active = true;
    void Promise.all([useSettingsStore.persist.rehydrate(), useMarketStore.persist.rehydrate()]).then(() => {
      if (active) setHydrated(true);
    });
    const onChange = (event: MediaQueryListEvent) => useSettingsStore.getState().setSystemDark(event.matches);
    media?.addEventListener('change', onChange);
    return () => {
      active = false;
      media?.removeEventListener('change', onChange);
    };
  }, []);

  useEffect(() => {
    // Before the saved settings are read, the defaults must not overwrite what the inline script applied.
    if (!hydrated) return;
    applyAppearance(document.documentElement, {
      isDark,
      isRTL,
      isNavbarVerticalCollapsed,
      navbarPosition,
      navbarStyle,
      isFluid,
    });
  }, [hydrated, isDark, isRTL, isNavbarVerticalCollapsed, navbarPosition, navbarStyle, isFluid]);

  useEffect(() => {
    // The URL decides the language; the setting mirrors it, and <html lang> follows client-side switches.
    if (locale === 'nb' || locale === 'en') {
      document.documentElement.lang = locale;
      if (hydrated) setLanguage(locale);
    }
  }, [locale, hydrated, setLanguage]);

  return null;
}
