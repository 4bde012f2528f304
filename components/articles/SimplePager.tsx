import { useTranslation } from 'next-i18next/pages';

interface SimplePagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPage(page: number): void;
}

/** Previous / next and "page 2 of 5" (article lists are short). */
export default function SimplePager({ page, pageSize, total, onPage }: SimplePagerProps) {
  const { t } = useTranslation('articles');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="d-flex align-items-center gap-3 mt-4" aria-label={t('pager.label')}>
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        ‹ {t('pager.previous')}
      </button>
      <span className="small" aria-live="polite">
        {t('pager.position', { page, pages })}
      </span>
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('pager.next')} ›
      </button>
    </nav>
  );
}
