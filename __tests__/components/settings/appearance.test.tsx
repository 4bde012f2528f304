import { act, render } from '@testing-library/react';
import AppearanceController from '@/components/settings/AppearanceController';
import { APPEARANCE_SCRIPT, applyAppearance } from '@/components/settings/appearance';
import { STORAGE_KEYS } from '@/lib/storage';
import { useMarketStore } from '@/stores/useMarketStore';
import { DEFAULT_SETTINGS, useSettingsStore } from '@/stores/useSettingsStore';
import { createMockRouter, installMatchMedia, type MockRouter } from '../common/shellHelpers';

let mockRouter: MockRouter;
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));

const html = document.documentElement;

function resetHtml() {
  for (const name of Array.from(html.attributes).map((a) => a.name))
    if (name !== 'lang') html.removeAttribute(name);
}

function save(state: Record<string, unknown>) {
  window.localStorage.setItem(
    STORAGE_KEYS.settings,
    JSON.stringify({ state: { ...DEFAULT_SETTINGS, ...state }, version: 0 }),
  );
}

function runScript() {
  // The same string _document inlines into <head>.
  new Function(APPEARANCE_SCRIPT)();
}

beforeEach(() => {
  resetHtml();
  window.localStorage.clear();
  installMatchMedia({ dark: false });
  mockRouter = createMockRouter();
  useSettingsStore.setState({ ...DEFAULT_SETTINGS, systemDark: false });
  window.localStorage.clear();
});

describe('the inline appearance script (before first paint)', () => {
  it('applies the light default and reveals the page', () => {
    runScript();
    expect(html).toHaveAttribute('data-bs-theme', 'light');
    expect(html).toHaveAttribute('data-tv-ready');
    expect(html).not.toHaveAttribute('dir');
  });

  it('applies a saved dark theme, RTL, collapsed sidebar, fluid width, top menu and menu style', () => {
    save({
      theme: 'dark',
      isRTL: true,
      isNavbarVerticalCollapsed: true,
      isFluid: true,
      navbarPosition: 'top',
      navbarStyle: 'vibrant',
    });
    runScript();
    expect(html).toHaveAttribute('data-bs-theme', 'dark');
    expect(html.style.colorScheme).toBe('dark');
    expect(html).toHaveAttribute('dir', 'rtl');
    expect(html).toHaveAttribute('data-tv-sidebar-collapsed');
    expect(html).toHaveAttribute('data-tv-fluid');
    expect(html).toHaveAttribute('data-tv-navbar-position', 'top');
    expect(html).toHaveAttribute('data-tv-navbar-style', 'vibrant');
  });

  it('resolves auto with the system preference', () => {
    save({ theme: 'auto' });
    installMatchMedia({ dark: true });
    runScript();
    expect(html).toHaveAttribute('data-bs-theme', 'dark');
  });

  it('survives broken storage and still reveals the page', () => {
    window.localStorage.setItem(STORAGE_KEYS.settings, '{not json');
    runScript();
    expect(html).toHaveAttribute('data-bs-theme', 'light');
    expect(html).toHaveAttribute('data-tv-ready');
  });

  it('agrees with applyAppearance', () => {
    save({ theme: 'dark', isNavbarVerticalCollapsed: true, navbarStyle: 'card' });
    runScript();
    const fromScript = Array.from(html.attributes)
      .map((a) => `${a.name}=${a.value}`)
      .sort();
    resetHtml();
    applyAppearance(html, {
      ...DEFAULT_SETTINGS,
      isDark: true,
      isNavbarVerticalCollapsed: true,
      navbarStyle: 'card',
    });
    html.removeAttribute('dir');
    const fromController = Array.from(html.attributes)
      .map((a) => `${a.name}=${a.value}`)
      .sort();
    expect(fromController).toEqual(fromScript);
  });
});

describe('AppearanceController', () => {
  it('does not overwrite the script’s theme with the defaults before the saved settings are read', async () => {
    save({ theme: 'dark' });
    runScript();
    await act(async () => {
      render(<AppearanceController />);
    });
    expect(html).toHaveAttribute('data-bs-theme', 'dark');
    expect(useSettingsStore.getState().theme).toBe('dark');
    // and the stored entry is intact
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.settings)!).state.theme).toBe('dark');
  });

  it('restores the saved market', async () => {
    window.localStorage.setItem(
      STORAGE_KEYS.market,
      JSON.stringify({ state: { marketId: 226 }, version: 0 }),
    );
    await act(async () => {
      render(<AppearanceController />);
    });
    expect(useMarketStore.getState().marketId).toBe(226);
  });

  it('mirrors changes onto <html>, and auto follows the system live', async () => {
    const media = installMatchMedia({ dark: false });
    await act(async () => {
      render(<AppearanceController />);
    });
    act(() => useSettingsStore.getState().setTheme('auto'));
    expect(html).toHaveAttribute('data-bs-theme', 'light');
    act(() => media.setDark(true));
    expect(html).toHaveAttribute('data-bs-theme', 'dark');
    act(() => media.setDark(false));
    expect(html).toHaveAttribute('data-bs-theme', 'light');
    act(() => useSettingsStore.getState().setRTL(true));
    expect(html).toHaveAttribute('dir', 'rtl');
    act(() => useSettingsStore.getState().setNavbarCollapsed(true));
    expect(html).toHaveAttribute('data-tv-sidebar-collapsed');
  });

  it('keeps <html lang> and the language setting in step with the URL', async () => {
    mockRouter.locale = 'en';
    await act(async () => {
      render(<AppearanceController />);
    });
    expect(html.lang).toBe('en');
    expect(useSettingsStore.getState().language).toBe('en');
  });
});
