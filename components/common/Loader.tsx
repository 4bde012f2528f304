import { Spinner } from 'react-bootstrap';
import { useTranslation } from 'next-i18next/pages';

interface LoaderProps {
  /** Fill the viewport (a page waiting for the sign-in state) instead of a block. */
  fullPage?: boolean;
}

/** A spinner that screen readers announce as "Loading …". */
export default function Loader({ fullPage = false }: LoaderProps) {
  const { t } = useTranslation('common');
  return (
    <div
      className={`d-flex justify-content-center align-items-center ${fullPage ? 'tv-loader-page' : 'py-5'}`}
      role="status"
      aria-live="polite"
    >
      <Spinner animation="border" variant="primary" aria-hidden="true" />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}
