import { useEffect, useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { publicStockHref } from '@/components/landing/publicStockLinks';
import { PLACEHOLDER_ORIGIN, safeReturnUrl } from '@/lib/permissions';
import { billingService } from '@/services/billingService';

/**
 * The ticker id of a return URL that opens a stock's analysis (`/market/analysis?tickerID=12…`),
 * or null for any other (or unsafe) return URL. Exported for the test.
 */
export function analysisTickerId(returnUrl: unknown): number | null {
  const safe = safeReturnUrl(returnUrl, PLACEHOLDER_ORIGIN);
  if (!safe) return null;
  const url = new URL(safe, PLACEHOLDER_ORIGIN);
  if (url.pathname !== '/market/analysis') return null;
  const raw = url.searchParams.get('tickerID') ?? '';
  return /^[1-9][0-9]{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
}

/**
 * Issue 25: a signed-out visitor sent to the login page from a stock's analysis
 * (`?returnUrl=/market/analysis?tickerID=…`) is offered that stock's public page, a way in without
 * an account. The offer is extra: while its symbol loads, or when it cannot be found (an index, an
 * unknown id, a network error), the login form stands alone.
 */
export default function PublicStockOffer() {
  const { t } = useTranslation('auth');
  const router = useRouter();
  const tickerId = router.isReady ? analysisTickerId(router.query.returnUrl) : null;
  const [found, setFound] = useState<{ tickerId: number; symbol: string } | null>(null);

  useEffect(() => {
    if (tickerId === null) return;
    let live = true;
    billingService.publicStockSymbol(tickerId).then(
      (symbol) => {
        if (live) setFound({ tickerId, symbol });
      },
      () => {
        // No public page for this id: nothing to offer, the login form is enough.
      },
    );
    return () => {
      live = false;
    };
  }, [tickerId]);

  if (tickerId === null || found?.tickerId !== tickerId) return null;
  return (
    <aside
      className="alert alert-info mt-4 mb-0"
      aria-labelledby="public-stock-offer-title"
      data-testid="public-stock-offer"
    >
      <h2 id="public-stock-offer-title" className="h6">
        {t('login.publicStockTitle')}
      </h2>
      <p className="mb-2">{t('login.publicStockText', { symbol: found.symbol })}</p>
      <Link href={publicStockHref(found.symbol)} className="alert-link">
        {t('login.publicStockLink', { symbol: found.symbol })}
      </Link>
    </aside>
  );
}
