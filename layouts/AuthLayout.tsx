import type { ReactElement, ReactNode } from 'react';
import Brand from '@/components/common/Brand';
import LanguageDropdown from '@/components/common/LanguageDropdown';
import SkipLink from '@/components/common/SkipLink';
import AppFooter from '@/components/footer/AppFooter';
import SettingsToggle from '@/components/settings/SettingsToggle';
import ThemeToggle from '@/components/settings/ThemeToggle';

/** The simple auth layout (SPEC §2): the logo, a centred card for the form, language and theme. */
export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="tv-auth">
      <SkipLink />
      <header className="tv-auth-bar">
        <Brand />
        <div className="nav align-items-center">
          <LanguageDropdown id="auth-language-menu" />
          <ThemeToggle />
          <SettingsToggle />
        </div>
      </header>
      <main id="main" className="tv-auth-main" tabIndex={-1}>
        <div className="card tv-auth-card shadow-sm">
          <div className="card-body p-4 p-sm-5">{children}</div>
        </div>
      </main>
      <AppFooter />
    </div>
  );
}

export function authLayout(page: ReactElement) {
  return <AuthLayout>{page}</AuthLayout>;
}
