/**
 * getStaticProps for pages that only need translations: the page is rendered once per locale at
 * build time (static, fast), with exactly the namespaces it shows. Server-only (reads the files):
 * import it from pages' getStaticProps only, which Next strips from the browser bundle.
 */
import type { GetStaticProps } from 'next';
import { serverSideTranslations } from 'next-i18next/pages/serverSideTranslations';
import { DEFAULT_LOCALE } from '@/lib/constants';

export function staticTranslations(namespaces: readonly string[]): GetStaticProps {
  const unique = [...new Set(namespaces)];
  return async ({ locale }) => ({
    props: { ...(await serverSideTranslations(locale ?? DEFAULT_LOCALE, unique)) },
  });
}
