import { useCallback, useDeferredValue, useRef } from 'react';
import { useTranslation } from 'next-i18next/pages';
import { imageUrl } from '@/lib/articles/constants';
import type { ArticleLanguage } from '@/lib/types/article';
import ArticleBody from '../../ArticleBody';
import MarkdownToolbar, { type ToolbarAction } from '../MarkdownToolbar';
import { imageMarkdown, insertBlock, prefixLines, wrapSelection, type Edit } from '../markdownEdits';
import type { FieldErrors } from './articleDraft';
import FieldError, { fieldProps } from './FieldError';

interface Props {
  ids: string;
  markdown: string;
  title: string;
  summary: string;
  language: ArticleLanguage;
  errors: FieldErrors;
  uploading: boolean;
  onChange: (markdown: string) => void;
  /** Upload an image for the body; resolves to its id (null when it failed and said why). */
  uploadImage: (file: File) => Promise<string | null>;
}

/**
 * The Markdown body with its toolbar (headings, emphasis, links, lists, quotes, images at the
 * cursor) beside a live preview rendered by the same ArticleBody the blog uses.
 */
export default function ArticleBodyEditor({
  ids,
  markdown,
  title,
  summary,
  language,
  errors,
  uploading,
  onChange,
  uploadImage,
}: Props) {
  const { t } = useTranslation('articles');
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const preview = useDeferredValue(markdown);

  const applyEdit = useCallback(
    (edit: Edit) => {
      onChange(edit.text);
      requestAnimationFrame(() => {
        const el = bodyRef.current;
        if (!el) return;
        el.focus();
        el.setSelectionRange(edit.start, edit.end);
      });
    },
    [onChange],
  );

  const onToolbar = (action: ToolbarAction) => {
    const el = bodyRef.current;
    const start = el?.selectionStart ?? markdown.length;
    const end = el?.selectionEnd ?? markdown.length;
    const edits: Record<ToolbarAction, () => Edit> = {
      heading: () => prefixLines(markdown, start, end, '## '),
      bold: () => wrapSelection(markdown, start, end, '**', '**', t('editor.placeholders.bold')),
      italic: () => wrapSelection(markdown, start, end, '*', '*', t('editor.placeholders.italic')),
      link: () => wrapSelection(markdown, start, end, '[', '](https://)', t('editor.placeholders.link')),
      list: () => prefixLines(markdown, start, end, '- '),
      quote: () => prefixLines(markdown, start, end, '> '),
    };
    applyEdit(edits[action]());
  };

  const onImage = async (file: File) => {
    const id = await uploadImage(file);
    if (!id) return;
    const at = bodyRef.current?.selectionEnd ?? markdown.length;
    const alt = file.name.replace(/\.[^.]+$/, '').replace(/[-_]+/g, ' ');
    applyEdit(insertBlock(markdown, at, imageMarkdown(alt, imageUrl(id))));
  };

  return (
    <div className="row g-3 mt-1">
      <div className="col-lg-6">
        <label htmlFor={`${ids}-body_markdown`} className="form-label">
          {t('editor.fields.body')}
        </label>
        <MarkdownToolbar
          onAction={onToolbar}
          onImage={(file) => void onImage(file)}
          uploading={uploading}
          controls={`${ids}-body_markdown`}
        />
        <textarea
          {...fieldProps(ids, 'body_markdown', errors)}
          ref={bodyRef}
          className={`form-control font-monospace tv-article-editor-text${errors.body_markdown ? ' is-invalid' : ''}`}
          rows={22}
          value={markdown}
          onChange={(e) => onChange(e.target.value)}
        />
        <FieldError ids={ids} name="body_markdown" errors={errors} />
      </div>
      <div className="col-lg-6">
        <h2 className="form-label h6 mb-2" id={`${ids}-preview`}>
          {t('editor.preview')}
        </h2>
        <section
          className="tv-card p-3 tv-article-preview"
          aria-labelledby={`${ids}-preview`}
          data-testid="article-preview"
          lang={language}
        >
          {title && <h1 className="h3">{title}</h1>}
          {summary && <p className="lead">{summary}</p>}
          <ArticleBody markdown={preview} />
        </section>
      </div>
    </div>
  );
}
