import { useTranslation } from 'next-i18next/pages';
import { useRouter } from 'next/router';
import { formatNumber } from '@/lib/format';

export interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPage(page: number): void;
}

/** Pages shown around the current one: 1 … 4 5 [6] 7 8 … 20. */
export function pageWindow(page: number, pages: number, radius = 2): (number | 'gap')[] {
  const out: (number | 'gap')[] = [];
  const from = Math.max(2, page - radius);
  const to = Math.min(pages - 1, page + radius);
  out.push(1);
  if (from > 2) out.push('gap');
  for (let p = from; p <= to; p += 1) out.push(p);
  if (to < pages - 1) out.push('gap');
  if (pages > 1) out.push(pages);
  return out;
}

/** "Showing 51–100 of 214" and page buttons. */
export default function Pager({ page, pageSize, total, onPage }: PagerProps) {
  const { t } = useTranslation('market');
  const { locale } = useRouter();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  const n = (v: number) => formatNumber(v, locale, 0);

  return (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mt-3">
      <p className="small text-body-secondary mb-0" aria-live="polite">
        {t('pager.showing', { from: n(from), to: n(to), total: n(total) })}
      </p>
      {pages > 1 && (
        <nav aria-label={t('pager.label')}>
          <ul className="pagination pagination-sm mb-0">
            <li className={`page-item${page <= 1 ? ' disabled' : ''}`}>
              <button
                type="button"
                className="page-link"
                onClick={() => onPage(page - 1)}
                disabled={page <= 1}
              >
                <span aria-hidden="true">‹ </span>
                {t('pager.previous')}
              </button>
            </li>
            {pageWindow(page, pages).map((p, i) =>
              p === 'gap' ? (
                <li key={`gap-${i}`} className="page-item disabled" aria-hidden="true">
                  <span className="page-link">…</span>
                </li>
              ) : (
                <li key={p} className={`page-item${p === page ? ' active' : ''}`}>
                  <button
                    type="button"
                    className="page-link"
                    onClick={() => p !== page && onPage(p)}
                    aria-current={p === page ? 'page' : undefined}
                    aria-label={t('pager.page', { page: p })}
                  >
                    {n(p)}
                  </button>
                </li>
              ),
            )}
            <li className={`page-item${page >= pages ? ' disabled' : ''}`}>
              <button
                type="button"
                className="page-link"
                onClick={() => onPage(page + 1)}
                disabled={page >= pages}
              >
                {t('pager.next')}
                <span aria-hidden="true"> ›</span>
              </button>
            </li>
          </ul>
        </nav>
      )}
    </div>
  );
}
