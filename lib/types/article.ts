/** Articles as the API returns them (issue 12, DESIGN.md §5). */
export type ArticleLanguage = 'nb' | 'en';
export type ArticleStatus = 'draft' | 'scheduled' | 'published';

export interface ArticleDto {
  article_id: number;
  language: ArticleLanguage;
  slug: string;
  title: string;
  summary: string;
  body_markdown: string;
  tags: string[];
  cover_image_id: string | null;
  status: ArticleStatus;
  /** When a scheduled article goes public (ISO), or null. */
  publish_at: string | null;
  /** When it went public (ISO): set on publishing; for a scheduled article its publish time once due. */
  published_at: string | null;
  author_uid: string | null;
  /** The id of the same article in the other language, or null. */
  translation_of: number | null;
  created_at: string;
  updated_at: string;
}

/** An admin list row: the article without its body, plus the author's name. */
export interface AdminArticleRowDto extends Omit<ArticleDto, 'body_markdown'> {
  author_name: string;
  /** True when the article is public right now (published, or scheduled and due). */
  is_public: boolean;
}

/** A public list entry: no body. */
export type ArticleSummaryDto = Omit<ArticleDto, 'body_markdown' | 'author_uid' | 'status' | 'publish_at'>;

/** A public article page: the body and the slug of its other-language version (for hreflang). */
export interface PublicArticleDto extends Omit<ArticleDto, 'author_uid' | 'status' | 'publish_at'> {
  author_name: string;
  translation: { language: ArticleLanguage; slug: string } | null;
}

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface UploadedImageDto {
  image_id: string;
  url: string;
}
