// The public pages' pure helpers (issue 25 item 5), each expectation worked out by hand.
import { strongestSignals } from '@/components/landing/LandingShowcase';
import { linePoints } from '@/components/landing/MiniPriceChart';
import { strongestComponent } from '@/components/landing/PublicStockSummary';
import { publicStockHref, publicStockUrl } from '@/components/landing/publicStockLinks';
import { MARKET_OSLO, MARKET_US } from '@/lib/constants';
import type { PublicSignalItem, PublicTopSignals } from '@/lib/types/publicStocks';

const item = (
  symbol: string,
  technical_score: number,
  currency: 'NOK' | 'USD' = 'NOK',
): PublicSignalItem => ({
  symbol,
  long_name: `${symbol} Inc`,
  currency,
  close: 100,
  date: '2025-12-30',
  technical_score,
  signal: technical_score > 0 ? 'buy' : 'sell',
});

describe('strongestSignals', () => {
  const data: PublicTopSignals = {
    as_of: '2025-12-31',
    demo: true,
    markets: [
      {
        country_id: MARKET_OSLO,
        name: 'Oslo',
        buy: [item('MOWI', 0.5), item('DNB', 0.8)],
        sell: [item('NHY', -0.9)],
      },
      {
        country_id: MARKET_US,
        name: 'US',
        buy: [item('AAPL', 0.8, 'USD')],
        sell: [item('TSLA', -0.3, 'USD')],
      },
    ],
  };

  it('ranks buy and sell together by |score| across markets, the symbol breaking a tie', () => {
    // |scores|: NHY 0.9, AAPL 0.8, DNB 0.8 (tie: AAPL < DNB), MOWI 0.5, TSLA 0.3 → the first three.
    expect(strongestSignals(data).map((s) => [s.symbol, s.country_id])).toEqual([
      ['NHY', MARKET_OSLO],
      ['AAPL', MARKET_US],
      ['DNB', MARKET_OSLO],
    ]);
  });

  it('takes as many as asked and all there are when fewer', () => {
    expect(strongestSignals(data, 1).map((s) => s.symbol)).toEqual(['NHY']);
    expect(strongestSignals(data, 10).map((s) => s.symbol)).toEqual(['NHY', 'AAPL', 'DNB', 'MOWI', 'TSLA']);
  });

  it('gives an empty list for a day without signals', () => {
    expect(strongestSignals({ as_of: null, demo: false, markets: [] })).toEqual([]);
    expect(
      strongestSignals({
        as_of: null,
        demo: false,
        markets: [{ country_id: MARKET_OSLO, name: 'Oslo', buy: [], sell: [] }],
      }),
    ).toEqual([]);
  });
});

describe('strongestComponent (weights trend 0.4, the others 0.2)', () => {
  it('picks the largest |weight × value|, a negative one included', () => {
    // trend 0.4 × 0.5 = 0.2 beats support/resistance 0.2 × 0.9 = 0.18.
    expect(strongestComponent({ trend: 0.5, support_resistance: -0.9, momentum: 0.3, volume: 0.1 })).toBe(
      'trend',
    );
    // trend 0.4 × 0.2 = 0.08 loses to support/resistance 0.18.
    expect(strongestComponent({ trend: 0.2, support_resistance: -0.9, momentum: 0.3, volume: 0.1 })).toBe(
      'support_resistance',
    );
    // volume 0.2 × 1 = 0.2 beats trend 0.4 × 0.25 = 0.1 and momentum 0.2 × 0.5 = 0.1.
    expect(strongestComponent({ trend: 0.25, support_resistance: 0, momentum: -0.5, volume: 1 })).toBe(
      'volume',
    );
  });

  it('keeps the first in DESIGN.md order on a tie', () => {
    // 0.4 × 0.25 = 0.2 × 0.5 = 0.2 × 0.5 = 0.1: trend comes first.
    expect(strongestComponent({ trend: 0.25, support_resistance: 0.5, momentum: -0.5, volume: 0 })).toBe(
      'trend',
    );
    // support/resistance and momentum both 0.1, volume 0.05: support/resistance comes first.
    expect(strongestComponent({ trend: 0, support_resistance: 0.5, momentum: -0.5, volume: 0.25 })).toBe(
      'support_resistance',
    );
    expect(strongestComponent({ trend: 0, support_resistance: 0, momentum: 0, volume: 0 })).toBe('trend');
  });
});

describe('linePoints (the mini chart, 320 × 96 inside 4)', () => {
  it('spreads the sessions evenly and scales the closes between the lowest and highest', () => {
    // step (320 − 8) / 2 = 156; y = 4 + (20 − close) / 10 × 88: 10 → 92, 20 → 4, 15 → 48.
    expect(linePoints([10, 20, 15])).toEqual([
      [4, 92],
      [160, 4],
      [316, 48],
    ]);
  });

  it('rounds to hundredths in a given box', () => {
    // 10 × 10 box, no pad: x = i × 10/3 → 0, 3.33, 6.67, 10; y = (3 − c)/3 × 10 → 10, 6.67, 3.33, 0.
    expect(linePoints([0, 1, 2, 3], 10, 10, 0)).toEqual([
      [0, 10],
      [3.33, 6.67],
      [6.67, 3.33],
      [10, 0],
    ]);
  });

  it('draws a flat series mid-height, one close at the left edge, and nothing for no closes', () => {
    expect(linePoints([5, 5])).toEqual([
      [4, 48],
      [316, 48],
    ]);
    expect(linePoints([7])).toEqual([[4, 48]]);
    expect(linePoints([])).toEqual([]);
  });
});

describe('public stock links', () => {
  it('builds the page path and each locale’s absolute URL (English under /en)', () => {
    expect(publicStockHref('EQNR')).toBe('/public/stocks/EQNR');
    expect(publicStockHref('A B')).toBe('/public/stocks/A%20B');
    expect(publicStockUrl('https://trendvakt.example', 'nb', 'BRK.B')).toBe(
      'https://trendvakt.example/public/stocks/BRK.B',
    );
    expect(publicStockUrl('https://trendvakt.example', 'en', 'EQNR')).toBe(
      'https://trendvakt.example/en/public/stocks/EQNR',
    );
  });
});
