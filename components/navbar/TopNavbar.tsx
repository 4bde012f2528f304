import dynamic from 'next/dynamic';
import { useTranslation } from 'next-i18next/pages';
import Brand from '@/components/common/Brand';
import Icon from '@/components/common/Icon';
import { useOpenedOnce } from '@/components/common/useOpenedOnce';
import HeaderSearch from '@/components/search/HeaderSearch';
import SettingsToggle from '@/components/settings/SettingsToggle';
import ThemeToggle from '@/components/settings/ThemeToggle';
import type { MenuEntry } from '@/lib/permissions';
import { useSettingsStore } from '@/stores/useSettingsStore';
import MarketSwitcher from './MarketSwitcher';
import NotificationBell from './NotificationBell';
import ProfileMenu from './ProfileMenu';

// The burger menu (small screens only) loads when it is first opened.
const MobileMenu = dynamic(() => import('./MobileMenu'), { ssr: false });
// The horizontal menu is shown only with the navigation position "top" (the default is vertical).
const TopMenu = dynamic(() => import('./TopMenu'));

/** The signed-in area's top bar: burger (small screens), menu (position "top"), market, theme, settings, profile. */
export default function TopNavbar({ menu }: { menu: MenuEntry[] }) {
  const { t } = useTranslation('nav');
  const navbarPosition = useSettingsStore((s) => s.navbarPosition);
  const showBurgerMenu = useSettingsStore((s) => s.showBurgerMenu);
  const setShowBurgerMenu = useSettingsStore((s) => s.setShowBurgerMenu);
  const mobileMenuOpened = useOpenedOnce(showBurgerMenu);

  return (
    <header className="tv-topbar">
      <div className="tv-topbar-inner">
        <button
          type="button"
          className="btn btn-link tv-icon-button d-lg-none"
          onClick={() => setShowBurgerMenu(true)}
          aria-label={t('burger.open')}
          aria-expanded={showBurgerMenu}
          aria-controls="mobile-menu"
        >
          <Icon name="menu" />
        </button>
        <Brand
          className={`tv-topbar-brand${navbarPosition === 'top' ? '' : ' d-lg-none'}`}
          withName={false}
        />
        {navbarPosition === 'top' && <TopMenu menu={menu} />}
        <HeaderSearch />
        <div className="ms-auto d-flex align-items-center gap-1 gap-sm-2">
          <MarketSwitcher />
          <NotificationBell />
          <ThemeToggle />
          <SettingsToggle />
          <ProfileMenu />
        </div>
      </div>
      {mobileMenuOpened && <MobileMenu menu={menu} />}
    </header>
  );
}
