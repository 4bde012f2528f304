import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { useAuthStore } from '@/stores/useAuthStore';
import DocumentTitle from './DocumentTitle';

/** The body of the 404 and 500 pages: code, title, text, a way home. */
export default function ErrorMessage({ code }: { code: 404 | 500 }) {
  const { t } = useTranslation('errors');
  const signedIn = useAuthStore((s) => s.status === 'signedIn');
  const title = t(`${code}.title`);
  return (
    <section className="text-center py-5" aria-labelledby="error-title">
      <DocumentTitle title={title} />
      <p className="tv-error-code mb-2" aria-hidden="true">
        {code}
      </p>
      <h1 id="error-title" className="h3">
        {title}
      </h1>
      <p className="text-body-secondary mx-auto mb-4" style={{ maxWidth: '32rem' }}>
        {t(`${code}.text`)}
      </p>
      <Link href={signedIn ? '/home' : '/'} className="btn btn-primary">
        {t('backHome')}
      </Link>
    </section>
  );
}
