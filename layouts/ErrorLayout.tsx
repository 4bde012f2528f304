import type { ReactElement, ReactNode } from 'react';
import Brand from '@/components/common/Brand';
import SkipLink from '@/components/common/SkipLink';
import AppFooter from '@/components/footer/AppFooter';

/** The error layout (SPEC §2): the logo, the message, a way home. */
export default function ErrorLayout({ children }: { children: ReactNode }) {
  return (
    <div className="tv-error">
      <SkipLink />
      <header className="tv-auth-bar">
        <Brand />
      </header>
      <main id="main" className="tv-error-main" tabIndex={-1}>
        {children}
      </main>
      <AppFooter />
    </div>
  );
}

export function errorLayout(page: ReactElement) {
  return <ErrorLayout>{page}</ErrorLayout>;
}
