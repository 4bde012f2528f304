import { useCallback, useId, useState, type ReactNode } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import Loader from '@/components/common/Loader';
import { notify } from '@/components/common/notify';
import { formatDateTime } from '@/lib/format';
import type { ArticleLanguage, ArticleStatus } from '@/lib/types/article';
import { ApiError } from '@/services/apiError';
import { useArticleAdminStore } from '@/stores/useArticleAdminStore';
import ArticleBodyEditor from './editor/ArticleBodyEditor';
import ArticleMetaFields from './editor/ArticleMetaFields';
import { draftInput, type Field, type FieldErrors } from './editor/articleDraft';
import FieldError, { fieldProps } from './editor/FieldError';
import { useArticleDraft } from './editor/useArticleDraft';
import { useImageUpload } from './editor/useImageUpload';
import { useLeaveGuard } from './editor/useLeaveGuard';

const STATUS_BADGE: Record<ArticleStatus, string> = {
  draft: 'text-bg-secondary',
  scheduled: 'text-bg-warning',
  published: 'text-bg-success',
};

/**
 * /admin/articleCreator (?id= to edit): the article's fields, a Markdown editor with a toolbar and a
 * side-by-side live preview (the same ArticleBody the blog renders), save as draft, publish now or
 * schedule, and the other language's version. Leaving with unsaved changes asks first.
 *
 * The parts: the draft and its loading (editor/useArticleDraft), the leave prompt
 * (editor/useLeaveGuard), image uploads (editor/useImageUpload), the fields
 * (editor/ArticleMetaFields) and the body with its preview (editor/ArticleBodyEditor). This file
 * saves, explains the server's answers and opens the other language.
 */
