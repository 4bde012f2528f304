import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import PageHeader from '@/components/common/PageHeader';
import { blogLayout } from '@/layouts/BlogLayout';
import { PUBLIC_NAMESPACES } from '@/lib/i18n';
import { staticTranslations } from '@/lib/staticProps';
import type { NextPageWithLayout } from '@/lib/types/page';

const TOPICS = ['analysis', 'markets', 'portfolio'] as const;

const BlogPage: NextPageWithLayout = () => {
  const { t } = useTranslation('pages');
  return (
    <div className="container tv-container py-5">
      <PageHeader page="blog" />
      <div className="row g-4">
        {TOPICS.map((topic) => (
          <div key={topic} className="col-md-4">
            <section className="tv-card h-100 p-4" aria-labelledby={`blog-topic-${topic}`}>
              <h2 id={`blog-topic-${topic}`} className="h5">
                {t(`blog.topics.${topic}.title`)}
              </h2>
              <p className="text-body-secondary mb-0">{t(`blog.topics.${topic}.text`)}</p>
            </section>
          </div>
        ))}
      </div>
      <p className="mt-4">
        <Link href="/articles/list">{t('blog.membersLink')}</Link>
      </p>
    </div>
  );
};

BlogPage.getLayout = blogLayout;

export const getStaticProps = staticTranslations([...PUBLIC_NAMESPACES, 'pages']);

export default BlogPage;
