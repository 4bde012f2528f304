import { Head, Html, Main, NextScript, type DocumentProps } from 'next/document';
import { APPEARANCE_SCRIPT, READY_ATTRIBUTE } from '@/components/settings/appearance';
import { DEFAULT_LOCALE } from '@/lib/constants';
import { isLocale } from '@/lib/locale';

/**
 * `locale` comes from Next's i18n routing (`__NEXT_DATA__.locale`): "nb" for unprefixed paths,
 * "en" under /en, so <html lang> always matches the page's language.
 */
export default function Document({ locale }: DocumentProps) {
  const lang = isLocale(locale) ? locale : DEFAULT_LOCALE;
  return (
    <Html lang={lang}>
      <Head>
        <meta name="theme-color" content="#0f766e" />
        <link rel="icon" href="/img/logo.svg" type="image/svg+xml" />
        {/* Before first paint: the saved theme, direction and sidebar state (SPEC §4: no flash). */}
        <script id="tv-appearance" dangerouslySetInnerHTML={{ __html: APPEARANCE_SCRIPT }} />
        <noscript>
          <style>{`html:not([${READY_ATTRIBUTE}]) body { visibility: visible !important; }`}</style>
        </noscript>
      </Head>
      <body>
        <Main />
        <NextScript />
      </body>
    </Html>
  );
}
