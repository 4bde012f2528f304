import { useState } from 'react';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import Icon from '@/components/common/Icon';
import MenuButton, { MenuDivider, MenuHeader, MenuItem, MenuLink } from '@/components/common/MenuButton';
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
    <MenuButton
      id="profile-menu"
      className="tv-profile"
      toggleClassName="btn btn-link tv-avatar-toggle p-0 border-0"
      menuClassName="tv-profile-menu shadow"
      alignEnd
      onOpenChange={(open) => !open && setLanguagesOpen(false)}
      toggle={
        // The visible initials are part of the accessible name ("KN Profile menu"), so that what a
        // speech-input user reads on the button also works as its name (WCAG 2.5.3).
        <>
          <span className="tv-avatar">{initialsOf(user?.first_name, user?.last_name, email)}</span>
          <span className="visually-hidden">{t('profile.menu')}</span>
        </>
      }
    >
      {(name || email) && (
        <MenuHeader className="text-body">
          {name && <div className="fw-semibold">{name}</div>}
          {email && <div className="small text-body-secondary text-truncate">{email}</div>}
        </MenuHeader>
      )}
      <MenuDivider />
      <MenuLink href="/user/profile" className="d-flex align-items-center gap-2">
        <Icon name="user" size={16} />
        {t('profile.myProfile')}
      </MenuLink>
      <MenuItem
        keepOpen
        className="d-flex align-items-center gap-2"
        aria-expanded={languagesOpen}
        aria-controls="profile-language-submenu"
        onClick={() => setLanguagesOpen((open) => !open)}
      >
        <Icon name="globe" size={16} />
        {t('profile.language')}
        <Icon name={languagesOpen ? 'chevronDown' : 'chevronRight'} size={14} className="ms-auto" />
      </MenuItem>
      {languagesOpen && (
        <div id="profile-language-submenu" role="group" aria-label={t('profile.language')}>
          {LANGUAGES.map((lang) => (
            <MenuItem
              key={lang.locale}
              lang={lang.locale}
              className="ps-5"
              active={lang.locale === locale}
              aria-current={lang.locale === locale ? 'true' : undefined}
              onClick={() => switchTo(lang.locale as Locale)}
            >
              {t(`common:languages.${lang.locale}`)}
            </MenuItem>
          ))}
        </div>
      )}
      <MenuDivider />
      <MenuLink href="/authentication/logout" className="d-flex align-items-center gap-2">
        <Icon name="logout" size={16} />
        {t('profile.logout')}
      </MenuLink>
    </MenuButton>
  );
}
