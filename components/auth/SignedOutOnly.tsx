import type { ReactNode } from 'react';
import Loader from '@/components/common/Loader';
import { useRedirectIfSignedIn } from './useRedirectIfSignedIn';

/** Login and registration content: shown to signed-out visitors; a signed-in person is sent on (SPEC §6). */
export default function SignedOutOnly({ children }: { children: ReactNode }) {
  const state = useRedirectIfSignedIn();
  return state === 'show' ? <>{children}</> : <Loader />;
}
