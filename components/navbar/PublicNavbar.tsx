import Link from 'next/link';
import { useRouter } from 'next/router';
import { Container, Nav, Navbar } from 'react-bootstrap';
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

/** The public top bar: pages, Help, About us, language, theme, settings, login and register. */
export default function PublicNavbar() {
  const { t } = useTranslation('nav');
  const { pathname } = useRouter();
  const status = useAuthStore((s) => s.status);

  return (
    <Navbar expand="lg" sticky="top" className="tv-public-navbar" as="header">
      <Container className="tv-container">
        <Brand />
        <Navbar.Toggle aria-controls="public-navbar" aria-label={t('burger.open')} />
        <Navbar.Collapse id="public-navbar">
          <Nav as="nav" className="me-auto" aria-label={t('public.label')}>
            {PUBLIC_LINKS.map((link) => (
              <Nav.Link
                key={link.key}
                as={Link}
                href={link.href}
                active={pathname === link.href}
                aria-current={pathname === link.href ? 'page' : undefined}
              >
                {t(`public.${link.key}`)}
              </Nav.Link>
            ))}
            <HelpMenu pathname={pathname} />
            <Nav.Link
              as={Link}
              href="/public/about-us"
              active={pathname === '/public/about-us'}
              aria-current={pathname === '/public/about-us' ? 'page' : undefined}
            >
              {t('public.aboutUs')}
            </Nav.Link>
          </Nav>
          <Nav className="align-items-lg-center gap-lg-1 tv-public-actions">
            <LanguageDropdown />
            <div className="d-flex align-items-center">
              <ThemeToggle />
              <SettingsToggle />
            </div>
            {status === 'signedIn' ? (
              <div className="d-flex align-items-center gap-2 ms-lg-2">
                <Link href="/home" className="btn btn-primary btn-sm">
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
          </Nav>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
