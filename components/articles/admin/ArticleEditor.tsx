import { useCallback, useDeferredValue, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import Loader from '@/components/common/Loader';
import { notify } from '@/components/common/notify';
import { DEFAULT_LOCALE } from '@/lib/constants';
import { formatDateTime } from '@/lib/format';
import { ARTICLE_LANGUAGES, IMAGE_MAX_BYTES, imageUrl } from '@/lib/articles/constants';
import { slugify } from '@/lib/slug';
import type { ArticleDto, ArticleLanguage, ArticleStatus } from '@/lib/types/article';
import type { ArticleInput } from '@/services/articlesService';
import { ApiError } from '@/services/apiError';
import { useArticleAdminStore } from '@/stores/useArticleAdminStore';
import ArticleBody from '../ArticleBody';
import MarkdownToolbar, { type ToolbarAction } from './MarkdownToolbar';
import { imageMarkdown, insertBlock, prefixLines, wrapSelection, type Edit } from './markdownEdits';

interface Draft {
  language: ArticleLanguage;
  title: string;
  slug: string;
  summary: string;
  tags: string;
  cover_image_id: string | null;
  body_markdown: string;
}

type Field = 'title' | 'slug' | 'summary' | 'tags' | 'body_markdown' | 'publish_at' | 'cover_image_id';

const emptyDraft = (language: ArticleLanguage): Draft => ({
  language,
  title: '',
  slug: '',
  summary: '',
  tags: '',
  cover_image_id: null,
  body_markdown: '',
});

const draftOf = (a: ArticleDto): Draft => ({
  language: a.language,
  title: a.title,
  slug: a.slug,
  summary: a.summary,
  tags: a.tags.join(', '),
  cover_image_id: a.cover_image_id,
  body_markdown: a.body_markdown,
});

const parseTags = (tags: string) =>
  tags
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean);

/** `datetime-local` value (local time, minutes) of an ISO time. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const STATUS_BADGE: Record<ArticleStatus, string> = {
  draft: 'text-bg-secondary',
  scheduled: 'text-bg-warning',
  published: 'text-bg-success',
};

/**
 * /admin/articleCreator (?id= to edit): the article's fields, a Markdown editor with a toolbar and a
 * side-by-side live preview (the same ArticleBody the blog renders), save as draft, publish now or
 * schedule, and the other language's version. Leaving with unsaved changes asks first.
 */
