import { Offcanvas } from 'react-bootstrap';
import { useTranslation } from 'next-i18next/pages';
import Brand from '@/components/common/Brand';
import type { MenuEntry } from '@/lib/permissions';
import { useSettingsStore } from '@/stores/useSettingsStore';
import SidebarMenu from './SidebarMenu';

/** The burger menu of small screens: the sidebar's menu in an offcanvas. */
export default function MobileMenu({ menu }: { menu: MenuEntry[] }) {
  const { t } = useTranslation('nav');
  const isRTL = useSettingsStore((s) => s.isRTL);
  const showBurgerMenu = useSettingsStore((s) => s.showBurgerMenu);
  const setShowBurgerMenu = useSettingsStore((s) => s.setShowBurgerMenu);

  return (
    <Offcanvas
      id="mobile-menu"
      show={showBurgerMenu}
      onHide={() => setShowBurgerMenu(false)}
      placement={isRTL ? 'end' : 'start'}
      className="tv-mobile-menu"
      aria-labelledby="mobile-menu-title"
    >
      <Offcanvas.Header closeButton closeLabel={t('burger.close')}>
        <Offcanvas.Title id="mobile-menu-title" as="div">
          <Brand />
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>
        <nav aria-label={t('sidebar.label')}>
          <SidebarMenu menu={menu} onNavigate={() => setShowBurgerMenu(false)} />
        </nav>
      </Offcanvas.Body>
    </Offcanvas>
  );
}
