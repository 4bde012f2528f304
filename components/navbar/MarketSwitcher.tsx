import { Dropdown } from 'react-bootstrap';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { MARKETS, marketById, type MarketId } from '@/lib/constants';
import { useMarketStore } from '@/stores/useMarketStore';

/** SPEC §2/§4: choose Oslo Børs (160) or US Stocks (226); choosing goes to /home. Remembered. */
export default function MarketSwitcher() {
  const { t } = useTranslation('nav');
  const router = useRouter();
  const marketId = useMarketStore((s) => s.marketId);
  const setMarket = useMarketStore((s) => s.setMarket);
  const current = marketById(marketId);

  const choose = (id: MarketId) => {
    setMarket(id);
    void router.push('/home');
  };

  return (
    <Dropdown align="end" className="tv-market-switcher">
      <Dropdown.Toggle
        variant="outline-secondary"
        size="sm"
        id="market-switcher"
        className="d-inline-flex align-items-center gap-2"
      >
        {/* eslint-disable-next-line @next/next/no-img-element -- tiny static flag SVG */}
        <img src={current.img} alt="" width={20} height={14} className="rounded-1 tv-flag" />
        <span className="visually-hidden">{t('market.label')}: </span>
        <span>{t(`common:markets.${current.id}`)}</span>
      </Dropdown.Toggle>
      <Dropdown.Menu>
        <Dropdown.Header>{t('market.choose')}</Dropdown.Header>
        {MARKETS.map((market) => (
          <Dropdown.Item
            key={market.id}
            as="button"
            active={market.id === marketId}
            aria-current={market.id === marketId ? 'true' : undefined}
            onClick={() => choose(market.id)}
            className="d-flex align-items-center gap-2"
          >
            {/* eslint-disable-next-line @next/next/no-img-element -- tiny static flag SVG */}
            <img src={market.img} alt="" width={20} height={14} className="rounded-1 tv-flag" />
            <span>{t(`common:markets.${market.id}`)}</span>
            <small className="text-body-secondary ms-auto">{market.exchange}</small>
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}
