import { useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import Brand from '@/components/common/Brand';
import LanguageDropdown from '@/components/common/LanguageDropdown';
import MenuButton, { MenuLink } from '@/components/common/MenuButton';
import SettingsToggle from '@/components/settings/SettingsToggle';
import ThemeToggle from '@/components/settings/ThemeToggle';
import { useAuthStore } from '@/stores/useAuthStore';
import LoginDropdown from './LoginDropdown';
import ProfileMenu from './ProfileMenu';
import RegisterModalButton from './RegisterModalButton';

/** SPEC §2's public top navigation. */
export const PUBLIC_LINKS = [
  { key: 'stocks', href: '/public/stocks' },
  { key: 'products', href: '/public/products' },
  { key: 'blog', href: '/blog' },
] as const;

export const PUBLIC_HELP_LINKS = [
  { key: 'aboutAnalysis', href: '/public/about-analysis' },
  { key: 'stockInGeneral', href: '/public/stock-in-general' },
  { key: 'technicalAnalysis', href: '/public/technical-analysis' },
  { key: 'tools', href: '/public/tools' },
  { key: 'aboutOurAnalysis', href: '/public/about-our-analysis' },
] as const;

function HelpMenu({ pathname }: { pathname: string }) {
  const { t } = useTranslation('nav');
  const active = PUBLIC_HELP_LINKS.some((l) => l.href === pathname);
  return (
    <MenuButton
      id="public-help-menu"
      className="nav-item"
      toggleClassName={`nav-link${active ? ' active' : ''}`}
      openOnHover
      toggle={t('public.help')}
    >
      {PUBLIC_HELP_LINKS.map((link) => (
        <MenuLink key={link.key} href={link.href} active={pathname === link.href}>
          {t(`menu.${link.key}`)}
        </MenuLink>
      ))}
    </MenuButton>
  );
}

function NavLink({ href, pathname, children }: { href: string; pathname: string; children: string }) {
  const active = pathname === href;
  return (
    <Link
      href={href}
      prefetch={false}
      className={`nav-link${active ? ' active' : ''}`}
      aria-current={active ? 'page' : undefined}
    >
      {children}
    </Link>
  );
}

/**
 * The public top bar: pages, Help, About us, language, theme, settings, login and register.
 * Bootstrap's navbar markup without react-bootstrap's Navbar (its Offcanvas and Collapse
 * transition would be part of every public page's first load); below lg the burger shows the
 * links (no animation). Its links prefetch on hover only (`prefetch={false}`; issue 26: in view,
 * each fetched and ran its page's code while this page was still loading).
 */
export default function PublicNavbar() {
  const { t } = useTranslation('nav');
  const { pathname } = useRouter();
  const status = useAuthStore((s) => s.status);
  const [expanded, setExpanded] = useState(false);

  return (
    <header role="navigation" className="tv-public-navbar navbar navbar-expand-lg sticky-top">
      <div className="tv-container container">
        <Brand />
        <button
          type="button"
          className={`navbar-toggler${expanded ? '' : ' collapsed'}`}
          aria-controls="public-navbar"
          aria-expanded={expanded}
          aria-label={t(expanded ? 'burger.close' : 'burger.open')}
          onClick={() => setExpanded(!expanded)}
        >
          <span className="navbar-toggler-icon" />
        </button>
        <div className={`navbar-collapse collapse${expanded ? ' show' : ''}`} id="public-navbar">
          <nav className="me-auto navbar-nav" aria-label={t('public.label')}>
            {PUBLIC_LINKS.map((link) => (
              <NavLink key={link.key} href={link.href} pathname={pathname}>
                {t(`public.${link.key}`)}
              </NavLink>
            ))}
            <HelpMenu pathname={pathname} />
            <NavLink href="/public/about-us" pathname={pathname}>
              {t('public.aboutUs')}
            </NavLink>
          </nav>
          <div className="navbar-nav align-items-lg-center gap-lg-1 tv-public-actions">
            <LanguageDropdown />
            <div className="d-flex align-items-center">
              <ThemeToggle />
              <SettingsToggle />
            </div>
            {status === 'signedIn' ? (
              <div className="d-flex align-items-center gap-2 ms-lg-2">
                <Link href="/home" prefetch={false} className="btn btn-primary btn-sm">
                  {t('public.toApp')}
                </Link>
                <ProfileMenu />
              </div>
            ) : (
              <>
                <LoginDropdown />
                <RegisterModalButton />
              </>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}
