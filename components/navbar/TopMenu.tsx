import Link from 'next/link';
import { useRouter } from 'next/router';
import { Nav } from 'react-bootstrap';
import { useTranslation } from 'next-i18next/pages';
import MenuButton, { MenuLink } from '@/components/common/MenuButton';
import { pathOf, type MenuEntry } from '@/lib/permissions';

function MenuGroup({ entry, pathname }: { entry: MenuEntry; pathname: string }) {
  const { t } = useTranslation('nav');
  const active = entry.children!.some((c) => pathOf(c.href) === pathname);
  return (
    <MenuButton
      id={`top-menu-${entry.key}`}
      toggleClassName={`nav-link${active ? ' active' : ''}`}
      openOnHover
      toggle={t(`menu.${entry.key}`)}
    >
      {entry.children!.map((child) => (
        <MenuLink key={child.key} href={child.href} active={pathOf(child.href) === pathname}>
          {t(`menu.${child.key}`)}
        </MenuLink>
      ))}
    </MenuButton>
  );
}

/** The signed-in menu as a horizontal bar (settings: navbar position "top", lg and up). */
export default function TopMenu({ menu }: { menu: MenuEntry[] }) {
  const { t } = useTranslation('nav');
  const { pathname } = useRouter();
  return (
    <Nav as="ul" className="tv-top-menu d-none d-lg-flex" aria-label={t('sidebar.label')}>
      {menu.map((entry) =>
        entry.children ? (
          <li key={entry.key} className="nav-item">
            <MenuGroup entry={entry} pathname={pathname} />
          </li>
        ) : (
          <li key={entry.key} className="nav-item">
            <Nav.Link
              as={Link}
              href={entry.href!}
              active={pathOf(entry.href!) === pathname}
              aria-current={pathOf(entry.href!) === pathname ? 'page' : undefined}
            >
              {t(`menu.${entry.key}`)}
            </Nav.Link>
          </li>
        ),
      )}
    </Nav>
  );
}
