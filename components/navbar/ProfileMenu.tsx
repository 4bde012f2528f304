import { useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { Dropdown } from 'react-bootstrap';
import { useTranslation } from 'next-i18next/pages';
import Icon from '@/components/common/Icon';
import { useLanguageSwitch } from '@/components/common/useLanguageSwitch';
import { LANGUAGES, type Locale } from '@/lib/constants';
import { useAuthStore } from '@/stores/useAuthStore';

function initialsOf(first?: string | null, last?: string | null, email?: string | null): string {
  const fromName = `${first?.trim()[0] ?? ''}${last?.trim()[0] ?? ''}`;
  if (fromName) return fromName.toUpperCase();
  return (email?.trim()[0] ?? '?').toUpperCase();
}

/** SPEC §2's profile menu: My Profile, a language submenu, Logout. */
export default function ProfileMenu() {
  const { t } = useTranslation('nav');
  const { locale } = useRouter();
  const switchTo = useLanguageSwitch();
  const user = useAuthStore((s) => s.user);
  const identity = useAuthStore((s) => s.identity);
  const [languagesOpen, setLanguagesOpen] = useState(false);
  const name = user ? `${user.first_name} ${user.last_name}`.trim() : '';
  const email = user?.email ?? identity?.email ?? '';

  return (
    <Dropdown align="end" className="tv-profile" onToggle={(show) => !show && setLanguagesOpen(false)}>
      <Dropdown.Toggle
        variant="link"
        id="profile-menu"
        className="tv-avatar-toggle p-0 border-0"
        aria-label={t('profile.menu')}
      >
        <span className="tv-avatar" aria-hidden="true">
          {initialsOf(user?.first_name, user?.last_name, email)}
        </span>
      </Dropdown.Toggle>
      <Dropdown.Menu className="tv-profile-menu shadow">
        {(name || email) && (
          <Dropdown.Header className="text-body">
            {name && <div className="fw-semibold">{name}</div>}
            {email && <div className="small text-body-secondary text-truncate">{email}</div>}
          </Dropdown.Header>
        )}
        <Dropdown.Divider />
        <Dropdown.Item as={Link} href="/user/profile" className="d-flex align-items-center gap-2">
          <Icon name="user" size={16} />
          {t('profile.myProfile')}
        </Dropdown.Item>
        <Dropdown.Item
          as="button"
          className="d-flex align-items-center gap-2"
          aria-expanded={languagesOpen}
          aria-controls="profile-language-submenu"
          onClick={(event) => {
            // Opening the submenu must not close the menu.
            event.preventDefault();
            event.stopPropagation();
            setLanguagesOpen((open) => !open);
          }}
        >
          <Icon name="globe" size={16} />
          {t('profile.language')}
          <Icon name={languagesOpen ? 'chevronDown' : 'chevronRight'} size={14} className="ms-auto" />
        </Dropdown.Item>
        {languagesOpen && (
          <div id="profile-language-submenu" role="group" aria-label={t('profile.language')}>
            {LANGUAGES.map((lang) => (
              <Dropdown.Item
                key={lang.locale}
                as="button"
                lang={lang.locale}
                className="ps-5"
                active={lang.locale === locale}
                aria-current={lang.locale === locale ? 'true' : undefined}
                onClick={() => switchTo(lang.locale as Locale)}
              >
                {t(`common:languages.${lang.locale}`)}
              </Dropdown.Item>
            ))}
          </div>
        )}
        <Dropdown.Divider />
        <Dropdown.Item as={Link} href="/authentication/logout" className="d-flex align-items-center gap-2">
          <Icon name="logout" size={16} />
          {t('profile.logout')}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
