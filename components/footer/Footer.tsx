import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import Brand from '@/components/common/Brand';
import Icon from '@/components/common/Icon';
import ConsentSettingsLink from '@/components/consent/ConsentSettingsLink';
import { useCurrentYear } from './useCurrentYear';
import { CONTACT_EMAIL, FOOTER_COLUMNS, SOCIAL_LINKS } from './footerLinks';

function scrollToTop() {
  const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' });
  // Keyboard users continue from the top of the page too.
  document.getElementById('main')?.focus({ preventScroll: true });
}

/** The public footer (SPEC §2): mission, links, social media, contact, cookie settings, back to top. */
export default function Footer() {
  const { t } = useTranslation('nav');
  const year = useCurrentYear();
  return (
    <footer className="tv-footer">
      <div className="tv-container container py-5">
        <div className="row gy-4">
          <div className="col-lg-5">
            <Brand />
            <p className="mt-3 mb-3 text-body-secondary tv-mission">{t('footer.mission')}</p>
            <ul className="list-inline mb-0 d-flex gap-2" aria-label={t('footer.socialLabel')}>
              {SOCIAL_LINKS.map((link) => (
                <li key={link.key}>
                  <a
                    href={link.href}
                    className="tv-social-link"
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t(`footer.social.${link.key}`)}
                    title={t(`footer.social.${link.key}`)}
                  >
                    <Icon name={link.icon} size={18} />
                  </a>
                </li>
              ))}
            </ul>
          </div>
          {FOOTER_COLUMNS.map((column) => (
            <nav key={column.key} className="col-6 col-lg-2" aria-labelledby={`footer-${column.key}`}>
              <h2 id={`footer-${column.key}`} className="tv-footer-heading">
                {t(`footer.columns.${column.key}`)}
              </h2>
              <ul className="list-unstyled mb-0">
                {column.links.map((link) => (
                  <li key={link.key} className="mb-2">
                    <Link href={link.href} prefetch={false} className="tv-footer-link">
                      {t(`footer.links.${link.key}`)}
                    </Link>
                  </li>
                ))}
                {column.key === 'terms' && (
                  <li className="mb-2">
                    <ConsentSettingsLink />
                  </li>
                )}
              </ul>
            </nav>
          ))}
          <div className="col-lg-3">
            <h2 className="tv-footer-heading">{t('footer.columns.contact')}</h2>
            <p className="mb-2 text-body-secondary">{t('footer.contactText')}</p>
            <a
              href={`mailto:${CONTACT_EMAIL}`}
              className="tv-footer-link d-inline-flex align-items-center gap-2"
            >
              <Icon name="mail" size={16} />
              {CONTACT_EMAIL}
            </a>
          </div>
        </div>
      </div>
      <div className="tv-footer-bottom">
        <div className="tv-container container d-flex flex-wrap align-items-center justify-content-between gap-2 py-3">
          <small className="text-body-secondary">
            {t('footer.copyright', { year, appName: t('common:appName') })}
          </small>
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm d-inline-flex align-items-center gap-1"
            onClick={scrollToTop}
          >
            <Icon name="arrowUp" size={16} />
            {t('footer.backToTop')}
          </button>
        </div>
      </div>
    </footer>
  );
}
