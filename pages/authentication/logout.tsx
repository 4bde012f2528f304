import { useTranslation } from 'next-i18next/pages';
import LogoutScreen from '@/components/auth/LogoutScreen';
import PageTitle from '@/components/auth/PageTitle';
import AuthLayout from '@/layouts/AuthLayout';
import { PUBLIC_NAMESPACES } from '@/lib/i18n';
import { staticTranslations } from '@/lib/staticProps';
import type { NextPageWithLayout } from '@/lib/types/page';

const LogoutPage: NextPageWithLayout = () => {
  const { t } = useTranslation('auth');
  return (
    <>
      <PageTitle title={t('logout.title')} />
      <h1 className="visually-hidden">{t('logout.title')}</h1>
      <LogoutScreen />
    </>
  );
};

LogoutPage.getLayout = (page) => <AuthLayout>{page}</AuthLayout>;

export const getStaticProps = staticTranslations(PUBLIC_NAMESPACES);

export default LogoutPage;
