/** @jest-environment node */
import fc from 'fast-check';
import { MARKET_OSLO, MARKET_US, TIMEFRAMES, type Signal, type Timeframe } from '@/lib/constants';
import type { Bar } from '@/lib/types/market';
import {
  analyzeTicker,
  computeEarlyWarnings,
  EARLY_WARNING_TICK,
  prepareSeries,
} from '@/server/domain/analysis';
import { generateMarket } from '@/server/market-data/demo';

// The demo universe (both markets, ten years of daily bars): many tickers with trends, regime
// changes and gaps. Each run cuts one ticker's history at a random session, so the property is
// checked at many different "todays".
const markets = [MARKET_OSLO, MARKET_US].map((id) => generateMarket(id, '2026-11-20'));
const histories: Bar[][] = markets.flatMap((m) => [...m.tickers.values()]);

/** The signal of `timeframe` once one more session closing at `close` is appended (all else equal). */
function signalWithNextClose(bars: readonly Bar[], timeframe: Timeframe, close: number): Signal {
  const last = bars[bars.length - 1];
  const next: Bar = { date: '2099-01-01', open: close, high: close, low: close, close, volume: last.volume };
  // analyzeTicker is the analysis itself, not the early-warning search.
  const result = analyzeTicker([...bars, next], { usdPerUnit: 1 });
  if (result === null) throw new Error('no analysis');
  return result.byTimeframe[timeframe].signal;
}

describe('early-warning levels', () => {
  it('appending buy_above + 0.01 gives buy and buy_above - 0.01 does not; the same for sell_below', () => {
    let checked = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: histories.length - 1 }),
        fc.integer({ min: 200, max: 2000 }),
        (which, keepFromEnd) => {
          const full = histories[which].filter((b) => b.volume > 0);
          const bars = full.slice(0, Math.max(30, full.length - keepFromEnd));
          const series = prepareSeries(bars)!;
          const levels = computeEarlyWarnings(series);
          for (const tf of TIMEFRAMES) {
            const { buyAbove, sellBelow } = levels[tf];
            if (buyAbove !== null) {
              expect(signalWithNextClose(bars, tf, buyAbove + EARLY_WARNING_TICK)).toBe('buy');
              expect(signalWithNextClose(bars, tf, buyAbove - EARLY_WARNING_TICK)).not.toBe('buy');
              checked += 1;
            }
            if (sellBelow !== null) {
              expect(signalWithNextClose(bars, tf, sellBelow - EARLY_WARNING_TICK)).toBe('sell');
              expect(signalWithNextClose(bars, tf, sellBelow + EARLY_WARNING_TICK)).not.toBe('sell');
              checked += 1;
            }
          }
        },
      ),
      { numRuns: 40, seed: 25 },
    );
    // Not a vacuous pass: most runs found levels (the bench finds about half of all levels).
    expect(checked).toBeGreaterThan(40);
  });

  it('a flat series: any rise turns hold into buy and any fall into sell, so both levels sit at the close', () => {
    // Every close 100, volume 1000. At a next close of 100: RSI 100 (no losses) -> momentum +1
    // (0.2 x 1 = 0.2); flat channel, no breakout -> trend 0; no pivots -> S/R 0; no change ->
    // volume balance 0. Score 0.2: hold.
    // Next close just above 100: RSI 100 (+0.2), volbal_5 +1 (+0.2), the close is the channel's
    // only residual so it lies outside ±2σ -> breakout +0.5 (0.4 x 0.5 = +0.2), rising with no level
    // above -> S/R +0.5 (0.2 x 0.5 = +0.1): 0.7, buy.
    // Just below 100: one loss and no gains -> RSI 0 (-0.2), volbal -1 (-0.2), breakout -0.5 (-0.2),
    // falling with no level below -> -0.1: -0.7, sell.
    // So buy_above + 0.01 > 100 >= buy_above - 0.01, and likewise for sell_below.
    const bars: Bar[] = Array.from({ length: 120 }, (_, i) => ({
      date: new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
      open: 100,
      high: 100,
      low: 100,
      close: 100,
      volume: 1000,
    }));
    const levels = computeEarlyWarnings(prepareSeries(bars)!);
    for (const tf of TIMEFRAMES) {
      expect(levels[tf].buyAbove).not.toBeNull();
      expect(Math.abs(levels[tf].buyAbove! - 100)).toBeLessThanOrEqual(EARLY_WARNING_TICK);
      expect(levels[tf].sellBelow).not.toBeNull();
      expect(Math.abs(levels[tf].sellBelow! - 100)).toBeLessThanOrEqual(EARLY_WARNING_TICK);
    }
  });

  it('is null with fewer than two sessions', () => {
    // One session: computeEarlyWarnings needs at least two.
    const one: Bar[] = [{ date: '2020-01-01', open: 10, high: 10, low: 10, close: 10, volume: 5 }];
    expect(computeEarlyWarnings(prepareSeries(one)!)[2]).toEqual({ buyAbove: null, sellBelow: null });
  });
});
