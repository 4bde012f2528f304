import Head from 'next/head';
import { useTranslation } from 'next-i18next/pages';

/** The browser tab's title: "<page> · Trendvakt" (just "Trendvakt" without a page title). */
export default function DocumentTitle({ title, description }: { title?: string; description?: string }) {
  const { t } = useTranslation('common');
  const appName = t('appName');
  return (
    <Head>
      <title>{title ? `${title} · ${appName}` : `${appName} – ${t('tagline')}`}</title>
      {description && <meta name="description" content={description} />}
    </Head>
  );
}
