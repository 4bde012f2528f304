/** @jest-environment node */
import { MARKET_OSLO, MARKET_US, type MarketId } from '@/lib/constants';
import type { Bar } from '@/lib/types/market';
import { dayNumber, weekdaysBetween } from '@/server/market-data/dates';
import {
  DEMO_ANCHOR,
  demoPriceLevel,
  DEMO_BAND,
  DEMO_EPOCH,
  generateIndexBars,
  generateMarket,
  generateTickerBars,
  generateUsdNok,
} from '@/server/market-data/demo';
import {
  findUniverseTicker,
  universeMarket,
  universeTickers,
  type UniverseTicker,
  isIndexMember,
} from '@/server/market-data/universe';

// Frozen "today": a Friday well after the anchor, so the band and the ten years both apply.
const END = '2026-11-20';

function ticker(marketId: MarketId, symbol: string): UniverseTicker {
  const t = findUniverseTicker(marketId, symbol);
  if (!t) throw new Error(`no ${symbol}`);
  return t;
}

function expectConsistentBars(bars: readonly Bar[], label: string): void {
  let previous = '';
  for (const b of bars) {
    const ok =
      b.low > 0 &&
      b.low <= Math.min(b.open, b.close) &&
      b.high >= Math.max(b.open, b.close) &&
      b.volume > 0 &&
      Number.isInteger(b.volume) &&
      b.date > previous;
    if (!ok) throw new Error(`${label}: inconsistent bar ${JSON.stringify(b)} after ${previous}`);
    const weekday = new Date(`${b.date}T00:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) throw new Error(`${label}: weekend date ${b.date}`);
    previous = b.date;
  }
}

const oslo = generateMarket(MARKET_OSLO, END);
const us = generateMarket(MARKET_US, END);

describe('demo generator: determinism and prefix stability', () => {
  it('gives identical bars for the same ticker and end date, also from a fresh module instance', async () => {
    const eqnr = ticker(MARKET_OSLO, 'EQNR');
    const first = generateTickerBars(MARKET_OSLO, eqnr, END);
    expect(generateTickerBars(MARKET_OSLO, eqnr, END)).toEqual(first);
    let fresh: Bar[] = [];
    await jest.isolateModulesAsync(async () => {
      // A new copy of the module has empty caches: the result must not depend on them.
      const mod = await import('@/server/market-data/demo/generator');
      fresh = mod.generateTickerBars(MARKET_OSLO, eqnr, END);
    });
    expect(fresh).toEqual(first);
    expect(oslo.tickers.get('EQNR')).toEqual(first);
  });

  it('gives different tickers different paths', () => {
    const a = oslo.tickers.get('EQNR') ?? [];
    const b = oslo.tickers.get('DNB') ?? [];
    const returns = (bars: Bar[]) => bars.slice(1, 200).map((x, i) => x.close / bars[i].close);
    expect(returns(a)).not.toEqual(returns(b));
  });

  it.each([
    ['2016-06-15', 'well before the anchor'],
    ['2025-06-27', 'just before the anchor'],
    ['2025-12-31', 'after the anchor'],
  ])('reproduces every earlier bar when the end date moves on (cut at %s, %s)', (cut) => {
    for (const [marketId, symbol] of [
      [MARKET_OSLO, 'LSG'],
      [MARKET_US, 'AAPL'],
    ] as const) {
      const longer = generateTickerBars(marketId, ticker(marketId, symbol), END);
      const shorter = generateTickerBars(marketId, ticker(marketId, symbol), cut);
      expect(shorter.length).toBeGreaterThan(0);
      expect(shorter[shorter.length - 1].date <= cut).toBe(true);
      expect(longer.slice(0, shorter.length)).toEqual(shorter);
      expect(longer[shorter.length].date > cut).toBe(true);
    }
    const index = generateIndexBars(MARKET_OSLO, cut);
    expect(oslo.index.slice(0, index.length)).toEqual(index);
    const fx = generateUsdNok(cut);
    expect(generateUsdNok(END).slice(0, fx.length)).toEqual(fx);
  });

  it('returns nothing for an end date before the epoch', () => {
    expect(generateTickerBars(MARKET_OSLO, ticker(MARKET_OSLO, 'EQNR'), '2014-12-31')).toEqual([]);
    expect(generateUsdNok('2014-12-31')).toEqual([]);
  });
});

describe('demo generator: shape of the data', () => {
  it('has consistent OHLCV on weekdays only, for every ticker of both markets', () => {
    for (const market of [oslo, us]) {
      for (const [symbol, bars] of market.tickers) expectConsistentBars(bars, symbol);
    }
  });

  it('covers at least ten years, from the fixed epoch to the end date, on one calendar per market', () => {
    for (const market of [oslo, us]) {
      const reference = (market.tickers.get(market.marketId === MARKET_OSLO ? 'EQNR' : 'AAPL') ?? []).map(
        (b) => b.date,
      );
      expect(reference[0]).toBe(DEMO_EPOCH);
      expect(reference[reference.length - 1]).toBe(END);
      expect(dayNumber(END) - dayNumber(reference[0])).toBeGreaterThanOrEqual(3653);
      for (const bars of market.tickers.values()) expect(bars.map((b) => b.date)).toEqual(reference);
      expect(market.index.map((b) => b.date)).toEqual(reference);
    }
  });

  it('closes exactly at each price level on the anchor date', () => {
    for (const marketId of [MARKET_OSLO, MARKET_US] as const) {
      const market = marketId === MARKET_OSLO ? oslo : us;
      for (const t of universeTickers(marketId)) {
        const bar = (market.tickers.get(t.symbol) ?? []).find((b) => b.date === DEMO_ANCHOR);
        expect(bar?.close).toBeCloseTo(demoPriceLevel(t), 2);
      }
    }
  });

  it(`keeps every close after the anchor within ±${Math.round((DEMO_BAND - 1) * 100)} % of the price level`, () => {
    // Guaranteed by construction (reflecting band), checked up to a date far past the anchor.
    const far = '2028-06-30';
    for (const marketId of [MARKET_OSLO, MARKET_US] as const) {
      for (const t of universeTickers(marketId)) {
        const bars = generateTickerBars(marketId, t, far);
        const level = demoPriceLevel(t);
        for (const b of bars) {
          if (b.date <= DEMO_ANCHOR) continue;
          const ratio = b.close / level;
          if (ratio > DEMO_BAND || ratio < 1 / DEMO_BAND)
            throw new Error(`${t.symbol} ${b.date}: close ${b.close} vs level ${level}`);
        }
        const last = bars[bars.length - 1].close;
        expect(Math.abs(last / level - 1)).toBeLessThanOrEqual(0.35);
      }
    }
  });

  it('has overnight gaps of more than 3 % now and then, but not every week', () => {
    let gaps = 0;
    let days = 0;
    for (const bars of oslo.tickers.values()) {
      for (let i = 1; i < bars.length; i += 1) {
        days += 1;
        if (Math.abs(bars[i].open / bars[i - 1].close - 1) > 0.03) gaps += 1;
      }
    }
    const rate = gaps / days;
    expect(rate).toBeGreaterThan(0.004);
    expect(rate).toBeLessThan(0.05);
  });

  it('trades more volume on big moves than on quiet days', () => {
    let higher = 0;
    for (const bars of us.tickers.values()) {
      const days = bars
        .slice(1)
        .map((b, i) => ({ move: Math.abs(Math.log(b.close / bars[i].close)), volume: b.volume }));
      days.sort((a, b) => a.move - b.move);
      const mean = (xs: { volume: number }[]) => xs.reduce((s, x) => s + x.volume, 0) / xs.length;
      const quiet = mean(days.slice(0, Math.floor(days.length / 2)));
      const big = mean(days.slice(Math.floor(days.length * 0.9)));
      if (big > 1.5 * quiet) higher += 1;
    }
    expect(higher).toBe(us.tickers.size);
  });

  it('switches regimes: calm and wild quarters, rising and falling half-years', () => {
    const bars = oslo.tickers.get('MOWI') ?? [];
    const vols: number[] = [];
    const moves: number[] = [];
    for (let start = 1; start + 126 < bars.length; start += 63) {
      const r = bars.slice(start, start + 63).map((b, i) => Math.log(b.close / bars[start + i - 1].close));
      const mean = r.reduce((s, x) => s + x, 0) / r.length;
      vols.push(Math.sqrt(r.reduce((s, x) => s + (x - mean) ** 2, 0) / r.length));
      moves.push(Math.log(bars[start + 125].close / bars[start].close));
    }
    expect(Math.max(...vols) / Math.min(...vols)).toBeGreaterThan(1.8);
    expect(Math.max(...moves)).toBeGreaterThan(0.1);
    expect(Math.min(...moves)).toBeLessThan(-0.1);
  });
});

describe('demo generator: indexes built from members', () => {
  it.each([
    [MARKET_OSLO, oslo],
    [MARKET_US, us],
  ] as const)(
    'market %s: cap-weighted member closes, summed member volume, level at the anchor',
    (marketId, market) => {
      // Only the index members count (OSEBX constituents; every NASDAQ-100 name), not Expand/Growth.
      const members = universeTickers(marketId).filter((t) => isIndexMember(marketId, t));
      const shares = (t: UniverseTicker) => (t.sharesOutstandingM ?? 0) * 1e6;
      const totalValue = (i: number) =>
        members.reduce((s, t) => s + shares(t) * (market.tickers.get(t.symbol) ?? [])[i].close, 0);
      const index = market.index;
      expectConsistentBars(index, `index ${marketId}`);
      const anchor = index.findIndex((b) => b.date === DEMO_ANCHOR);
      expect(index[anchor].close).toBeCloseTo(universeMarket(marketId).index.level, 2);
      for (const i of [1, 500, 1500, anchor + 1, index.length - 1]) {
        const expected = index[anchor].close * (totalValue(i) / totalValue(anchor));
        expect(Math.abs(index[i].close / expected - 1)).toBeLessThan(1e-5);
        expect(index[i].volume).toBe(
          members.reduce((s, t) => s + (market.tickers.get(t.symbol) ?? [])[i].volume, 0),
        );
      }
    },
  );

  it('follows its only member when built from one ticker', () => {
    const eqnr = ticker(MARKET_OSLO, 'EQNR');
    const index = generateIndexBars(MARKET_OSLO, END, [eqnr], 1000);
    const bars = oslo.tickers.get('EQNR') ?? [];
    const anchorClose = demoPriceLevel(eqnr);
    for (const i of [0, 1000, bars.length - 1]) {
      expect(index[i].close).toBeCloseTo((1000 * bars[i].close) / anchorClose, 2);
      expect(index[i].volume).toBe(bars[i].volume);
    }
  });
});

describe('demo USD/NOK', () => {
  const fx = generateUsdNok(END, 10.5);

  it('is a weekday series from the epoch with plausible, mean-reverting rates', () => {
    expect(fx[0].date).toBe(DEMO_EPOCH);
    expect(fx[fx.length - 1].date).toBe(END);
    // Currencies trade on exchange holidays: every weekday (the stocks skip the holidays).
    expect(fx.map((r) => r.date)).toEqual(weekdaysBetween(DEMO_EPOCH, END));
    for (const r of fx) {
      expect(r.rate).toBeGreaterThanOrEqual(10.5 * Math.exp(-0.35) - 1e-4);
      expect(r.rate).toBeLessThanOrEqual(10.5 * Math.exp(0.25) + 1e-4);
    }
    const after = fx.filter((r) => r.date > DEMO_ANCHOR);
    const mean = after.reduce((s, r) => s + r.rate, 0) / after.length;
    expect(Math.abs(mean / 10.5 - 1)).toBeLessThan(0.12);
  });
});
