import { useEffect } from 'react';
import type { AppProps } from 'next/app';
import { appWithTranslation } from 'next-i18next/pages';
import { useAuthStore } from '@/stores/useAuthStore';
import nextI18NextConfig from '../next-i18next.config.js';
import '@/styles/globals.scss';

function TrendvaktApp({ Component, pageProps }: AppProps) {
  const init = useAuthStore((s) => s.init);
  useEffect(() => init(), [init]);
  return <Component {...pageProps} />;
}

export default appWithTranslation(TrendvaktApp, nextI18NextConfig);
