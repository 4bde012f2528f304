import { MARKET_OSLO, type MarketId } from '@/lib/constants';
import type { Bar } from '@/lib/types/market';
import { isSession } from '@/server/domain/calendar/marketCalendar';

import type { UniverseTicker } from '../universe';
import { demoCalendar, marketFactor } from './demoCalendar';
import {
  DEMO_BAND,
  DEMO_SEED,
  demoPriceLevel,
  MARKET_PARAMS,
  SEGMENT_PARAMS,
  segmentParams,
  SQRT_TD,
  tickerShares,
  TRADING_DAYS,
  writeRoundedBar,
  type DemoSeries,
} from './demoModel';
import { hashString, Rng } from './prng';

/**
 * The demo market-data generator (DESIGN.md §8): deterministic daily OHLCV for every universe
 * ticker, the two main indexes built from their members, and USD/NOK.
 *
 * Prefix stability. Every series is simulated forward, one weekday at a time, from the fixed
 * epoch DEMO_EPOCH with a PRNG seeded from DEMO_SEED + market + symbol. What happens on a day
 * depends only on earlier days, so generating up to a later end date reproduces every earlier bar
 * exactly; the sync can extend stored data without rewriting history.
 *
 * Price level. The log-price walk is rescaled so that the close on the fixed DEMO_ANCHOR date equals
 * the ticker's `priceLevel` from universe.json (a rough real close at the universe's `asOf` date).
 * Anchoring at the end date instead would change every earlier bar whenever the end date moves.
 * The series is always simulated at least up to the anchor (and cut to the end date afterwards).
 * After the anchor each close is held inside [priceLevel / DEMO_BAND, priceLevel × DEMO_BAND]
 * (a soft pull from ±20 % and a reflecting wall just inside the band), so "today's" prices stay
 * near the real level however far the end date moves past the anchor.
 *
 * Model, per ticker: log close = growth trend + beta × market factor + idiosyncratic part.
 * The market factor and the idiosyncratic part are mean-reverting walks with regimes (random
 * lengths, each with its own drift and volatility: trends, quiet and wild phases, short crashes).
 * Occasional overnight gaps (3–10 %), fat-tailed days, volume that rises with the size of the move
 * and with the regime's volatility. Every ticker exists for the whole period (even companies listed
 * later in reality): this is demo data.
 *
 * Small caps. A share of Euronext Expand or Euronext Growth (universe `segment`) moves like a small
 * cap: a larger idiosyncratic volatility (SMALL_CAP below: 30–55 % a year on Expand, 35–70 % on
 * Growth, against 16–36 % on the main list) and a small market value (about 1.2 billion NOK on
 * Expand, 0.6 billion on Growth) traded at a lower daily turnover, so its daily turnover is a
 * few hundred thousand to a few million NOK (liquidity risk medium to high, as in reality).
 * A share without `priceLevel` gets a deterministic level from its symbol (demoPriceLevel): 1–60
 * NOK on Growth, 2–80 on Expand, 10–300 on the main list. The main index is built from the
 * market's index members only (OSEBX constituents; every NASDAQ-100 name).
 *
 * Calendar. The walk is simulated on every weekday from the epoch (so the random stream, and every
 * bar ever stored, stays the same), but only the market's sessions are published as bars: a
 * weekday on which the exchange is closed (server/domain/calendar/exchangeHolidays.json) has no bar,
 * and its move shows up in the next session's open. Which is the newest session whose bar exists
 * at a given moment is the caller's end date: the seed and the scheduled refresh both take it from
 * lastDueSession (marketCalendar.ts), so today's bar appears only after the exchange's close.
 * USD/NOK trades on exchange holidays and keeps every weekday.
 */

// Module-level aliases: global lookups are slow inside Jest's vm context, and these run per bar.
const { abs, exp, max, min, round, sign, sqrt } = Math;

/** The reflecting wall sits a little inside the band so rounding can never cross it. */
const HARD_BAND = Math.log(DEMO_BAND) - 0.005;
/** From this log distance to the anchor close on, a pull back towards the band's middle starts. */
const SOFT_BAND = Math.log(1.2);
const SOFT_PULL = 0.1;

