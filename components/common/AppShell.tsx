import type { ReactNode } from 'react';
import { ThemeProvider } from 'react-bootstrap';
import { ToastContainer } from 'react-toastify';
import AnalyticsController from '@/components/consent/AnalyticsController';
import ConsentBanner from '@/components/consent/ConsentBanner';
import AppearanceController from '@/components/settings/AppearanceController';
import SettingsPanel from '@/components/settings/SettingsPanel';
import { BREAKPOINTS, TOAST_AUTO_CLOSE_MS, TOAST_POSITION } from '@/lib/constants';
import { useSettingsStore } from '@/stores/useSettingsStore';

const BOOTSTRAP_BREAKPOINTS = Object.keys(BREAKPOINTS);

/** What every page has around its layout: appearance, analytics with consent, settings, toasts. */
export default function AppShell({ children }: { children: ReactNode }) {
  const isRTL = useSettingsStore((s) => s.isRTL);
  const isDark = useSettingsStore((s) => s.isDark);
  return (
    <ThemeProvider dir={isRTL ? 'rtl' : 'ltr'} breakpoints={BOOTSTRAP_BREAKPOINTS} minBreakpoint="xs">
      <AppearanceController />
      <AnalyticsController />
      {children}
      <SettingsPanel />
      <ConsentBanner />
      {/* SPEC §9: bottom-left, 3000 ms. The login toast asks for the 'colored' theme itself. */}
      <ToastContainer
        position={TOAST_POSITION}
        autoClose={TOAST_AUTO_CLOSE_MS}
        theme={isDark ? 'dark' : 'light'}
        rtl={isRTL}
        newestOnTop
      />
    </ThemeProvider>
  );
}
