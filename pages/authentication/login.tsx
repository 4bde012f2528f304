import { useTranslation } from 'next-i18next/pages';
import LoginForm from '@/components/auth/LoginForm';
import PageTitle from '@/components/auth/PageTitle';
import PublicStockOffer from '@/components/auth/PublicStockOffer';
import SignedOutOnly from '@/components/auth/SignedOutOnly';
import AuthLayout from '@/layouts/AuthLayout';
import { PUBLIC_NAMESPACES } from '@/lib/i18n';
import { staticTranslations } from '@/lib/staticProps';
import type { NextPageWithLayout } from '@/lib/types/page';

const LoginPage: NextPageWithLayout = () => {
  const { t } = useTranslation('auth');
  return (
    <>
      <PageTitle title={t('login.title')} />
      <SignedOutOnly>
        <LoginForm />
        <PublicStockOffer />
      </SignedOutOnly>
    </>
  );
};

LoginPage.getLayout = (page) => <AuthLayout>{page}</AuthLayout>;

export const getStaticProps = staticTranslations(PUBLIC_NAMESPACES);

export default LoginPage;
