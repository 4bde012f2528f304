import dynamic from 'next/dynamic';
import { useTranslation } from 'next-i18next/pages';
import Icon from '@/components/common/Icon';
import Loader from '@/components/common/Loader';
import MenuButton, { useMenuClose } from '@/components/common/MenuButton';

// Loaded on first opening: most visitors of public pages never log in from here.
const LoginForm = dynamic(() => import('@/components/auth/LoginForm'), {
  ssr: false,
  loading: () => <Loader />,
});

/** The compact form inside the open menu; a successful login closes the menu. */
function MenuLoginForm() {
  const close = useMenuClose();
  return <LoginForm compact onSuccess={close} />;
}

/** The top bar's Login dropdown with the compact login form (SPEC §2). */
export default function LoginDropdown() {
  const { t } = useTranslation('nav');
  return (
    <MenuButton
      id="login-dropdown"
      className="tv-login-dropdown"
      toggleClassName="btn btn-link nav-link d-inline-flex align-items-center gap-1"
      menuClassName="tv-login-menu p-3 shadow"
      alignEnd
      openOnHover
      toggle={
        <>
          <Icon name="login" />
          {t('public.login')}
        </>
      }
    >
      <MenuLoginForm />
    </MenuButton>
  );
}
