import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'next-i18next/pages';
import SkipLink from '@/components/common/SkipLink';
import Footer from '@/components/footer/Footer';
import PublicNavbar from '@/components/navbar/PublicNavbar';

/** The blog landing layout (SPEC §2): the public frame with the blog's masthead. */
export default function BlogLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('pages');
  return (
    <div className="tv-public">
      <SkipLink />
      <PublicNavbar />
      <div className="tv-blog-masthead">
        <div className="tv-container container py-5">
          <p className="tv-eyebrow mb-2">{t('blog.eyebrow')}</p>
          <p className="lead mb-0 tv-blog-tagline">{t('blog.tagline')}</p>
        </div>
      </div>
      <main id="main" className="tv-public-main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </div>
  );
}

export function blogLayout(page: ReactElement) {
  return <BlogLayout>{page}</BlogLayout>;
}
