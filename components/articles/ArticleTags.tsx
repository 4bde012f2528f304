import { useTranslation } from 'next-i18next/pages';

interface ArticleTagsProps {
  tags: string[];
  /** With a handler the tags are buttons that filter the list; without, plain labels. */
  onSelect?(tag: string): void;
  active?: string | null;
}

/** An article's tags. */
export default function ArticleTags({ tags, onSelect, active }: ArticleTagsProps) {
  const { t } = useTranslation('articles');
  if (tags.length === 0) return null;
  return (
    <ul className="list-inline mb-0 tv-article-tags" aria-label={t('tags.label')}>
      {tags.map((tag) => (
        <li key={tag} className="list-inline-item">
          {onSelect ? (
            <button
              type="button"
              className={`badge rounded-pill border-0 ${tag === active ? 'text-bg-primary' : 'tv-article-tag'}`}
              aria-pressed={tag === active}
              onClick={() => onSelect(tag)}
              title={t('tags.filterBy', { tag })}
            >
              #{tag}
            </button>
          ) : (
            <span className="badge rounded-pill tv-article-tag">#{tag}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
