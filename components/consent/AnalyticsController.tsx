import { useEffect } from 'react';
import { useRouter } from 'next/router';
import { pageView, setAnalyticsConsent } from '@/services/analytics';
import { useConsentStore } from '@/stores/useConsentStore';

/**
 * Wires consent and routing to analytics (SPEC §2: a page view on every route change). Reads the
 * saved consent after mount; nothing is sent before an explicit yes. Renders nothing.
 */
export default function AnalyticsController() {
  const router = useRouter();

  useEffect(() => {
    // Applies every later answer too (banner, footer "Cookie settings").
    const unsubscribe = useConsentStore.subscribe((state, previous) => {
      if (
        state.analytics !== previous.analytics ||
        state.marketing !== previous.marketing ||
        state.decided !== previous.decided
      ) {
        setAnalyticsConsent(state.decided ? state : { analytics: false, marketing: false });
      }
    });
    void useConsentStore.persist.rehydrate();
    return unsubscribe;
  }, []);

  useEffect(() => {
    // The landing page counts as a view; it is sent once consent allows it.
    pageView(router.asPath);
    const onRouteChange = (url: string) => pageView(url);
    router.events.on('routeChangeComplete', onRouteChange);
    return () => router.events.off('routeChangeComplete', onRouteChange);
    // Only once: later pages arrive through routeChangeComplete.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- subscribe once per app mount
  }, []);

  return null;
}
