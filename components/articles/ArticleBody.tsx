import Markdown, { type Components, type UrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { useTranslation } from 'next-i18next/pages';
import { safeImageUrl, safeLinkUrl } from '@/lib/articles/safeUrl';

// Safe by construction: react-markdown builds React elements from the Markdown syntax tree. Raw
// HTML in the Markdown is skipped (no rehype-raw), so no tag or attribute from the text ever
// reaches the DOM; URLs pass lib/articles/safeUrl or are dropped, and a link or image without a
// URL is shown as its text. No HTML string is ever injected into the page.

const urlTransform: UrlTransform = (url, key, node) =>
  (node.tagName === 'img' && key === 'src' ? safeImageUrl(url) : safeLinkUrl(url)) ?? '';

/** A task list's box (GFM `- [x]`): read-only, named "done" or "not done" for screen readers. */
function TaskBox({ checked }: { checked: boolean }) {
  const { t } = useTranslation('articles');
  return (
    <input
      type="checkbox"
      checked={checked}
      disabled
      readOnly
      aria-label={t(checked ? 'body.taskDone' : 'body.taskOpen')}
    />
  );
}

const components: Components = {
  input({ type, checked }) {
    // remark-gfm renders only task-list boxes as inputs; raw HTML never reaches here (skipHtml).
    return type === 'checkbox' ? <TaskBox checked={Boolean(checked)} /> : null;
  },
  a({ href, children }) {
    if (!href) return <span className="tv-article-unsafe-link">{children}</span>;
    const external = /^https?:/i.test(href);
    return (
      <a href={href} rel={external ? 'nofollow noopener noreferrer' : undefined}>
        {children}
      </a>
    );
  },
  img({ src, alt, title }) {
    if (typeof src !== 'string' || !src)
      return alt ? <span className="tv-article-unsafe-image">{alt}</span> : null;
    const external = src.startsWith('https:');
    return (
      // Article images come from our image route or https hosts with unknown sizes: a plain img.
      // eslint-disable-next-line @next/next/no-img-element -- sizes unknown; next/image needs them
      <img
        src={src}
        alt={alt ?? ''}
        title={title}
        loading="lazy"
        decoding="async"
        referrerPolicy={external ? 'no-referrer' : undefined}
        className="img-fluid rounded"
      />
    );
  },
  table({ children }) {
    return (
      <div className="table-responsive">
        <table className="table table-sm">{children}</table>
      </div>
    );
  },
};

/** An article's Markdown (with GFM tables and task lists) as React elements: the page and the editor's preview. */
export default function ArticleBody({ markdown }: { markdown: string }) {
  return (
    <div className="tv-article-body">
      <Markdown remarkPlugins={[remarkGfm]} skipHtml urlTransform={urlTransform} components={components}>
        {markdown}
      </Markdown>
    </div>
  );
}