/** Simulate one ticker from the epoch to max(endDate, anchor); deterministic and prefix-stable. */
export function generateTickerSeries(
  marketId: MarketId,
  ticker: UniverseTicker,
  endDate: string,
): DemoSeries {
  const cal = demoCalendar(endDate);
  const n = cal.dates.length;
  const A = cal.anchorIndex;
  const params = MARKET_PARAMS[marketId];
  const factor = marketFactor(marketId, n, A);
  const rng = new Rng(hashString(`${DEMO_SEED}:${marketId}:${ticker.symbol}`));

  // Per-ticker character, drawn first so it never depends on the length of the run.
  // The main list and the US draw exactly as before small caps existed (same series as then).
  const seg = marketId === MARKET_OSLO ? segmentParams(ticker) : null;
  const idioRange = seg ? seg.idio : SEGMENT_PARAMS.oslo_bors.idio;
  const turnover =
    seg && ticker.segment !== 'oslo_bors' && ticker.segment !== undefined ? seg.turnover : params.turnover;
  const beta = rng.uniform(0.6, 1.4);
  const idioSigma = rng.uniform(idioRange[0], idioRange[1]) / SQRT_TD;
  const alpha = max(-0.1, min(0.2, 0.03 + 0.07 * rng.normal())) / TRADING_DAYS;
  const baseVolume = tickerShares(marketId, ticker) * rng.uniform(turnover[0], turnover[1]);
  const sigmaTotal = Math.hypot((beta * params.vol) / SQRT_TD, idioSigma);

  const xo = new Float64Array(n);
  const xh = new Float64Array(n);
  const xl = new Float64Array(n);
  const xc = new Float64Array(n);
  const volume = new Float64Array(n);

  let left = 0;
  let drift = 0;
  let volMult = 1;
  let volumeRegime = 1;
  let trend = 0;
  let idio = 0;
  let prevX = 0;
  let anchorX = 0;
  let anchorIdio = 0;
  for (let t = 0; t < n; t += 1) {
    if (left <= 0) {
      left = rng.int(15, 160);
      drift = (0.3 * rng.normal()) / TRADING_DAYS;
      volMult = rng.logUniform(0.6, 1.8);
      volumeRegime = sqrt(volMult);
    }
    left -= 1;
    const post = t > A;

    let eps = rng.normal();
    if (rng.chance(0.04)) eps *= 2.5; // fat tails
    let jump = 0;
    if (rng.chance(0.012)) {
      const size = rng.uniform(0.03, 0.1);
      jump = rng.chance(drift >= 0 ? 0.6 : 0.4) ? size : -size;
    }
    const kappa = post ? 1 / 150 : 1 / 300;
    idio += drift - kappa * (idio - (post ? anchorIdio : 0)) + idioSigma * volMult * eps + jump;
    if (!post) trend += alpha;
    let x = trend + beta * factor[t] + idio;

    if (post) {
      const dev = x - anchorX;
      if (abs(dev) > SOFT_BAND) {
        const pull = SOFT_PULL * (abs(dev) - SOFT_BAND) * sign(dev);
        idio -= pull;
        x -= pull;
      }
      const dev2 = x - anchorX;
      if (abs(dev2) > HARD_BAND) {
        const reflected = sign(dev2) * max(-HARD_BAND, 2 * HARD_BAND - abs(dev2));
        const shift = anchorX + reflected - x;
        idio += shift;
        x += shift;
      }
    }
    if (t === A) {
      anchorX = x;
      anchorIdio = idio;
    }

    const open = prevX + jump + 0.3 * sigmaTotal * rng.normal();
    const wick = 0.5 * sigmaTotal * volMult;
    xo[t] = open;
    xc[t] = x;
    // Wicks: a triangular draw on [0, 1.6] (mean 0.8, like |N(0,1)|) times the wick scale.
    xh[t] = max(open, x) + 0.8 * (rng.next() + rng.next()) * wick;
    xl[t] = min(open, x) - 0.8 * (rng.next() + rng.next()) * wick;
    const move = min(abs(x - prevX) / sigmaTotal, 6);
    const noise = 0.6 + 0.4 * (rng.next() + rng.next()); // 0.6–1.4, mean 1
    volume[t] = max(1, round(baseVolume * noise * volumeRegime * (0.45 + 0.55 * move)));
    prevX = x;
  }

  const shift = Math.log(demoPriceLevel(ticker)) - anchorX;
  const series: DemoSeries = {
    marketId,
    symbol: ticker.symbol,
    dates: cal.dates,
    count: cal.endCount,
    anchorIndex: A,
    // The log arrays are turned into prices in place (each slot is read before it is written).
    open: xo,
    high: xh,
    low: xl,
    close: xc,
    volume,
  };
  for (let t = 0; t < n; t += 1) {
    writeRoundedBar(
      series,
      t,
      exp(xo[t] + shift),
      exp(xh[t] + shift),
      exp(xl[t] + shift),
      exp(xc[t] + shift),
    );
  }
  return series;
}

/** Materialise the in-range sessions of a series as bars, optionally from an ISO date on. */
export function seriesToBars(series: DemoSeries, from?: string): Bar[] {
  const bars: Bar[] = [];
  for (let i = 0; i < series.count; i += 1) {
    const date = series.dates[i];
    if ((from !== undefined && date < from) || !isSession(series.marketId, date)) continue;
    bars.push({
      date,
      open: series.open[i],
      high: series.high[i],
      low: series.low[i],
      close: series.close[i],
      volume: series.volume[i],
    });
  }
  return bars;
}

/** Daily demo bars of one ticker from the epoch to `endDate` (empty before the epoch). */
export function generateTickerBars(marketId: MarketId, ticker: UniverseTicker, endDate: string): Bar[] {
  return seriesToBars(generateTickerSeries(marketId, ticker, endDate));
}
