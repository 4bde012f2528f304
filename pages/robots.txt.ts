import type { GetServerSideProps } from 'next';
import { siteUrl } from '@/server/services/articles';

/** /robots.txt: the public pages (the stock pages included) may be crawled; the app and API may not. */
export const getServerSideProps: GetServerSideProps = async ({ res }) => {
  const body = [
    'User-agent: *',
    'Allow: /',
    'Allow: /public/',
    'Allow: /en/public/',
    'Disallow: /api/',
    'Disallow: /admin',
    'Disallow: /en/admin',
    `Sitemap: ${siteUrl()}/sitemap.xml`,
    '',
  ].join('\n');
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('Cache-Control', 'public, max-age=3600');
  res.end(body);
  return { props: {} };
};

export default function Robots() {
  return null;
}
