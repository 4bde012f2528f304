import { useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import Icon from '@/components/common/Icon';
import { pathOf, type MenuEntry } from '@/lib/permissions';

interface SidebarMenuProps {
  menu: MenuEntry[];
  /** Called after a link is followed (the mobile offcanvas closes itself). */
  onNavigate?: () => void;
}

function isActive(currentPath: string, href: string): boolean {
  return currentPath === pathOf(href);
}

/**
 * The signed-in menu (SPEC §2), already filtered for the user's role (SPEC §6). Its links prefetch
 * on hover only (`prefetch={false}`; the pages router still prefetches on mouse enter and touch):
 * prefetching every visible entry fetched and ran a dozen pages' code and data while the page
 * itself was loading (issue 26: Lighthouse's blocking time on every signed-in page).
 */
export default function SidebarMenu({ menu, onNavigate }: SidebarMenuProps) {
  const { t } = useTranslation('nav');
  const { pathname } = useRouter();
  const activeGroup = menu.find((e) => e.children?.some((c) => isActive(pathname, c.href)))?.key;
  // Groups the user opened or closed; the group of the current page is open unless closed.
  const [open, setOpen] = useState<Record<string, boolean>>({});

  return (
    <ul className="tv-menu list-unstyled mb-0">
      {menu.map((entry) => {
        const label = t(`menu.${entry.key}`);
        if (entry.href) {
          const active = isActive(pathname, entry.href);
          return (
            <li key={entry.key}>
              <Link
                href={entry.href}
                prefetch={false}
                className={`tv-menu-link${active ? ' active' : ''}`}
                aria-current={active ? 'page' : undefined}
                title={label}
                onClick={onNavigate}
              >
                <Icon name={entry.icon} />
                <span className="tv-menu-label">{label}</span>
              </Link>
            </li>
          );
        }
        const groupId = `menu-group-${entry.key}`;
        const expanded = open[entry.key] ?? entry.key === activeGroup;
        return (
          <li key={entry.key}>
            <button
              type="button"
              className={`tv-menu-link tv-menu-group${entry.key === activeGroup ? ' has-active' : ''}`}
              aria-expanded={expanded}
              aria-controls={groupId}
              title={label}
              onClick={() => setOpen((o) => ({ ...o, [entry.key]: !expanded }))}
            >
              <Icon name={entry.icon} />
              <span className="tv-menu-label">{label}</span>
              <Icon name="chevronDown" size={14} className={`tv-menu-caret${expanded ? ' open' : ''}`} />
            </button>
            <ul id={groupId} className="tv-submenu list-unstyled" hidden={!expanded}>
              {entry.children!.map((child) => {
                const active = isActive(pathname, child.href);
                return (
                  <li key={child.key}>
                    <Link
                      href={child.href}
                      prefetch={false}
                      className={`tv-menu-link tv-submenu-link${active ? ' active' : ''}`}
                      aria-current={active ? 'page' : undefined}
                      onClick={onNavigate}
                    >
                      <span className="tv-menu-label">{t(`menu.${child.key}`)}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}
