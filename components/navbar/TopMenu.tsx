import Link from 'next/link';
import { useRouter } from 'next/router';
import { Nav, NavDropdown } from 'react-bootstrap';
import { useTranslation } from 'next-i18next/pages';
import { useHoverDropdown } from '@/components/common/useHoverDropdown';
import { pathOf, type MenuEntry } from '@/lib/permissions';

function MenuGroup({ entry, pathname }: { entry: MenuEntry; pathname: string }) {
  const { t } = useTranslation('nav');
  const hover = useHoverDropdown();
  const active = entry.children!.some((c) => pathOf(c.href) === pathname);
  return (
    <NavDropdown
      id={`top-menu-${entry.key}`}
      title={t(`menu.${entry.key}`)}
      active={active}
      show={hover.show}
      onToggle={hover.onToggle}
      onMouseEnter={hover.onMouseEnter}
      onMouseLeave={hover.onMouseLeave}
      onBlur={hover.onBlur}
    >
      {entry.children!.map((child) => (
        <NavDropdown.Item
          key={child.key}
          as={Link}
          href={child.href}
          active={pathOf(child.href) === pathname}
          aria-current={pathOf(child.href) === pathname ? 'page' : undefined}
        >
          {t(`menu.${child.key}`)}
        </NavDropdown.Item>
      ))}
    </NavDropdown>
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
