import type { ReactElement, ReactNode } from 'react';
import SkipLink from '@/components/common/SkipLink';
import Footer from '@/components/footer/Footer';
import PublicNavbar from '@/components/navbar/PublicNavbar';

/** The public landing layout (SPEC §2): top navigation, the page, the footer. */
export default function LandingLayout({ children }: { children: ReactNode }) {
  return (
    <div className="tv-public">
      <SkipLink />
      <PublicNavbar />
      <main id="main" className="tv-public-main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </div>
  );
}

export function landingLayout(page: ReactElement) {
  return <LandingLayout>{page}</LandingLayout>;
}
