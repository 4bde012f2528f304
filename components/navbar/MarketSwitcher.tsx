import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import MenuButton, { MenuHeader, MenuItem } from '@/components/common/MenuButton';
import { MARKETS, marketById, type MarketId } from '@/lib/constants';
import { useMarketStore } from '@/stores/useMarketStore';
import { useScreenerStore } from '@/stores/useScreenerStore';
import { indexAnalysisHref, marketSwitchTarget } from './marketSwitchTarget';

/**
 * SPEC §2/§4: choose Oslo Børs (160) or US Stocks (226), remembered. The page keeps its kind
 * (issue 24 item 10, marketSwitchTarget): the screener stays the screener, an analysis becomes the
 * new market's index analysis, other pages stay and show the new market.
 */
export default function MarketSwitcher() {
  const { t } = useTranslation('nav');
  const router = useRouter();
  const marketId = useMarketStore((s) => s.marketId);
  const setMarket = useMarketStore((s) => s.setMarket);
  const current = marketById(marketId);

  const mainIndexTickerId = useScreenerStore((s) => s.mainIndexTickerId);

  const choose = async (id: MarketId) => {
    if (id === marketId) return;
    setMarket(id);
    const target = marketSwitchTarget(router.pathname, router.query, id);
    if (target.kind === 'href') await router.push(target.href);
    if (target.kind === 'index-analysis') {
      const tickerId = await mainIndexTickerId(id, target.timeframe);
      await router.push(indexAnalysisHref(tickerId, target.timeframe));
    }
  };

  return (
    <MenuButton
      id="market-switcher"
      className="tv-market-switcher"
      toggleClassName="btn btn-sm btn-outline-secondary d-inline-flex align-items-center gap-2"
      alignEnd
      toggle={
        <>
          {/* eslint-disable-next-line @next/next/no-img-element -- tiny static flag SVG */}
          <img src={current.img} alt="" width={20} height={14} className="rounded-1 tv-flag" />
          <span className="visually-hidden">{t('market.label')}: </span>
          {/* On a phone the flag alone shows the market (the name stays in the accessible name). */}
          <span className="tv-visually-hidden-xs">{t(`common:markets.${current.id}`)}</span>
        </>
      }
    >
      <MenuHeader>{t('market.choose')}</MenuHeader>
      {MARKETS.map((market) => (
        <MenuItem
          key={market.id}
          active={market.id === marketId}
          aria-current={market.id === marketId ? 'true' : undefined}
          onClick={() => void choose(market.id)}
          className="d-flex align-items-center gap-2"
        >
          {/* eslint-disable-next-line @next/next/no-img-element -- tiny static flag SVG */}
          <img src={market.img} alt="" width={20} height={14} className="rounded-1 tv-flag" />
          <span>{t(`common:markets.${market.id}`)}</span>
          <small className="text-body-secondary ms-auto">
            <abbr title={t(`common:exchangeCode.${market.id}`)}>{market.exchange}</abbr>
          </small>
        </MenuItem>
      ))}
    </MenuButton>
  );
}
