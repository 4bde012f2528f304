import { useTranslation } from 'next-i18next/pages';
import ForgotPasswordForm from '@/components/auth/ForgotPasswordForm';
import PageTitle from '@/components/auth/PageTitle';
import AuthLayout from '@/layouts/AuthLayout';
import { PUBLIC_NAMESPACES } from '@/lib/i18n';
import { staticTranslations } from '@/lib/staticProps';
import type { NextPageWithLayout } from '@/lib/types/page';

const ForgotPasswordPage: NextPageWithLayout = () => {
  const { t } = useTranslation('auth');
  return (
    <>
      <PageTitle title={t('forgot.title')} />
      <h1 className="h5 mb-3">{t('forgot.title')}</h1>
      <ForgotPasswordForm />
    </>
  );
};

ForgotPasswordPage.getLayout = (page) => <AuthLayout>{page}</AuthLayout>;

export const getStaticProps = staticTranslations(PUBLIC_NAMESPACES);

export default ForgotPasswordPage;
