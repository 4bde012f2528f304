import { MARKET_OSLO, MARKET_US } from '@/lib/constants';
import { STORAGE_KEYS } from '@/lib/storage';
import { useMarketStore } from '@/stores/useMarketStore';

beforeEach(() => {
  useMarketStore.getState().reset();
  window.localStorage.clear();
});

describe('useMarketStore', () => {
  it('defaults to Oslo Børs (160) and timeframe 2', () => {
    expect(useMarketStore.getState()).toMatchObject({ marketId: 160, timeframe: 2 });
  });

  it('saves the chosen market in localStorage, not the timeframe', () => {
    useMarketStore.getState().setMarket(MARKET_US);
    useMarketStore.getState().setTimeframe(3);
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.market)!).state).toEqual({ marketId: 226 });
  });

  it('restores the market on load', async () => {
    window.localStorage.setItem(
      STORAGE_KEYS.market,
      JSON.stringify({ state: { marketId: 226 }, version: 0 }),
    );
    await useMarketStore.persist.rehydrate();
    expect(useMarketStore.getState().marketId).toBe(MARKET_US);
    expect(useMarketStore.getState().timeframe).toBe(2);
  });

  it('ignores an unknown stored market', async () => {
    window.localStorage.setItem(
      STORAGE_KEYS.market,
      JSON.stringify({ state: { marketId: 999 }, version: 0 }),
    );
    await useMarketStore.persist.rehydrate();
    expect(useMarketStore.getState().marketId).toBe(MARKET_OSLO);
  });

  it('rejects unknown markets and timeframes', () => {
    useMarketStore.getState().setMarket(7 as never);
    useMarketStore.getState().setTimeframe(9 as never);
    expect(useMarketStore.getState()).toMatchObject({ marketId: 160, timeframe: 2 });
  });

  it('reset returns to the defaults', () => {
    useMarketStore.getState().setMarket(MARKET_US);
    useMarketStore.getState().setTimeframe(1);
    useMarketStore.getState().reset();
    expect(useMarketStore.getState()).toMatchObject({ marketId: 160, timeframe: 2 });
  });
});
