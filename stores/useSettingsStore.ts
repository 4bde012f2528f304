import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@/lib/constants';
import { safeLocalStorage, STORAGE_KEYS } from '@/lib/storage';

export type ThemeMode = 'light' | 'dark' | 'auto';
export type NavbarPosition = 'vertical' | 'top';
export type NavbarStyle = 'transparent' | 'inverted' | 'card' | 'vibrant';

export const THEME_MODES: readonly ThemeMode[] = ['light', 'dark', 'auto'];
export const NAVBAR_POSITIONS: readonly NavbarPosition[] = ['vertical', 'top'];
export const NAVBAR_STYLES: readonly NavbarStyle[] = ['transparent', 'inverted', 'card', 'vibrant'];

/** The persisted settings (SPEC §3). */
export interface SettingsValues {
  isFluid: boolean;
  isRTL: boolean;
  /** The resolved theme: true when dark is showing (for 'auto' it follows the system preference). */
  isDark: boolean;
  theme: ThemeMode;
  navbarPosition: NavbarPosition;
  isNavbarVerticalCollapsed: boolean;
  navbarStyle: NavbarStyle;
  language: Locale;
}

/** SPEC §9's defaults. */
export const DEFAULT_SETTINGS: SettingsValues = {
  isFluid: false,
  isRTL: false,
  isDark: false,
  theme: 'light',
  navbarPosition: 'vertical',
  isNavbarVerticalCollapsed: false,
  navbarStyle: 'transparent',
  language: DEFAULT_LOCALE,
};

interface SettingsState extends SettingsValues {
  /** UI state, not persisted: the settings offcanvas and the mobile burger menu (hidden by default). */
  showSettingPanel: boolean;
  showBurgerMenu: boolean;
  /** The system's dark preference, fed by the appearance controller (matters for theme 'auto'). */
  systemDark: boolean;
  setTheme(theme: ThemeMode): void;
  /** The light/dark switch in the bars: flips what is showing and leaves 'auto'. */
  toggleTheme(): void;
  setSystemDark(dark: boolean): void;
  setFluid(value: boolean): void;
  setRTL(value: boolean): void;
  setNavbarPosition(value: NavbarPosition): void;
  setNavbarStyle(value: NavbarStyle): void;
  setNavbarCollapsed(value: boolean): void;
  toggleNavbarCollapsed(): void;
  setLanguage(value: Locale): void;
  setShowSettingPanel(value: boolean): void;
  setShowBurgerMenu(value: boolean): void;
  /** Back to SPEC §9's defaults and forget the stored settings. */
  reset(): void;
}

/** The system's dark preference right now (false on the server or without matchMedia). */
export function systemPrefersDark(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-color-scheme: dark)').matches
  );
}

function resolveDark(theme: ThemeMode, systemDark: boolean): boolean {
  return theme === 'dark' || (theme === 'auto' && systemDark);
}

const pick = <T>(allowed: readonly T[], value: unknown, fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;
const bool = (value: unknown, fallback: boolean): boolean => (typeof value === 'boolean' ? value : fallback);

/** Accept only well-formed stored values: a hand-edited or outdated entry falls back per field. */
export function sanitizeSettings(raw: unknown): SettingsValues {
  const s = (raw && typeof raw === 'object' ? raw : {}) as Partial<Record<keyof SettingsValues, unknown>>;
  const d = DEFAULT_SETTINGS;
  const theme = pick(THEME_MODES, s.theme, d.theme);
  return {
    isFluid: bool(s.isFluid, d.isFluid),
    isRTL: bool(s.isRTL, d.isRTL),
    theme,
    isDark: theme === 'auto' ? bool(s.isDark, d.isDark) : theme === 'dark',
    navbarPosition: pick(NAVBAR_POSITIONS, s.navbarPosition, d.navbarPosition),
    isNavbarVerticalCollapsed: bool(s.isNavbarVerticalCollapsed, d.isNavbarVerticalCollapsed),
    navbarStyle: pick(NAVBAR_STYLES, s.navbarStyle, d.navbarStyle),
    language: pick(LOCALES, s.language, d.language),
  };
}

const persistedKeys = Object.keys(DEFAULT_SETTINGS) as (keyof SettingsValues)[];

/** UI settings (SPEC §3, §4, §9), saved in localStorage. Hydrated by `_app` after the first render. */
export const useSettingsStore = create<SettingsState>()(
  persist(
    (set, get) => ({
      ...DEFAULT_SETTINGS,
      showSettingPanel: false,
      showBurgerMenu: false,
      systemDark: false,

      setTheme(theme) {
        set({ theme, isDark: resolveDark(theme, get().systemDark) });
      },
      toggleTheme() {
        const dark = !get().isDark;
        set({ theme: dark ? 'dark' : 'light', isDark: dark });
      },
      setSystemDark(systemDark) {
        set({ systemDark, isDark: resolveDark(get().theme, systemDark) });
      },
      setFluid: (isFluid) => set({ isFluid }),
      setRTL: (isRTL) => set({ isRTL }),
      setNavbarPosition: (navbarPosition) => set({ navbarPosition }),
      setNavbarStyle: (navbarStyle) => set({ navbarStyle }),
      setNavbarCollapsed: (isNavbarVerticalCollapsed) => set({ isNavbarVerticalCollapsed }),
      toggleNavbarCollapsed: () => set({ isNavbarVerticalCollapsed: !get().isNavbarVerticalCollapsed }),
      setLanguage: (language) => set({ language }),
      setShowSettingPanel: (showSettingPanel) => set({ showSettingPanel }),
      setShowBurgerMenu: (showBurgerMenu) => set({ showBurgerMenu }),

      reset() {
        const systemDark = get().systemDark;
        set({ ...DEFAULT_SETTINGS, isDark: resolveDark(DEFAULT_SETTINGS.theme, systemDark) });
        useSettingsStore.persist.clearStorage();
      },
    }),
    {
      name: STORAGE_KEYS.settings,
      storage: createJSONStorage<SettingsValues>(() => safeLocalStorage),
      // SSR renders the defaults; `_app` rehydrates after mount so the first client render matches.
      skipHydration: true,
      partialize: (state): SettingsValues =>
        Object.fromEntries(persistedKeys.map((key) => [key, state[key]])) as unknown as SettingsValues,
      merge: (persisted, current) => {
        const values = sanitizeSettings(persisted);
        // Read here, not set before rehydrating: any set() before it would overwrite what is stored.
        const systemDark = systemPrefersDark();
        return { ...current, ...values, systemDark, isDark: resolveDark(values.theme, systemDark) };
      },
    },
  ),
);
