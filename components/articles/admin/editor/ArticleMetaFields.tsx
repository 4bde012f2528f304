import { useTranslation } from 'next-i18next/pages';
import { ARTICLE_LANGUAGES, imageUrl } from '@/lib/articles/constants';
import type { ArticleLanguage } from '@/lib/types/article';
import type { Draft, FieldErrors } from './articleDraft';
import FieldError, { fieldProps } from './FieldError';

interface Props {
  ids: string;
  draft: Draft;
  errors: FieldErrors;
  /** The language cannot change once the article is saved. */
  languageLocked: boolean;
  coverUploading: boolean;
  change: <K extends keyof Draft>(key: K, value: Draft[K]) => void;
  touchSlug: () => void;
  onCover: (file: File) => void;
}

/** The article's title, language, slug, tags, summary and cover image. */
export default function ArticleMetaFields({
  ids,
  draft,
  errors,
  languageLocked,
  coverUploading,
  change,
  touchSlug,
  onCover,
}: Props) {
  const { t } = useTranslation('articles');
  return (
    <div className="row g-3">
      <div className="col-lg-8">
        <label htmlFor={`${ids}-title`} className="form-label">
          {t('editor.fields.title')}
        </label>
        <input
          {...fieldProps(ids, 'title', errors)}
          className={`form-control${errors.title ? ' is-invalid' : ''}`}
          value={draft.title}
          maxLength={200}
          onChange={(e) => change('title', e.target.value)}
          required
        />
        <FieldError ids={ids} name="title" errors={errors} />
      </div>
      <div className="col-lg-4">
        <label htmlFor={`${ids}-language`} className="form-label">
          {t('editor.fields.language')}
        </label>
        <select
          id={`${ids}-language`}
          className="form-select"
          value={draft.language}
          disabled={languageLocked}
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
          {...fieldProps(ids, 'slug', errors)}
          className={`form-control font-monospace${errors.slug ? ' is-invalid' : ''}`}
          value={draft.slug}
          maxLength={80}
          onChange={(e) => {
            touchSlug();
            change('slug', e.target.value);
          }}
        />
        <div className="form-text">{t('editor.slugHelp')}</div>
        <FieldError ids={ids} name="slug" errors={errors} />
      </div>
      <div className="col-lg-4">
        <label htmlFor={`${ids}-tags`} className="form-label">
          {t('editor.fields.tags')}
        </label>
        <input
          {...fieldProps(ids, 'tags', errors)}
          className={`form-control${errors.tags ? ' is-invalid' : ''}`}
          value={draft.tags}
          onChange={(e) => change('tags', e.target.value)}
        />
        <div className="form-text">{t('editor.tagsHelp')}</div>
        <FieldError ids={ids} name="tags" errors={errors} />
      </div>
      <div className="col-lg-8">
        <label htmlFor={`${ids}-summary`} className="form-label">
          {t('editor.fields.summary')}
        </label>
        <textarea
          {...fieldProps(ids, 'summary', errors)}
          className={`form-control${errors.summary ? ' is-invalid' : ''}`}
          rows={2}
          maxLength={400}
          value={draft.summary}
          onChange={(e) => change('summary', e.target.value)}
        />
        <FieldError ids={ids} name="summary" errors={errors} />
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
          disabled={coverUploading}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) onCover(file);
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
        <FieldError ids={ids} name="cover_image_id" errors={errors} />
      </div>
    </div>
  );
}
