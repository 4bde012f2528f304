import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import PageTitle from '@/components/auth/PageTitle';
import RegisterForm from '@/components/auth/RegisterForm';
import SignedOutOnly from '@/components/auth/SignedOutOnly';
import AuthLayout from '@/layouts/AuthLayout';
import { PUBLIC_NAMESPACES } from '@/lib/i18n';
import { staticTranslations } from '@/lib/staticProps';
import type { NextPageWithLayout } from '@/lib/types/page';

const RegisterPage: NextPageWithLayout = () => {
  const { t } = useTranslation('auth');
  return (
    <>
      <PageTitle title={t('register.title')} />
      <div className="d-flex justify-content-between align-items-baseline flex-wrap gap-1 mb-3">
        <h1 className="h5 mb-0">{t('register.title')}</h1>
        <span className="small text-body-secondary">
          {t('register.haveAccount')} <Link href="/authentication/login">{t('register.logIn')}</Link>
        </span>
      </div>
      <SignedOutOnly>
        <RegisterForm />
      </SignedOutOnly>
    </>
  );
};

RegisterPage.getLayout = (page) => <AuthLayout>{page}</AuthLayout>;

export const getStaticProps = staticTranslations(PUBLIC_NAMESPACES);

export default RegisterPage;
