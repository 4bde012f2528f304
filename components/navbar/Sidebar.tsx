import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Brand from '@/components/common/Brand';
import Icon from '@/components/common/Icon';
import { SIDEBAR_HOVER_EXPAND_DELAY_MS } from '@/lib/constants';
import type { MenuEntry } from '@/lib/permissions';
import { useSettingsStore } from '@/stores/useSettingsStore';
import SidebarMenu from './SidebarMenu';

/**
 * The vertical navbar of the signed-in area (lg and up; the burger's offcanvas below that).
 * Collapsible to icons (remembered in the settings); when collapsed, hovering expands it over the
 * page after 100 ms (SPEC §9). Collapse, position and style are also html attributes, set before
 * first paint by the theme script, so a collapsed sidebar never flashes open on load.
 */
export default function Sidebar({ menu }: { menu: MenuEntry[] }) {
  const { t } = useTranslation('nav');
  const collapsed = useSettingsStore((s) => s.isNavbarVerticalCollapsed);
  const toggle = useSettingsStore((s) => s.toggleNavbarCollapsed);
  const [hoverExpanded, setHoverExpanded] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = undefined;
  };
  useEffect(() => cancel, []);
  const overlay = collapsed && hoverExpanded;

  return (
    <nav
      className={`tv-sidebar d-none d-lg-block${overlay ? ' is-hover-expanded' : ''}`}
      aria-label={t('sidebar.label')}
      data-testid="sidebar"
    >
      <div
        className="tv-sidebar-panel"
        onMouseEnter={() => {
          if (!collapsed) return;
          cancel();
          timer.current = setTimeout(() => setHoverExpanded(true), SIDEBAR_HOVER_EXPAND_DELAY_MS);
        }}
        onMouseLeave={() => {
          cancel();
          setHoverExpanded(false);
        }}
      >
        <div className="tv-sidebar-head">
          <button
            type="button"
            className="btn btn-link tv-icon-button tv-sidebar-toggle"
            onClick={() => {
              cancel();
              setHoverExpanded(false);
              toggle();
            }}
            aria-pressed={collapsed}
            aria-label={collapsed ? t('sidebar.expand') : t('sidebar.collapse')}
            title={collapsed ? t('sidebar.expand') : t('sidebar.collapse')}
          >
            <Icon name="collapse" />
          </button>
          <Brand className="tv-sidebar-brand" />
        </div>
        <div className="tv-sidebar-body">
          <SidebarMenu menu={menu} />
        </div>
      </div>
    </nav>
  );
}
