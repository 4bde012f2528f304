import { useTranslation } from 'next-i18next/pages';

/** The first tab stop of every layout: jump past the navigation to the page's content. */
export default function SkipLink() {
  const { t } = useTranslation('common');
  return (
    <a href="#main" className="visually-hidden-focusable tv-skip-link">
      {t('skipToContent')}
    </a>
  );
}
