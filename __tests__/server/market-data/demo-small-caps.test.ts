/** @jest-environment node */
// Issue 39 item 1: Expand and Growth shares are priced like small caps (wider daily moves, small
// turnover), deterministically, and the main list keeps its old series.
import { MARKET_OSLO } from '@/lib/constants';
import { demoPriceLevel, DEMO_ANCHOR, generateTickerBars } from '@/server/market-data/demo';
import { findUniverseTicker, universeTickers, type UniverseTicker } from '@/server/market-data/universe';

const END = '2026-06-30';

function ticker(symbol: string): UniverseTicker {
  const t = findUniverseTicker(MARKET_OSLO, symbol);
  if (!t) throw new Error(`no ${symbol}`);
  return t;
}

/** Standard deviation of daily log returns over the last 250 bars. */
function dailyVol(symbol: string): number {
  const bars = generateTickerBars(MARKET_OSLO, ticker(symbol), END).slice(-251);
  const r = bars.slice(1).map((b, i) => Math.log(b.close / bars[i].close));
  const mean = r.reduce((s, x) => s + x, 0) / r.length;
  return Math.sqrt(r.reduce((s, x) => s + (x - mean) ** 2, 0) / r.length);
}

/** Mean close × volume (NOK) over the last 66 bars, as DESIGN.md §6 defines turnover_avg_66. */
function turnover(symbol: string): number {
  const bars = generateTickerBars(MARKET_OSLO, ticker(symbol), END).slice(-66);
  return bars.reduce((s, b) => s + b.close * b.volume, 0) / bars.length;
}

describe('demo small caps', () => {
  it('prices every Growth share, deterministically, at its derived level on the anchor date', () => {
    const growth = universeTickers(MARKET_OSLO).filter((t) => t.segment === 'growth');
    expect(growth.length).toBeGreaterThan(50);
    for (const t of growth.slice(0, 5)) {
      const level = demoPriceLevel(t);
      // Growth's derived levels are drawn in [1, 60] NOK (generator.ts SEGMENT_PARAMS).
      expect(level).toBeGreaterThanOrEqual(1);
      expect(level).toBeLessThanOrEqual(60);
      const a = generateTickerBars(MARKET_OSLO, t, END);
      const b = generateTickerBars(MARKET_OSLO, t, END);
      expect(a).toEqual(b);
      expect(a.find((bar) => bar.date === DEMO_ANCHOR)?.close).toBeCloseTo(level, 2);
    }
  });

  it('moves Growth shares more and trades them far less than the large caps', () => {
    // Large caps: idiosyncratic 16–36 % a year plus the market; Growth: 35–70 %. Averaged over
    // a few names each, the Growth daily volatility is clearly above (ratio > 1.3).
    const large = ['EQNR', 'DNB', 'ORK', 'TEL'].map(dailyVol);
    const small = ['HAV', 'NORDH', 'HYN', 'OSUN'].map(dailyVol);
    const avg = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(avg(small) / avg(large)).toBeGreaterThan(1.3);
    // Turnover: EQNR trades billions of NOK a day in the demo as in reality; a Growth share
    // with a ~0.6 bn NOK market value and 0.05–0.3 % daily turnover trades at most a few million.
    expect(turnover('EQNR')).toBeGreaterThan(100e6);
    for (const s of ['HAV', 'NORDH', 'HYN', 'OSUN']) expect(turnover(s)).toBeLessThan(10e6);
  });
});
