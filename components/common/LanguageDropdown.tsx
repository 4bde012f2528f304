import { NavDropdown } from 'react-bootstrap';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { LANGUAGES, type Locale } from '@/lib/constants';
import Icon from './Icon';
import { useHoverDropdown } from './useHoverDropdown';
import { useLanguageSwitch } from './useLanguageSwitch';

/** The top bar's language menu (SPEC §2): Norsk / English, keeping the current page. */
export default function LanguageDropdown({ id = 'language-menu' }: { id?: string }) {
  const { t } = useTranslation('common');
  const { locale } = useRouter();
  const switchTo = useLanguageSwitch();
  const hover = useHoverDropdown();
  const current = LANGUAGES.find((l) => l.locale === locale) ?? LANGUAGES[0];
  return (
    <NavDropdown
      id={id}
      show={hover.show}
      onToggle={hover.onToggle}
      onMouseEnter={hover.onMouseEnter}
      onMouseLeave={hover.onMouseLeave}
      onBlur={hover.onBlur}
      align="end"
      title={
        <span className="d-inline-flex align-items-center gap-1">
          <Icon name="globe" />
          <span className="d-lg-none d-xl-inline">{t(`languages.${current.locale}`)}</span>
          <span className="visually-hidden">{t('language.choose')}</span>
        </span>
      }
    >
      {LANGUAGES.map((lang) => (
        <NavDropdown.Item
          key={lang.locale}
          as="button"
          lang={lang.locale}
          active={lang.locale === current.locale}
          aria-current={lang.locale === current.locale ? 'true' : undefined}
          onClick={() => switchTo(lang.locale as Locale)}
        >
          {t(`languages.${lang.locale}`)}
        </NavDropdown.Item>
      ))}
    </NavDropdown>
  );
}
