import { STORAGE_KEYS } from '@/lib/storage';
import { installMatchMedia } from '../components/common/shellHelpers';
import { DEFAULT_SETTINGS, sanitizeSettings, useSettingsStore } from '@/stores/useSettingsStore';

const stored = () => JSON.parse(window.localStorage.getItem(STORAGE_KEYS.settings) ?? 'null');

beforeEach(() => {
  window.localStorage.clear();
  useSettingsStore.setState({
    ...DEFAULT_SETTINGS,
    systemDark: false,
    showSettingPanel: false,
    showBurgerMenu: false,
  });
  window.localStorage.clear();
});

describe('useSettingsStore', () => {
  it('starts with SPEC §9’s defaults', () => {
    expect(DEFAULT_SETTINGS).toEqual({
      isFluid: false,
      isRTL: false,
      isDark: false,
      theme: 'light',
      navbarPosition: 'vertical',
      isNavbarVerticalCollapsed: false,
      navbarStyle: 'transparent',
      language: 'nb',
    });
    const s = useSettingsStore.getState();
    expect(s.showBurgerMenu).toBe(false);
    expect(s.showSettingPanel).toBe(false);
  });

  it('saves the settings to localStorage, but not the panels’ UI state', () => {
    const s = useSettingsStore.getState();
    s.setTheme('dark');
    s.setRTL(true);
    s.setNavbarCollapsed(true);
    s.setShowSettingPanel(true);
    expect(stored().state).toEqual({
      ...DEFAULT_SETTINGS,
      theme: 'dark',
      isDark: true,
      isRTL: true,
      isNavbarVerticalCollapsed: true,
    });
    expect(stored().state).not.toHaveProperty('showSettingPanel');
  });

  it('restores saved settings on rehydration', async () => {
    window.localStorage.setItem(
      STORAGE_KEYS.settings,
      JSON.stringify({
        state: { ...DEFAULT_SETTINGS, theme: 'dark', isFluid: true, navbarStyle: 'vibrant', language: 'en' },
        version: 0,
      }),
    );
    await useSettingsStore.persist.rehydrate();
    const s = useSettingsStore.getState();
    expect(s.theme).toBe('dark');
    expect(s.isDark).toBe(true);
    expect(s.isFluid).toBe(true);
    expect(s.navbarStyle).toBe('vibrant');
    expect(s.language).toBe('en');
  });

  it('ignores broken or foreign stored values field by field', async () => {
    window.localStorage.setItem(
      STORAGE_KEYS.settings,
      JSON.stringify({
        state: { theme: 'neon', isRTL: 'yes', navbarPosition: 'top', language: 'de' },
        version: 0,
      }),
    );
    await useSettingsStore.persist.rehydrate();
    const s = useSettingsStore.getState();
    expect(s.theme).toBe('light');
    expect(s.isRTL).toBe(false);
    expect(s.navbarPosition).toBe('top');
    expect(s.language).toBe('nb');
    expect(sanitizeSettings(null)).toEqual(DEFAULT_SETTINGS);
  });

  it('theme auto follows the system preference live', () => {
    const s = useSettingsStore.getState();
    s.setTheme('auto');
    expect(useSettingsStore.getState().isDark).toBe(false);
    s.setSystemDark(true);
    expect(useSettingsStore.getState().isDark).toBe(true);
    s.setSystemDark(false);
    expect(useSettingsStore.getState().isDark).toBe(false);
    // An explicit theme does not follow the system.
    s.setTheme('light');
    s.setSystemDark(true);
    expect(useSettingsStore.getState().isDark).toBe(false);
  });

  it('a saved auto theme resolves with the system preference at rehydration', async () => {
    window.localStorage.setItem(
      STORAGE_KEYS.settings,
      JSON.stringify({ state: { ...DEFAULT_SETTINGS, theme: 'auto' }, version: 0 }),
    );
    installMatchMedia({ dark: true });
    await useSettingsStore.persist.rehydrate();
    expect(useSettingsStore.getState()).toMatchObject({ theme: 'auto', isDark: true, systemDark: true });
    // Reading the preference did not overwrite what was stored.
    expect(stored().state.theme).toBe('auto');
  });

  it('the bars’ toggle flips what is showing', () => {
    const s = useSettingsStore.getState();
    s.toggleTheme();
    expect(useSettingsStore.getState()).toMatchObject({ theme: 'dark', isDark: true });
    s.setTheme('auto');
    s.setSystemDark(true);
    s.toggleTheme();
    expect(useSettingsStore.getState()).toMatchObject({ theme: 'light', isDark: false });
  });

  it('toggles the sidebar collapse', () => {
    useSettingsStore.getState().toggleNavbarCollapsed();
    expect(useSettingsStore.getState().isNavbarVerticalCollapsed).toBe(true);
    expect(stored().state.isNavbarVerticalCollapsed).toBe(true);
  });

  it('reset goes back to the defaults and forgets the stored settings', () => {
    const s = useSettingsStore.getState();
    s.setTheme('dark');
    s.setFluid(true);
    expect(stored()).not.toBeNull();
    s.reset();
    expect(useSettingsStore.getState()).toMatchObject(DEFAULT_SETTINGS);
    expect(stored()).toBeNull();
  });

  it('clears the storage instead of crashing when the quota is exceeded', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    window.localStorage.setItem('big-cache', 'x');
    const real = Storage.prototype.setItem;
    let failOnce = true;
    const spy = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(function (
      this: Storage,
      k: string,
      v: string,
    ) {
      if (failOnce) {
        failOnce = false;
        throw new DOMException('full', 'QuotaExceededError');
      }
      return real.call(this, k, v);
    });
    expect(() => useSettingsStore.getState().setTheme('dark')).not.toThrow();
    expect(useSettingsStore.getState().theme).toBe('dark');
    expect(window.localStorage.getItem('big-cache')).toBeNull();
    expect(stored().state.theme).toBe('dark');
    spy.mockRestore();
    warn.mockRestore();
  });
});