export default function ArticleEditor() {
  const { t } = useTranslation('articles');
  const router = useRouter();
  const { create, update } = useArticleAdminStore.getState();

  const [busy, setBusy] = useState<null | 'save' | 'translation'>(null);
  const [formError, setFormError] = useState<ReactNode>(null);
  const ids = useId();
  const clearFormError = useCallback(() => setFormError(null), []);
  const {
    saved,
    draft,
    dirty,
    publishAt,
    setPublishAt,
    errors,
    setErrors,
    change,
    touchSlug,
    markSaved,
    reload,
    loadFailed,
    ready,
  } = useArticleDraft(clearFormError);
  const leaveGuard = useLeaveGuard(dirty, t('editor.leaveConfirm'));
  const { uploading, upload } = useImageUpload(setFormError);
  const working = busy !== null || uploading !== null;

  const onCover = async (file: File) => {
    const id = await upload(file, 'cover');
    if (id) change('cover_image_id', id);
  };

  const explain = (err: unknown) => {
    if (!(err instanceof ApiError)) {
      setFormError(t('editor.errors.generic'));
      return;
    }
    switch (err.code) {
      case 'STALE_ARTICLE':
        setFormError(
          <>
            {t('editor.errors.stale')}{' '}
            <button
              type="button"
              className="btn btn-link p-0 align-baseline"
              onClick={() => {
                leaveGuard.release();
                reload();
              }}
            >
              {t('editor.errors.reload')}
            </button>
          </>,
        );
        return;
      case 'SLUG_TAKEN':
        setErrors((e) => ({ ...e, slug: t('editor.errors.slugTaken') }));
        return;
      case 'SLUG_LOCKED':
        setErrors((e) => ({ ...e, slug: t('editor.errors.slugLocked') }));
        return;
      case 'VALIDATION_FAILED':
      case 'BAD_REQUEST': {
        const details = Array.isArray(err.details)
          ? (err.details as { path: string; message: string }[])
          : [];
        const fields: FieldErrors = {};
        for (const d of details) {
          const key = d.path.split('.')[0] as Field;
          fields[key] = t(`editor.errors.fields.${key}`, { defaultValue: d.message });
        }
        setErrors(() => fields);
        setFormError(t('editor.errors.invalid'));
        return;
      }
      default:
        setFormError(t('editor.errors.generic'));
    }
  };

  const save = async (status: ArticleStatus) => {
    setFormError(null);
    if (!draft.title.trim()) {
      setErrors((e) => ({ ...e, title: t('editor.errors.fields.title') }));
      return;
    }
    let at: string | null = null;
    if (status === 'scheduled') {
      const when = publishAt ? new Date(publishAt) : null;
      if (!when || Number.isNaN(when.getTime()) || when.getTime() <= Date.now()) {
        setErrors((e) => ({ ...e, publish_at: t('editor.errors.fields.publish_at') }));
        return;
      }
      at = when.toISOString();
    }
    setBusy('save');
    try {
      const input = draftInput(draft, status, at);
      const article = saved
        ? await update(saved.article_id, { ...input, updated_at: saved.updated_at })
        : await create(input);
      const wasNew = !saved;
      leaveGuard.release();
      markSaved(article);
      notify.success(t(`editor.saved.${status}`));
      if (wasNew)
        void router.replace(`/admin/articleCreator?id=${article.article_id}`, undefined, { shallow: true });
    } catch (err) {
      explain(err);
    } finally {
      setBusy(null);
    }
  };

  const onBodyChange = useCallback((markdown: string) => change('body_markdown', markdown), [change]);
  const uploadBodyImage = useCallback((file: File) => upload(file, 'body'), [upload]);

  const openOtherLanguage = async () => {
    if (!saved) return;
    if (saved.translation_of) {
      void router.push(`/admin/articleCreator?id=${saved.translation_of}`);
      return;
    }
    const language: ArticleLanguage = saved.language === 'nb' ? 'en' : 'nb';
    setBusy('translation');
    setFormError(null);
    try {
      const base = {
        language,
        title: saved.title,
        summary: saved.summary,
        body_markdown: saved.body_markdown,
        tags: saved.tags,
        cover_image_id: saved.cover_image_id,
        status: 'draft' as const,
        translation_of: saved.article_id,
      };
      const created = await create(base).catch((err: unknown) => {
        // The same slug may be taken in the other language: try it with the language added.
        if (err instanceof ApiError && err.code === 'SLUG_TAKEN') {
          return create({ ...base, slug: `${saved.slug}-${language}`.slice(0, 80) });
        }
        throw err;
      });
      notify.success(t('editor.translationCreated'));
      void router.push(`/admin/articleCreator?id=${created.article_id}`);
    } catch (err) {
      explain(err);
    } finally {
      setBusy(null);
    }
  };

  if (loadFailed) {
    return (
      <div className="alert alert-warning" role="alert">
        {t(loadFailed.notFound ? 'editor.notFound' : 'editor.loadError')}{' '}
        <Link href="/admin/articleList?view=list">{t('editor.backToList')}</Link>
      </div>
    );
  }
  if (!ready) return <Loader />;

  const otherLanguage: ArticleLanguage = draft.language === 'nb' ? 'en' : 'nb';

  return (
    <form className="tv-article-editor" onSubmit={(e) => e.preventDefault()} noValidate>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <span className={`badge ${STATUS_BADGE[saved?.status ?? 'draft']}`} data-testid="article-status">
          {saved ? t(`status.${saved.status}`) : t('editor.newArticle')}
        </span>
        {saved?.status === 'scheduled' && saved.publish_at && (
          <span className="small text-body-secondary">
            {t('editor.scheduledFor', { time: formatDateTime(saved.publish_at, router.locale) })}
          </span>
        )}
        {saved?.published_at && saved.status === 'published' && (
          <Link href={`/blog/${saved.slug}`} locale={saved.language} className="small">
            {t('editor.viewOnBlog')}
          </Link>
        )}
        {dirty && <span className="small text-warning-emphasis">{t('editor.unsaved')}</span>}
      </div>

      {formError && (
        <div className="alert alert-danger" role="alert">
          {formError}
        </div>
      )}

      <ArticleMetaFields
        ids={ids}
        draft={draft}
        errors={errors}
        languageLocked={saved !== null}
        coverUploading={uploading === 'cover'}
        change={change}
        touchSlug={touchSlug}
        onCover={(file) => void onCover(file)}
      />

      <ArticleBodyEditor
        ids={ids}
        markdown={draft.body_markdown}
        title={draft.title}
        summary={draft.summary}
        language={draft.language}
        errors={errors}
        uploading={uploading === 'body'}
        onChange={onBodyChange}
        uploadImage={uploadBodyImage}
      />

      <div className="d-flex flex-wrap align-items-end gap-2 mt-4 tv-article-editor-actions">
        <button
          type="button"
          className="btn btn-outline-primary"
          disabled={working}
          onClick={() => void save('draft')}
        >
          {t('editor.actions.saveDraft')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={working}
          onClick={() => void save('published')}
        >
          {saved?.status === 'published' ? t('editor.actions.update') : t('editor.actions.publish')}
        </button>
        <div className="ms-lg-3">
          <label htmlFor={`${ids}-publish_at`} className="form-label small mb-1">
            {t('editor.fields.publishAt')}
          </label>
          <div className="input-group">
            <input
              {...fieldProps(ids, 'publish_at', errors)}
              type="datetime-local"
              className={`form-control${errors.publish_at ? ' is-invalid' : ''}`}
              value={publishAt}
              onChange={(e) => setPublishAt(e.target.value)}
            />
            <button
              type="button"
              className="btn btn-outline-primary"
              disabled={working}
              onClick={() => void save('scheduled')}
            >
              {t('editor.actions.schedule')}
            </button>
          </div>
          <FieldError ids={ids} name="publish_at" errors={errors} />
        </div>
        <div className="ms-auto">
          <button
            type="button"
            className="btn btn-outline-secondary"
            disabled={!saved || dirty || working}
            title={!saved || dirty ? t('editor.saveFirst') : undefined}
            onClick={() => void openOtherLanguage()}
          >
            {saved?.translation_of
              ? t(`editor.actions.openOther.${otherLanguage}`)
              : t(`editor.actions.createOther.${otherLanguage}`)}
          </button>
        </div>
      </div>
    </form>
  );
}
