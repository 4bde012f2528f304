import { useTranslation } from 'next-i18next/pages';
import PageTitle from '@/components/auth/PageTitle';
import AccountDataSection from '@/components/auth/profile/AccountDataSection';
import EmailVerificationSection from '@/components/auth/profile/EmailVerificationSection';
import PasswordChangeForm from '@/components/auth/profile/PasswordChangeForm';
import ProfileForm from '@/components/auth/profile/ProfileForm';
import TotpSection from '@/components/auth/profile/TotpSection';
import NotificationSettingsSection from '@/components/notifications/NotificationSettingsSection';
import SidebarLayout from '@/layouts/SidebarLayout';
import { SIGNED_IN_NAMESPACES } from '@/lib/i18n';
import { staticTranslations } from '@/lib/staticProps';
import type { NextPageWithLayout } from '@/lib/types/page';

const ProfilePage: NextPageWithLayout = () => {
  const { t } = useTranslation('profile');
  return (
    <>
      <PageTitle title={t('title')} />
      <h1 className="h3 mb-4">{t('title')}</h1>
      <div className="row">
        <div className="col-xl-7">
          <ProfileForm />
          <PasswordChangeForm />
        </div>
        <div className="col-xl-5">
          <EmailVerificationSection />
          <TotpSection />
          <NotificationSettingsSection />
          <AccountDataSection />
        </div>
      </div>
    </>
  );
};

ProfilePage.getLayout = (page) => <SidebarLayout access="signedIn">{page}</SidebarLayout>;

export const getStaticProps = staticTranslations([...SIGNED_IN_NAMESPACES, 'auth', 'profile']);

export default ProfilePage;
