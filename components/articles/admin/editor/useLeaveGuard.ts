import { useCallback, useEffect, useRef } from 'react';
import { useRouter } from 'next/router';

/**
 * Ask before leaving a page with unsaved changes: closing or reloading the tab (the browser's own
 * prompt) and links inside the app (`message` in a confirm). `release()` lets the next navigation
 * through at once (a save that then navigates, a deliberate reload) before React re-renders.
 */
export function useLeaveGuard(dirty: boolean, message: string): { release: () => void } {
  const router = useRouter();
  // The handlers read the latest value through the ref, so they are registered once.
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);
  const messageRef = useRef(message);
  useEffect(() => {
    messageRef.current = message;
  }, [message]);

  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!dirtyRef.current) return;
      e.preventDefault();
      e.returnValue = '';
    };
    const onRouteChange = (url: string) => {
      if (!dirtyRef.current || url === router.asPath) return;
      if (window.confirm(messageRef.current)) return;
      router.events.emit('routeChangeError', new Error('cancelled'), url, { shallow: false });
      // Next's documented way to stop a route change is to throw from this event.
      throw 'Leaving the page was cancelled';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    router.events.on('routeChangeStart', onRouteChange);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      router.events.off('routeChangeStart', onRouteChange);
    };
  }, [router]);

  const release = useCallback(() => {
    dirtyRef.current = false;
  }, []);
  return { release };
}
