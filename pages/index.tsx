import type { GetStaticProps } from 'next';
import Head from 'next/head';
import { useTranslation } from 'next-i18next/pages';
import { serverSideTranslations } from 'next-i18next/pages/serverSideTranslations';

export default function LandingPage() {
  const { t } = useTranslation('common');
  return (
    <>
      <Head>
        <title>{t('appName')}</title>
      </Head>
      <main className="container py-5">
        <h1>{t('appName')}</h1>
        <p className="lead">{t('tagline')}</p>
      </main>
    </>
  );
}

export const getStaticProps: GetStaticProps = async ({ locale }) => ({
  props: { ...(await serverSideTranslations(locale ?? 'nb', ['common'])) },
});
