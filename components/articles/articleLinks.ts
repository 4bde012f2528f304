import type { ArticleLanguage } from '@/lib/types/article';

/** The public blog page of an article (locale prefix added by next/link from `locale`). */
export const blogHref = (slug: string) => `/blog/${encodeURIComponent(slug)}`;

/** The in-app article page for subscribers. */
export const appArticleHref = (slug: string) => `/articles/${encodeURIComponent(slug)}`;

/** Absolute path of a blog page in a language (nb has no prefix): canonical and hreflang URLs. */
export const blogPathIn = (language: ArticleLanguage, slug?: string) =>
  `${language === 'en' ? '/en' : ''}/blog${slug ? `/${encodeURIComponent(slug)}` : ''}`;
