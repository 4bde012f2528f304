import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import type { ApiError } from '@/services/apiError';
import RetryAlert from '@/components/common/RetryAlert';

export interface LoadErrorProps {
  error: ApiError | null;
  onRetry(): void;
  /** What could not be loaded, e.g. "the stocks" (a key in `market:errors.what`). */
  what?: string;
}

/**
 * DESIGN.md §9: a failed load shows an inline message with a retry. Without an active subscription
 * the API answers 403: then the message says so and links to the products page instead.
 */
export default function LoadError({ error, onRetry, what = 'data' }: LoadErrorProps) {
  const { t } = useTranslation('market');
  if (error?.status === 403) {
    return (
      <div className="alert alert-warning d-flex flex-wrap align-items-center gap-3" role="alert">
        <span className="me-auto">{t('errors.forbidden')}</span>
        <Link href="/products" className="btn btn-sm btn-warning">
          {t('errors.seeProducts')}
        </Link>
      </div>
    );
  }
  const message =
    error?.status === 404 ? t('errors.notFound') : t('errors.load', { what: t(`errors.what.${what}`) });
  return <RetryAlert message={message} retryLabel={t('errors.retry')} onRetry={onRetry} />;
}
