import { useEffect } from 'react';
import type { AppProps } from 'next/app';
import { appWithTranslation } from 'next-i18next/pages';
import AppShell from '@/components/common/AppShell';
import type { NextPageWithLayout } from '@/lib/types/page';
import { useAuthStore } from '@/stores/useAuthStore';
import nextI18NextConfig from '../next-i18next.config.js';
import '@/styles/globals.scss';

type AppPropsWithLayout = AppProps & { Component: NextPageWithLayout };

/** The app entry (SPEC §2 "/_app"): starts auth, applies the page's declared layout inside the shell. */
function TrendvaktApp({ Component, pageProps }: AppPropsWithLayout) {
  const init = useAuthStore((s) => s.init);
  useEffect(() => init(), [init]);
  const getLayout = Component.getLayout ?? ((page) => page);
  return <AppShell>{getLayout(<Component {...pageProps} />)}</AppShell>;
}

export default appWithTranslation(TrendvaktApp, nextI18NextConfig);
