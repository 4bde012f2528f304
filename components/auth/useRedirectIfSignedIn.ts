import { useEffect, useState } from 'react';
import { useRouter } from 'next/router';
import { useAuthStore, type AuthStatus } from '@/stores/useAuthStore';
import { safeReturnUrl } from './returnUrl';

export type AuthPageState = 'checking' | 'redirecting' | 'show';

/**
 * Login and registration pages send a person who is already signed in to /home (or the return
 * URL), SPEC §2 and §6. The decision is taken once, when Firebase has reported: a sign-in that
 * happens on the page itself is finished (toast, analytics, navigation) by its form.
 */
export function useRedirectIfSignedIn(): AuthPageState {
  const router = useRouter();
  const status = useAuthStore((s) => s.status);
  const [decided, setDecided] = useState<Exclude<AuthStatus, 'loading'> | null>(null);
  // Remember the first known status (React's "adjust state while rendering" pattern).
  if (decided === null && status !== 'loading') setDecided(status);

  useEffect(() => {
    if (decided === 'signedIn') void router.replace(safeReturnUrl(router.query.returnUrl));
  }, [decided, router]);

  if (decided === null) return 'checking';
  return decided === 'signedIn' ? 'redirecting' : 'show';
}
