import { Suspense, type ReactNode } from 'react';
import dynamic from 'next/dynamic';
import { ThemeProvider } from 'react-bootstrap';
import AnalyticsController from '@/components/consent/AnalyticsController';
import ConsentBanner from '@/components/consent/ConsentBanner';
import AppearanceController from '@/components/settings/AppearanceController';
import { useDialogFocusWrap } from '@/components/common/useDialogFocusWrap';
import { useOpenedOnce } from '@/components/common/useOpenedOnce';
import { BREAKPOINTS, TOAST_AUTO_CLOSE_MS, TOAST_POSITION } from '@/lib/constants';
import { useSettingsStore } from '@/stores/useSettingsStore';

const BOOTSTRAP_BREAKPOINTS = Object.keys(BREAKPOINTS);

// Neither is needed to render a page: both load after hydration, the panel only once it is opened.
const ToastContainer = dynamic(() => import('react-toastify').then((m) => m.ToastContainer), { ssr: false });
const SettingsPanel = dynamic(() => import('@/components/settings/SettingsPanel'), { ssr: false });

/** The settings panel, mounted the first time it is opened and kept (so it can animate closed). */
function LazySettingsPanel() {
  const opened = useOpenedOnce(useSettingsStore((s) => s.showSettingPanel));
  return opened ? <SettingsPanel /> : null;
}

/** What every page has around its layout: appearance, analytics with consent, settings, toasts. */
export default function AppShell({ children }: { children: ReactNode }) {
  const isRTL = useSettingsStore((s) => s.isRTL);
  const isDark = useSettingsStore((s) => s.isDark);
  useDialogFocusWrap();
  return (
    <ThemeProvider dir={isRTL ? 'rtl' : 'ltr'} breakpoints={BOOTSTRAP_BREAKPOINTS} minBreakpoint="xs">
      <AppearanceController />
      <AnalyticsController />
      {/* A boundary around the page: React hydrates a server-rendered page (the blog, an article,
          public pages) after the shell, in the background, yielding to the browser every few
          milliseconds instead of in one long task (Lighthouse's TBT); what is shown does not change. */}
      <Suspense fallback={null}>{children}</Suspense>
      <LazySettingsPanel />
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
