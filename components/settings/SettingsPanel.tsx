import { useRouter } from 'next/router';
import { Button, Form, Offcanvas } from 'react-bootstrap';
import { useTranslation } from 'next-i18next/pages';
import Icon, { type IconName } from '@/components/common/Icon';
import { useLanguageSwitch } from '@/components/common/useLanguageSwitch';
import { LANGUAGES, type Locale } from '@/lib/constants';
import {
  NAVBAR_POSITIONS,
  NAVBAR_STYLES,
  THEME_MODES,
  useSettingsStore,
  type ThemeMode,
} from '@/stores/useSettingsStore';

const THEME_ICONS: Record<ThemeMode, IconName> = { light: 'sun', dark: 'moon', auto: 'auto' };

/** The settings offcanvas (SPEC §3): theme, direction, width, navigation, language, reset. */
export default function SettingsPanel() {
  const { t } = useTranslation('settings');
  const { locale } = useRouter();
  const switchLanguage = useLanguageSwitch();
  const s = useSettingsStore();

  return (
    <Offcanvas
      show={s.showSettingPanel}
      onHide={() => s.setShowSettingPanel(false)}
      placement={s.isRTL ? 'start' : 'end'}
      className="tv-settings-panel"
      aria-labelledby="settings-panel-title"
    >
      <Offcanvas.Header closeButton closeLabel={t('panel.close')} className="border-bottom">
        <div>
          <Offcanvas.Title id="settings-panel-title" as="h2" className="h5 mb-0">
            {t('panel.title')}
          </Offcanvas.Title>
          <small className="text-body-secondary">{t('panel.subtitle')}</small>
        </div>
      </Offcanvas.Header>
      <Offcanvas.Body>
        <fieldset className="mb-4">
          <legend className="tv-settings-legend">{t('theme.legend')}</legend>
          <div className="tv-theme-options">
            {THEME_MODES.map((mode) => (
              <label key={mode} className={`tv-theme-option${s.theme === mode ? ' active' : ''}`}>
                <input
                  type="radio"
                  name="theme"
                  value={mode}
                  className="tv-theme-input"
                  checked={s.theme === mode}
                  onChange={() => s.setTheme(mode)}
                />
                <Icon name={THEME_ICONS[mode]} size={22} />
                <span>{t(`theme.${mode}`)}</span>
              </label>
            ))}
          </div>
          <Form.Text>{t('theme.autoHelp')}</Form.Text>
        </fieldset>

        <fieldset className="mb-4">
          <legend className="tv-settings-legend">{t('layout.legend')}</legend>
          <Form.Check
            type="switch"
            role="switch"
            id="setting-rtl"
            label={t('layout.rtl')}
            checked={s.isRTL}
            onChange={(e) => s.setRTL(e.currentTarget.checked)}
          />
          <Form.Check
            type="switch"
            role="switch"
            id="setting-fluid"
            label={t('layout.fluid')}
            checked={s.isFluid}
            onChange={(e) => s.setFluid(e.currentTarget.checked)}
          />
        </fieldset>

        <fieldset className="mb-4">
          <legend className="tv-settings-legend">{t('navbar.positionLegend')}</legend>
          {NAVBAR_POSITIONS.map((position) => (
            <Form.Check
              key={position}
              type="radio"
              name="navbar-position"
              id={`setting-navbar-position-${position}`}
              label={t(`navbar.position.${position}`)}
              checked={s.navbarPosition === position}
              onChange={() => s.setNavbarPosition(position)}
            />
          ))}
          <Form.Check
            type="switch"
            role="switch"
            id="setting-navbar-collapsed"
            className="mt-2"
            label={t('navbar.collapsed')}
            checked={s.isNavbarVerticalCollapsed}
            disabled={s.navbarPosition !== 'vertical'}
            onChange={(e) => s.setNavbarCollapsed(e.currentTarget.checked)}
          />
        </fieldset>

        <fieldset className="mb-4">
          <legend className="tv-settings-legend">{t('navbar.styleLegend')}</legend>
          <div className="tv-style-options">
            {NAVBAR_STYLES.map((style) => (
              <Form.Check
                key={style}
                type="radio"
                name="navbar-style"
                id={`setting-navbar-style-${style}`}
                label={t(`navbar.style.${style}`)}
                checked={s.navbarStyle === style}
                onChange={() => s.setNavbarStyle(style)}
              />
            ))}
          </div>
          <Form.Text>{t('navbar.styleHelp')}</Form.Text>
        </fieldset>

        <fieldset className="mb-4">
          <legend className="tv-settings-legend">{t('language.legend')}</legend>
          {LANGUAGES.map((lang) => (
            <Form.Check
              key={lang.locale}
              type="radio"
              name="language"
              id={`setting-language-${lang.locale}`}
              lang={lang.locale}
              label={t(`common:languages.${lang.locale}`)}
              checked={locale === lang.locale}
              onChange={() => switchLanguage(lang.locale as Locale)}
            />
          ))}
        </fieldset>

        <div className="border-top pt-3">
          <Button variant="outline-danger" className="w-100" onClick={s.reset}>
            {t('reset.button')}
          </Button>
          <Form.Text>{t('reset.help')}</Form.Text>
        </div>
      </Offcanvas.Body>
    </Offcanvas>
  );
}
