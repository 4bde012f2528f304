import { useEffect, useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'next-i18next/pages';
import Loader from '@/components/common/Loader';
import { notify } from '@/components/common/notify';
import { formatDateTime } from '@/lib/format';
import { ARTICLE_LANGUAGES, ARTICLE_STATUSES } from '@/lib/articles/constants';
import type { AdminArticleRowDto, ArticleLanguage, ArticleStatus } from '@/lib/types/article';
import { useArticleAdminStore } from '@/stores/useArticleAdminStore';
import SimplePager from '../SimplePager';
import RetryAlert from '@/components/common/RetryAlert';

const STATUS_BADGE: Record<ArticleStatus, string> = {
  draft: 'text-bg-secondary',
  scheduled: 'text-bg-warning',
  published: 'text-bg-success',
};

/**
 * /admin/articleList?view=list: every article (drafts too) with title, language, status, publish
 * time, last change and author; filters by status and language; edit; delete after a confirmation.
 */
export default function AdminArticleTable() {
  const { t } = useTranslation('articles');
  const { locale } = useRouter();
  const { items, total, page, pageSize, filters, status } = useArticleAdminStore();
  const fetchList = useArticleAdminStore((s) => s.fetchList);
  const remove = useArticleAdminStore((s) => s.remove);
  const [confirm, setConfirm] = useState<AdminArticleRowDto | null>(null);
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    void fetchList({ page: 1, filters: {} });
  }, [fetchList]);

  const onDelete = async () => {
    if (!confirm) return;
    setDeleting(true);
    try {
      await remove(confirm.article_id);
      notify.success(t('admin.deleted', { title: confirm.title }));
      setConfirm(null);
    } catch {
      notify.error(t('admin.deleteFailed'));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <section aria-label={t('admin.tableLabel')}>
      <div className="d-flex flex-wrap align-items-end gap-3 mb-3">
        <div>
          <label htmlFor="article-filter-status" className="form-label small mb-1">
            {t('admin.filters.status')}
          </label>
          <select
            id="article-filter-status"
            className="form-select form-select-sm"
            value={filters.status ?? ''}
            onChange={(e) =>
              void fetchList({
                page: 1,
                filters: { ...filters, status: (e.target.value || undefined) as ArticleStatus | undefined },
              })
            }
          >
            <option value="">{t('admin.filters.all')}</option>
            {ARTICLE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="article-filter-language" className="form-label small mb-1">
            {t('admin.filters.language')}
          </label>
          <select
            id="article-filter-language"
            className="form-select form-select-sm"
            value={filters.language ?? ''}
            onChange={(e) =>
              void fetchList({
                page: 1,
                filters: {
                  ...filters,
                  language: (e.target.value || undefined) as ArticleLanguage | undefined,
                },
              })
            }
          >
            <option value="">{t('admin.filters.all')}</option>
            {ARTICLE_LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {t(`languages.${l}`)}
              </option>
            ))}
          </select>
        </div>
        <Link href="/admin/articleCreator" className="btn btn-primary btn-sm ms-auto">
          {t('admin.new')}
        </Link>
      </div>

      {status === 'error' ? (
        <RetryAlert
          message={t('admin.loadError')}
          retryLabel={t('list.retry')}
          onRetry={() => void fetchList()}
        />
      ) : status !== 'ready' && items.length === 0 ? (
        <Loader />
      ) : items.length === 0 ? (
        <p className="text-body-secondary">{t('admin.empty')}</p>
      ) : (
        <div className="table-responsive tv-card">
          <table className="table table-hover align-middle mb-0">
            <thead>
              <tr>
                <th scope="col">{t('admin.columns.title')}</th>
                <th scope="col">{t('admin.columns.language')}</th>
                <th scope="col">{t('admin.columns.status')}</th>
                <th scope="col">{t('admin.columns.publishTime')}</th>
                <th scope="col">{t('admin.columns.updated')}</th>
                <th scope="col">{t('admin.columns.author')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('admin.columns.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((a) => (
                <tr key={a.article_id}>
                  <th scope="row" className="fw-normal">
                    <Link href={`/admin/articleCreator?id=${a.article_id}`}>{a.title}</Link>
                    <div className="small text-body-secondary font-monospace">{a.slug}</div>
                  </th>
                  <td>{a.language.toUpperCase()}</td>
                  <td>
                    <span className={`badge ${STATUS_BADGE[a.status]}`}>{t(`status.${a.status}`)}</span>
                  </td>
                  <td className="text-nowrap">{formatDateTime(a.published_at ?? a.publish_at, locale)}</td>
                  <td className="text-nowrap">{formatDateTime(a.updated_at, locale)}</td>
                  <td>{a.author_name || '—'}</td>
                  <td className="text-end text-nowrap">
                    <Link
                      href={`/admin/articleCreator?id=${a.article_id}`}
                      className="btn btn-sm btn-outline-secondary me-1"
                      aria-label={t('admin.editNamed', { title: a.title })}
                    >
                      {t('admin.edit')}
                    </Link>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-danger"
                      aria-label={t('admin.deleteNamed', { title: a.title })}
                      onClick={() => setConfirm(a)}
                    >
                      {t('admin.delete')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <SimplePager
        page={page}
        pageSize={pageSize}
        total={total}
        onPage={(p) => void fetchList({ page: p })}
      />

      <Modal
        show={confirm !== null}
        onHide={() => setConfirm(null)}
        centered
        aria-labelledby="article-delete-title"
      >
        <Modal.Header closeButton closeLabel={t('admin.cancel')}>
          <Modal.Title id="article-delete-title" as="h2" className="h5">
            {t('admin.confirmTitle')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-0">{t('admin.confirmText', { title: confirm?.title ?? '' })}</p>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={() => setConfirm(null)}>
            {t('admin.cancel')}
          </Button>
          <Button variant="danger" onClick={() => void onDelete()} disabled={deleting}>
            {t('admin.confirmDelete')}
          </Button>
        </Modal.Footer>
      </Modal>
    </section>
  );
}