export default function ArticleEditor() {
  const { t } = useTranslation('articles');
  const router = useRouter();
  const uiLanguage = (router.locale ?? DEFAULT_LOCALE) as ArticleLanguage;
  const idParam = typeof router.query.id === 'string' ? Number(router.query.id) : null;
  const { load, create, update, uploadImage } = useArticleAdminStore.getState();

  const [saved, setSaved] = useState<ArticleDto | null>(null);
  const [draft, setDraft] = useState<Draft>(() => emptyDraft(uiLanguage));
  const [slugTouched, setSlugTouched] = useState(false);
  const [publishAt, setPublishAt] = useState('');
  const [loadError, setLoadError] = useState<{ id: number; notFound: boolean } | null>(null);
  const [busy, setBusy] = useState<null | 'save' | 'cover' | 'body' | 'translation'>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<ReactNode>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const ids = useId();
  const preview = useDeferredValue(draft.body_markdown);

  const baseline = saved ? draftOf(saved) : emptyDraft(draft.language);
  const dirty = JSON.stringify(baseline) !== JSON.stringify(draft);
  // The leave prompt's handlers read the latest value; a save clears it at once, before navigating.
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);
  const isNew = idParam === null || !Number.isInteger(idParam) || idParam <= 0;

  // Load the article of ?id= (or start a new one).
  useEffect(() => {
    if (!router.isReady || isNew || saved?.article_id === idParam) return;
    let cancelled = false;
    load(idParam).then(
      (article) => {
        if (cancelled) return;
        setSaved(article);
        setDraft(draftOf(article));
        setSlugTouched(true);
        setPublishAt(toLocalInput(article.publish_at));
        setErrors({});
        setFormError(null);
        setLoadError(null);
      },
      (err: unknown) => {
        if (!cancelled)
          setLoadError({ id: idParam, notFound: err instanceof ApiError && err.status === 404 });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [router.isReady, isNew, idParam, load, saved]);

  // Ask before leaving with unsaved changes: closing the tab, and links inside the app.
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!dirtyRef.current) return;
      e.preventDefault();
      e.returnValue = '';
    };
    const onRouteChange = (url: string) => {
      if (!dirtyRef.current || url === router.asPath) return;
      if (window.confirm(t('editor.leaveConfirm'))) return;
      router.events.emit('routeChangeError', new Error('cancelled'), url, { shallow: false });
      // Next's documented way to stop a route change is to throw from this event.
      throw 'Leaving the article editor was cancelled';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    router.events.on('routeChangeStart', onRouteChange);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      router.events.off('routeChangeStart', onRouteChange);
    };
  }, [router, t]);

  const change = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => {
      const next = { ...d, [key]: value };
      // The slug follows the title until it is edited by hand (or the article was saved).
      if (key === 'title' && !slugTouched) next.slug = slugify(String(value));
      return next;
    });
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const applyEdit = useCallback((edit: Edit) => {
    setDraft((d) => ({ ...d, body_markdown: edit.text }));
    requestAnimationFrame(() => {
      const el = bodyRef.current;
      if (!el) return;
      el.focus();
      el.setSelectionRange(edit.start, edit.end);
    });
  }, []);

  const onToolbar = (action: ToolbarAction) => {
    const el = bodyRef.current;
    const text = draft.body_markdown;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    const edits: Record<ToolbarAction, () => Edit> = {
      heading: () => prefixLines(text, start, end, '## '),
      bold: () => wrapSelection(text, start, end, '**', '**', t('editor.placeholders.bold')),
      italic: () => wrapSelection(text, start, end, '*', '*', t('editor.placeholders.italic')),
      link: () => wrapSelection(text, start, end, '[', '](https://)', t('editor.placeholders.link')),
      list: () => prefixLines(text, start, end, '- '),
      quote: () => prefixLines(text, start, end, '> '),
    };
    applyEdit(edits[action]());
  };

  const upload = async (file: File, what: 'cover' | 'body'): Promise<string | null> => {
    if (file.size > IMAGE_MAX_BYTES) {
      setFormError(t('editor.errors.imageTooLarge'));
      return null;
    }
    setBusy(what);
    setFormError(null);
    try {
      return (await uploadImage(file)).image_id;
    } catch (err) {
      const status = err instanceof ApiError ? err.status : 0;
      setFormError(
        status === 415
          ? t('editor.errors.imageType')
          : status === 413
            ? t('editor.errors.imageTooLarge')
            : t('editor.errors.upload'),
      );
      return null;
    } finally {
      setBusy(null);
    }
  };

  const onBodyImage = async (file: File) => {
    const id = await upload(file, 'body');
    if (!id) return;
    const at = bodyRef.current?.selectionEnd ?? draft.body_markdown.length;
    const alt = file.name.replace(/\.[^.]+$/, '').replace(/[-_]+/g, ' ');
    applyEdit(insertBlock(draft.body_markdown, at, imageMarkdown(alt, imageUrl(id))));
  };

  const onCover = async (file: File) => {
    const id = await upload(file, 'cover');
    if (id) change('cover_image_id', id);
  };

  const inputOf = (status: ArticleStatus, at: string | null): ArticleInput => ({
    language: draft.language,
    title: draft.title.trim(),
    slug: draft.slug.trim() || undefined,
    summary: draft.summary.trim(),
    body_markdown: draft.body_markdown,
    tags: parseTags(draft.tags),
    cover_image_id: draft.cover_image_id,
    status,
    publish_at: at,
  });

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
                dirtyRef.current = false;
                setSaved(null);
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
        const fields: Partial<Record<Field, string>> = {};
        for (const d of details) {
          const key = d.path.split('.')[0] as Field;
          fields[key] = t(`editor.errors.fields.${key}`, { defaultValue: d.message });
        }
        setErrors(fields);
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
      const input = inputOf(status, at);
      const article = saved
        ? await update(saved.article_id, { ...input, updated_at: saved.updated_at })
        : await create(input);
      const isNew = !saved;
      dirtyRef.current = false;
      setSaved(article);
      setDraft(draftOf(article));
      setSlugTouched(true);
      setErrors({});
      notify.success(t(`editor.saved.${status}`));
      if (isNew)
        void router.replace(`/admin/articleCreator?id=${article.article_id}`, undefined, { shallow: true });
    } catch (err) {
      explain(err);
    } finally {
      setBusy(null);
    }
  };

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

  const failed = !isNew && loadError?.id === idParam ? loadError : null;
  if (failed) {
    return (
      <div className="alert alert-warning" role="alert">
        {t(failed.notFound ? 'editor.notFound' : 'editor.loadError')}{' '}
        <Link href="/admin/articleList?view=list">{t('editor.backToList')}</Link>
      </div>
    );
  }
  if (!router.isReady || (!isNew && saved?.article_id !== idParam)) return <Loader />;

  const otherLanguage: ArticleLanguage = draft.language === 'nb' ? 'en' : 'nb';
  const field = (name: Field) => ({
    id: `${ids}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${ids}-${name}-error` : undefined,
  });
  const fieldError = (name: Field) =>
    errors[name] ? (
      <div id={`${ids}-${name}-error`} className="invalid-feedback d-block">
        {errors[name]}
      </div>
    ) : null;

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

      <div className="row g-3">
        <div className="col-lg-8">
          <label htmlFor={`${ids}-title`} className="form-label">
            {t('editor.fields.title')}
          </label>
          <input
            {...field('title')}
            className={`form-control${errors.title ? ' is-invalid' : ''}`}
            value={draft.title}
            maxLength={200}
            onChange={(e) => change('title', e.target.value)}
            required
          />
          {fieldError('title')}
        </div>
        <div className="col-lg-4">
          <label htmlFor={`${ids}-language`} className="form-label">
            {t('editor.fields.language')}
          </label>
          <select
            id={`${ids}-language`}
            className="form-select"
            value={draft.language}
            disabled={saved !== null}
            onChange={(e) => change('language', e.target.value as ArticleLanguage)}
          >
            {ARTICLE_LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {t(`languages.${l}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="col-lg-8">
          <label htmlFor={`${ids}-slug`} className="form-label">
            {t('editor.fields.slug')}
          </label>
          <input
            {...field('slug')}
            className={`form-control font-monospace${errors.slug ? ' is-invalid' : ''}`}
            value={draft.slug}
            maxLength={80}
            onChange={(e) => {
              setSlugTouched(true);
              change('slug', e.target.value);
            }}
          />
          <div className="form-text">{t('editor.slugHelp')}</div>
          {fieldError('slug')}
        </div>
        <div className="col-lg-4">
          <label htmlFor={`${ids}-tags`} className="form-label">
            {t('editor.fields.tags')}
          </label>
          <input
            {...field('tags')}
            className={`form-control${errors.tags ? ' is-invalid' : ''}`}
            value={draft.tags}
            onChange={(e) => change('tags', e.target.value)}
          />
          <div className="form-text">{t('editor.tagsHelp')}</div>
          {fieldError('tags')}
        </div>
        <div className="col-lg-8">
          <label htmlFor={`${ids}-summary`} className="form-label">
            {t('editor.fields.summary')}
          </label>
          <textarea
            {...field('summary')}
            className={`form-control${errors.summary ? ' is-invalid' : ''}`}
            rows={2}
            maxLength={400}
            value={draft.summary}
            onChange={(e) => change('summary', e.target.value)}
          />
          {fieldError('summary')}
        </div>
        <div className="col-lg-4">
          <label htmlFor={`${ids}-cover`} className="form-label">
            {t('editor.fields.cover')}
          </label>
          <input
            id={`${ids}-cover`}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className="form-control"
            disabled={busy === 'cover'}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void onCover(file);
            }}
          />
          {draft.cover_image_id && (
            <div className="d-flex align-items-start gap-2 mt-2">
              {/* eslint-disable-next-line @next/next/no-img-element -- our image route; sizes unknown */}
              <img
                src={imageUrl(draft.cover_image_id)}
                alt={t('editor.coverPreview')}
                className="rounded tv-article-cover-preview"
              />
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                onClick={() => change('cover_image_id', null)}
              >
                {t('editor.removeCover')}
              </button>
            </div>
          )}
          {fieldError('cover_image_id')}
        </div>
      </div>

      <div className="row g-3 mt-1">
        <div className="col-lg-6">
          <label htmlFor={`${ids}-body_markdown`} className="form-label">
            {t('editor.fields.body')}
          </label>
          <MarkdownToolbar
            onAction={onToolbar}
            onImage={(file) => void onBodyImage(file)}
            uploading={busy === 'body'}
            controls={`${ids}-body_markdown`}
          />
          <textarea
            {...field('body_markdown')}
            ref={bodyRef}
            className={`form-control font-monospace tv-article-editor-text${errors.body_markdown ? ' is-invalid' : ''}`}
            rows={22}
            value={draft.body_markdown}
            onChange={(e) => change('body_markdown', e.target.value)}
          />
          {fieldError('body_markdown')}
        </div>
        <div className="col-lg-6">
          <h2 className="form-label h6 mb-2" id={`${ids}-preview`}>
            {t('editor.preview')}
          </h2>
          <section
            className="tv-card p-3 tv-article-preview"
            aria-labelledby={`${ids}-preview`}
            data-testid="article-preview"
            lang={draft.language}
          >
            {draft.title && <h1 className="h3">{draft.title}</h1>}
            {draft.summary && <p className="lead">{draft.summary}</p>}
            <ArticleBody markdown={preview} />
          </section>
        </div>
      </div>

      <div className="d-flex flex-wrap align-items-end gap-2 mt-4 tv-article-editor-actions">
        <button
          type="button"
          className="btn btn-outline-primary"
          disabled={busy !== null}
          onClick={() => void save('draft')}
        >
          {t('editor.actions.saveDraft')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy !== null}
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
              {...field('publish_at')}
              type="datetime-local"
              className={`form-control${errors.publish_at ? ' is-invalid' : ''}`}
              value={publishAt}
              onChange={(e) => {
                setPublishAt(e.target.value);
                setErrors((er) => ({ ...er, publish_at: undefined }));
              }}
            />
            <button
              type="button"
              className="btn btn-outline-primary"
              disabled={busy !== null}
              onClick={() => void save('scheduled')}
            >
              {t('editor.actions.schedule')}
            </button>
          </div>
          {fieldError('publish_at')}
        </div>
        <div className="ms-auto">
          <button
            type="button"
            className="btn btn-outline-secondary"
            disabled={!saved || dirty || busy !== null}
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
