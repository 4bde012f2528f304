import { useEffect, type ReactElement, type ReactNode } from 'react';
import { useRouter } from 'next/router';
import GatePanel from '@/components/common/GatePanel';
import Loader from '@/components/common/Loader';
import SkipLink from '@/components/common/SkipLink';
import { useDeferredArrival } from '@/components/common/useDeferredArrival';
import AppFooter from '@/components/footer/AppFooter';
import Sidebar from '@/components/navbar/Sidebar';
import TopNavbar from '@/components/navbar/TopNavbar';
import { loginUrlFor, resolveGate, roleOf, visibleMenu, type Access } from '@/lib/permissions';
import { preloadApiClient, useAuthStore } from '@/stores/useAuthStore';

export interface SidebarLayoutProps {
  children: ReactNode;
  /** What the page needs (SPEC §6). Market pages need an active subscription, the default. */
  access?: Access;
}

/**
 * The signed-in area (SPEC §2): sidebar, top bar, page. A loader while the sign-in state or the
 * backend user loads; a signed-out visitor goes to the login page with a return URL; a role that
 * may not see the page gets a panel saying why, with a link to /products.
 */
const isAllowed = (gate: ReturnType<typeof resolveGate>): boolean => gate === 'allowed';

export default function SidebarLayout({ children, access = 'subscription' }: SidebarLayoutProps) {
  const router = useRouter();
  const status = useAuthStore((s) => s.status);
  const userStatus = useAuthStore((s) => s.userStatus);
  const user = useAuthStore((s) => s.user);
  const fetchUser = useAuthStore((s) => s.fetchUser);
  const gate = resolveGate({ status, userStatus, user }, access);

  // A signed-in page fetches the user and its data as soon as the sign-in state is known.
  useEffect(() => preloadApiClient(), []);

  useEffect(() => {
    // Wait for the router: before that, a static page's asPath lacks the query string.
    if (gate === 'redirectToLogin' && router.isReady) void router.replace(loginUrlFor(router.asPath));
  }, [gate, router]);

  // The shell and the page are the largest render of a load: when the user has arrived, React
  // renders them as a background update that yields to the browser every few milliseconds (what was
  // shown, the loader, stays until it is done) instead of one long task (Lighthouse's TBT). Any
  // other change of the gate (signed out, a panel) shows at once.
  const shown = useDeferredArrival(gate, isAllowed);
  if (shown === 'loading' || shown === 'redirectToLogin') return <Loader fullPage />;

  const menu = visibleMenu(roleOf(true, user));
  return (
    <div className="tv-app">
      <SkipLink />
      <Sidebar menu={menu} />
      <div className="tv-app-column">
        <TopNavbar menu={menu} />
        <main id="main" className="tv-app-main" tabIndex={-1}>
          {shown === 'allowed' ? children : <GatePanel reason={shown} onRetry={() => void fetchUser()} />}
        </main>
        <AppFooter />
      </div>
    </div>
  );
}

/** `Page.getLayout = sidebarLayout('signedIn')` */
export function sidebarLayout(access: Access = 'subscription') {
  return function getLayout(page: ReactElement) {
    return <SidebarLayout access={access}>{page}</SidebarLayout>;
  };
}
