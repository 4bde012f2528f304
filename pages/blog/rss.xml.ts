import type { GetServerSideProps } from 'next';
import { DEFAULT_LOCALE } from '@/lib/constants';
import type { ArticleLanguage } from '@/lib/types/article';
import { rssFeed } from '@/server/services/articles';

/** /blog/rss.xml (nb) and /en/blog/rss.xml (en): RSS 2.0 of the newest public articles. */
export const getServerSideProps: GetServerSideProps = async ({ locale, res }) => {
  const body = await rssFeed((locale ?? DEFAULT_LOCALE) as ArticleLanguage);
  res.setHeader('Content-Type', 'application/rss+xml; charset=utf-8');
  res.setHeader('Cache-Control', 'public, max-age=300');
  res.end(body);
  return { props: {} };
};

export default function RssFeed() {
  return null;
}
