import dynamic from 'next/dynamic';
import { useConsentStore } from '@/stores/useConsentStore';

// The panel loads only for visitors who have not answered yet (or reopen it from the footer).
const ConsentPanel = dynamic(() => import('./ConsentPanel'), { ssr: false });

/**
 * The consent banner (issue 3): separate choices for analytics and marketing, equally easy to
 * accept or refuse. Shown until the visitor answers; reopened from the footers' "Cookie settings".
 */
export default function ConsentBanner() {
  const hydrated = useConsentStore((s) => s.hydrated);
  const decided = useConsentStore((s) => s.decided);
  const preferencesOpen = useConsentStore((s) => s.preferencesOpen);
  if (!hydrated || (decided && !preferencesOpen)) return null;
  // Remounted when reopened from the footer, so the switches start from the saved answer.
  return <ConsentPanel key={preferencesOpen ? 'preferences' : 'first-visit'} reopened={preferencesOpen} />;
}
