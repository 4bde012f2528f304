import type { GetServerSideProps } from 'next';
import { sitemap } from '@/server/services/articles';

/** /sitemap.xml: every public route in nb and en, and every published article. */
export const getServerSideProps: GetServerSideProps = async ({ res }) => {
  const body = await sitemap();
  res.setHeader('Content-Type', 'application/xml; charset=utf-8');
  res.setHeader('Cache-Control', 'public, max-age=300');
  res.end(body);
  return { props: {} };
};

export default function Sitemap() {
  return null;
}
