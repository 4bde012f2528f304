import Head from 'next/head';
import { useTranslation } from 'next-i18next/pages';
import { imageUrl } from '@/lib/articles/constants';
import type { PublicArticleDto } from '@/lib/types/article';
import { blogPathIn } from './articleLinks';
import JsonLd from './JsonLd';

const OG_LOCALE = { nb: 'nb_NO', en: 'en_US' } as const;

/**
 * An article page's head: title, description, canonical URL, hreflang links to the other-language
 * version, Open Graph and Twitter card tags, and Article JSON-LD. `siteUrl` is the public origin.
 */
export default function ArticleSeo({ article, siteUrl }: { article: PublicArticleDto; siteUrl: string }) {
  const { t } = useTranslation('common');
  const appName = t('appName');
  const url = `${siteUrl}${blogPathIn(article.language, article.slug)}`;
  const other = article.translation
    ? `${siteUrl}${blogPathIn(article.translation.language, article.translation.slug)}`
    : null;
  const image = article.cover_image_id ? `${siteUrl}${imageUrl(article.cover_image_id)}` : null;
  const description = article.summary || article.title;
  const nbUrl = article.language === 'nb' ? url : other;
  return (
    <>
      <Head>
        <title key="title">{`${article.title} · ${appName}`}</title>
        <meta key="description" name="description" content={description} />
        <link key="canonical" rel="canonical" href={url} />
        <link key="hreflang-self" rel="alternate" hrefLang={article.language} href={url} />
        {other && article.translation && (
          <link key="hreflang-other" rel="alternate" hrefLang={article.translation.language} href={other} />
        )}
        {nbUrl && <link key="hreflang-default" rel="alternate" hrefLang="x-default" href={nbUrl} />}
        <meta key="og:type" property="og:type" content="article" />
        <meta key="og:site_name" property="og:site_name" content={appName} />
        <meta key="og:title" property="og:title" content={article.title} />
        <meta key="og:description" property="og:description" content={description} />
        <meta key="og:url" property="og:url" content={url} />
        <meta key="og:locale" property="og:locale" content={OG_LOCALE[article.language]} />
        {article.translation && (
          <meta
            key="og:locale:alternate"
            property="og:locale:alternate"
            content={OG_LOCALE[article.translation.language]}
          />
        )}
        {image && <meta key="og:image" property="og:image" content={image} />}
        {article.published_at && (
          <meta
            key="article:published_time"
            property="article:published_time"
            content={article.published_at}
          />
        )}
        <meta key="article:modified_time" property="article:modified_time" content={article.updated_at} />
        {article.tags.map((tag) => (
          <meta key={`article:tag:${tag}`} property="article:tag" content={tag} />
        ))}
        <meta key="twitter:card" name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
        <meta key="twitter:title" name="twitter:title" content={article.title} />
        <meta key="twitter:description" name="twitter:description" content={description} />
        {image && <meta key="twitter:image" name="twitter:image" content={image} />}
      </Head>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'Article',
          headline: article.title,
          description,
          inLanguage: article.language,
          url,
          mainEntityOfPage: url,
          ...(image ? { image: [image] } : {}),
          ...(article.published_at ? { datePublished: article.published_at } : {}),
          dateModified: article.updated_at,
          ...(article.author_name ? { author: { '@type': 'Person', name: article.author_name } } : {}),
          publisher: { '@type': 'Organization', name: appName, url: siteUrl },
          keywords: article.tags.join(', '),
        }}
      />
    </>
  );
}
