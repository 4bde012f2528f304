/** @jest-environment node */
import { MARKET_OSLO, MARKET_US } from '@/lib/constants';
import { DemoProvider, DEMO_ANCHOR, generateIndexBars, lastWeekday } from '@/server/market-data/demo';
import { MarketDataError } from '@/server/market-data/errors';
import { universeTickers } from '@/server/market-data/universe';

const provider = new DemoProvider();
const TO = lastWeekday(new Date('2026-11-22T12:00:00Z')); // a Sunday -> Friday 2026-11-20

describe('DemoProvider', () => {
  it('lists the universe of each market', async () => {
    const oslo = await provider.listSymbols(MARKET_OSLO);
    expect(oslo).toHaveLength(universeTickers(MARKET_OSLO).length);
    expect(oslo.find((t) => t.symbol === 'LSG')).toEqual({
      symbol: 'LSG',
      name: 'Lerøy Seafood Group ASA',
      sector: 'Consumer Staples',
      segment: 'oslo_bors',
      currency: 'NOK',
      img: '',
      // Lerøy Seafood Group's public ISIN (issue 13: the universe carries ISINs)
      isin: 'NO0003096208',
    });
    expect(await provider.listSymbols(MARKET_US)).toHaveLength(101);
  });

  it('serves bars in an inclusive range ending on the last weekday', async () => {
    const bars = await provider.getDailyBars('EQNR', MARKET_OSLO, { from: '2026-11-16', to: TO });
    expect(bars.map((b) => b.date)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
    ]);
    const all = await provider.getDailyBars('EQNR', MARKET_OSLO, { to: TO });
    expect(all.slice(-5)).toEqual(bars);
  });

  it('extends incrementally: a later sync returns the same earlier bars plus the new ones', async () => {
    const before = await provider.getDailyBars('AAPL', MARKET_US, { to: '2026-11-13' });
    const after = await provider.getDailyBars('AAPL', MARKET_US, { from: '2026-11-01', to: TO });
    const overlap = after.filter((b) => b.date <= '2026-11-13');
    expect(before.slice(-overlap.length)).toEqual(overlap);
    expect(after[after.length - 1].date).toBe(TO);
  });

  it('serves the index built from the members, and USD/NOK, in range', async () => {
    const index = await provider.getIndexBars(MARKET_OSLO, { from: DEMO_ANCHOR, to: TO });
    expect(index[0].date).toBe(DEMO_ANCHOR);
    expect(index[0].close).toBeCloseTo(1560, 2);
    expect(index).toEqual(generateIndexBars(MARKET_OSLO, TO).filter((b) => b.date >= DEMO_ANCHOR));
    const fx = await provider.getUsdNok({ from: '2026-11-19', to: TO });
    expect(fx.map((r) => r.date)).toEqual(['2026-11-19', '2026-11-20']);
  });

  it('refuses unknown symbols and malformed ranges', async () => {
    await expect(provider.getDailyBars('NOPE', MARKET_OSLO, { to: TO })).rejects.toMatchObject({
      code: 'UNKNOWN_SYMBOL',
    });
    await expect(provider.getDailyBars('AAPL', MARKET_OSLO, { to: TO })).rejects.toBeInstanceOf(
      MarketDataError,
    );
    await expect(provider.getIndexBars(MARKET_US, { to: '2026/11/20' })).rejects.toMatchObject({
      code: 'INVALID_DATA',
    });
  });
});
