import dynamic from 'next/dynamic';
import { Dropdown } from 'react-bootstrap';
import { useTranslation } from 'next-i18next/pages';
import Icon from '@/components/common/Icon';
import Loader from '@/components/common/Loader';
import { useHoverDropdown } from '@/components/common/useHoverDropdown';

// Loaded on first opening: most visitors of public pages never log in from here.
const LoginForm = dynamic(() => import('@/components/auth/LoginForm'), {
  ssr: false,
  loading: () => <Loader />,
});

/** The top bar's Login dropdown with the compact login form (SPEC §2). */
export default function LoginDropdown() {
  const { t } = useTranslation('nav');
  const hover = useHoverDropdown();
  return (
    <Dropdown
      show={hover.show}
      onToggle={hover.onToggle}
      onMouseEnter={hover.onMouseEnter}
      onMouseLeave={hover.onMouseLeave}
      align="end"
      autoClose="outside"
      className="tv-login-dropdown"
    >
      <Dropdown.Toggle
        variant="link"
        id="login-dropdown"
        className="nav-link d-inline-flex align-items-center gap-1"
      >
        <Icon name="login" />
        {t('public.login')}
      </Dropdown.Toggle>
      <Dropdown.Menu className="tv-login-menu p-3 shadow">
        {hover.show && <LoginForm compact onSuccess={() => hover.setShow(false)} />}
      </Dropdown.Menu>
    </Dropdown>
  );
}
