import { useTranslation } from 'next-i18next/pages';
import { marketById } from '@/lib/constants';
import { useMarketStore } from '@/stores/useMarketStore';

/** The market the signed-in area shows (chosen with the market switcher). */
export default function CurrentMarket() {
  const { t } = useTranslation('pages');
  const market = marketById(useMarketStore((s) => s.marketId));
  return (
    <p
      className="mt-3 mb-0 d-inline-flex align-items-center gap-2 tv-current-market"
      data-testid="current-market"
    >
      {/* eslint-disable-next-line @next/next/no-img-element -- tiny static flag SVG */}
      <img src={market.img} alt="" width={22} height={15} className="rounded-1 tv-flag" />
      <span>
        {t('home.market', {
          market: t(`common:markets.${market.id}`),
          index: t(`common:indexNames.${market.id}`),
        })}
      </span>
    </p>
  );
}
