import type { ReactElement } from 'react';
import { ToastContainer } from 'react-toastify';
import { renderWithShell } from '../common/shellHelpers';
import { useAuthStore } from '@/stores/useAuthStore';
import { userWith } from '../common/shellHelpers';

export type Lang = 'nb' | 'en';
export const LANGS: Lang[] = ['nb', 'en'];

/** Signed in as an active subscriber with uid `uid-1`. */
export function signIn(): void {
  const user = userWith({ uid: 'uid-1' });
  useAuthStore.setState({
    status: 'signedIn',
    identity: { uid: user.uid, email: user.email, phoneNumber: null, displayName: null, emailVerified: true },
    user,
    userStatus: 'ready',
  });
}

/** Render with the real translations and a toast container; `t` is bound to the locale. */
export function renderPage(ui: ReactElement, lang: Lang) {
  return renderWithShell(
    <>
      {ui}
      <ToastContainer autoClose={false} />
    </>,
    lang,
  );
}

/** Text without the no-break and narrow spaces Intl puts in numbers (nb-NO groups with U+00A0). */
export const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
