import { MARKET_OSLO, MARKET_US, type MarketId } from '@/lib/constants';
import type { Bar } from '@/lib/types/market';
import { isSession } from '@/server/domain/calendar/marketCalendar';

import type { FxRate } from '../provider';
import {
  getUniverse,
  isIndexMember,
  universeMarket,
  universeTickers,
  type UniverseTicker,
} from '../universe';
import { demoCalendar } from './demoCalendar';
import { DEMO_SEED, roundTo, tickerShares, writeRoundedBar, type DemoSeries } from './demoModel';
import { generateTickerSeries, seriesToBars } from './generator';
import { hashString, Rng } from './prng';

/** The demo market built from its tickers' series: the main index of each market, and USD/NOK. */

const { exp, max, min } = Math;

/**
 * A market-cap-weighted index of member series (fixed share counts, i.e. level ∝ total market
 * value of the members), scaled so its close on the anchor date equals `level`. Open and close
 * are the weighted sums; high/low go halfway from the body to the weighted sum of member
 * highs/lows (members do not all peak at the same moment); volume is the sum of member volumes.
 */
export function buildIndexBars(
  members: readonly { series: DemoSeries; shares: number }[],
  level: number,
): Bar[] {
  if (members.length === 0) return [];
  const first = members[0].series;
  const count = first.count;
  const A = first.anchorIndex;
  let anchorValue = 0;
  for (const m of members) anchorValue += m.shares * m.series.close[A];
  const scale = level / anchorValue;
  const tmp = {
    open: new Float64Array(1),
    high: new Float64Array(1),
    low: new Float64Array(1),
    close: new Float64Array(1),
  };
  const bars: Bar[] = [];
  for (let i = 0; i < count; i += 1) {
    if (!isSession(first.marketId, first.dates[i])) continue;
    let o = 0;
    let h = 0;
    let l = 0;
    let c = 0;
    let v = 0;
    for (const m of members) {
      const s = m.series;
      o += m.shares * s.open[i];
      h += m.shares * s.high[i];
      l += m.shares * s.low[i];
      c += m.shares * s.close[i];
      v += s.volume[i];
    }
    o *= scale;
    h *= scale;
    l *= scale;
    c *= scale;
    const top = max(o, c);
    const bottom = min(o, c);
    writeRoundedBar(tmp, 0, o, top + 0.5 * (h - top), bottom - 0.5 * (bottom - l), c, 2);
    bars.push({
      date: first.dates[i],
      open: tmp.open[0],
      high: tmp.high[0],
      low: tmp.low[0],
      close: tmp.close[0],
      volume: v,
    });
  }
  return bars;
}

/** All demo data of one market up to an end date. */
export interface DemoMarketData {
  marketId: MarketId;
  /** Bars per ticker symbol, in universe order. */
  tickers: Map<string, Bar[]>;
  /** The main index (OSEBX.INDX / NDX.INDX) built from the members. */
  index: Bar[];
}

/** Series of every member of a market (the given tickers, by default the universe's). */
function marketSeries(marketId: MarketId, endDate: string, tickers: readonly UniverseTicker[]) {
  return tickers.map((t) => ({
    ticker: t,
    series: generateTickerSeries(marketId, t, endDate),
    shares: tickerShares(marketId, t),
  }));
}

/** The demo main index of a market up to `endDate`, built from its members (default: universe). */
export function generateIndexBars(
  marketId: MarketId,
  endDate: string,
  tickers: readonly UniverseTicker[] = universeTickers(marketId).filter((t) => isIndexMember(marketId, t)),
  level: number = universeMarket(marketId).index.level,
): Bar[] {
  return buildIndexBars(marketSeries(marketId, endDate, tickers), level);
}

/** Every universe ticker and the main index of a market up to `endDate`. */
export function generateMarket(marketId: MarketId, endDate: string): DemoMarketData {
  const all = marketSeries(marketId, endDate, universeTickers(marketId));
  const tickers = new Map<string, Bar[]>();
  for (const m of all) tickers.set(m.ticker.symbol, seriesToBars(m.series));
  const members = all.filter((m) => isIndexMember(marketId, m.ticker));
  return { marketId, tickers, index: buildIndexBars(members, universeMarket(marketId).index.level) };
}

/**
 * Demo USD/NOK closes (NOK per USD) on the same weekday calendar: a mean-reverting walk (half-life
 * about 6 months) with volatility regimes, around a mean that rises from `level` × e^−0.2 at the
 * epoch to `level` at the anchor (the krone weakened over the decade), held within −30 %/+28 %
 * of `level`. Absolute levels, so no rescaling: prefix-stable by construction.
 */
export function generateUsdNok(endDate: string, level: number = getUniverse().fx.USDNOK): FxRate[] {
  const cal = demoCalendar(endDate);
  const rng = new Rng(hashString(`${DEMO_SEED}:fx:USDNOK`));
  const mean = Math.log(level);
  const A = cal.anchorIndex;
  const out: FxRate[] = [];
  let y = mean - 0.2;
  let left = 0;
  let volMult = 1;
  for (let t = 0; t < cal.endCount; t += 1) {
    if (left <= 0) {
      left = rng.int(30, 200);
      volMult = rng.logUniform(0.6, 1.8);
    }
    left -= 1;
    const target = t >= A ? mean : mean - 0.2 * (1 - t / A);
    if (t > 0) y += -(y - target) / 180 + 0.0055 * volMult * rng.normal();
    y = min(mean + 0.25, max(mean - 0.35, y));
    out.push({ date: cal.dates[t], rate: roundTo(exp(y), 4) });
  }
  return out;
}

/** The whole demo data set up to `endDate`: both markets with their indexes, and USD/NOK. */
export function generateUniverseData(endDate: string): {
  markets: Record<MarketId, DemoMarketData>;
  usdNok: FxRate[];
} {
  const oslo = generateMarket(MARKET_OSLO, endDate);
  const us = generateMarket(MARKET_US, endDate);
  return { markets: { [MARKET_OSLO]: oslo, [MARKET_US]: us }, usdNok: generateUsdNok(endDate) };
}
