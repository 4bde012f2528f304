import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { LANGUAGES, type Locale } from '@/lib/constants';
import Icon from './Icon';
import MenuButton, { MenuItem } from './MenuButton';
import { useLanguageSwitch } from './useLanguageSwitch';

/** The top bar's language menu (SPEC §2): Norsk / English, keeping the current page. */
export default function LanguageDropdown({ id = 'language-menu' }: { id?: string }) {
  const { t } = useTranslation('common');
  const { locale } = useRouter();
  const switchTo = useLanguageSwitch();
  const current = LANGUAGES.find((l) => l.locale === locale) ?? LANGUAGES[0];
  return (
    <MenuButton
      id={id}
      className="nav-item"
      toggleClassName="nav-link"
      alignEnd
      openOnHover
      toggle={
        <span className="d-inline-flex align-items-center gap-1">
          <Icon name="globe" />
          <span className="d-lg-none d-xl-inline">{t(`languages.${current.locale}`)}</span>
          <span className="visually-hidden">{t('language.choose')}</span>
        </span>
      }
    >
      {LANGUAGES.map((lang) => (
        <MenuItem
          key={lang.locale}
          lang={lang.locale}
          active={lang.locale === current.locale}
          aria-current={lang.locale === current.locale ? 'true' : undefined}
          onClick={() => switchTo(lang.locale as Locale)}
        >
          {t(`languages.${lang.locale}`)}
        </MenuItem>
      ))}
    </MenuButton>
  );
}
