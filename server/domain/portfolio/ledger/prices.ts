/** Price series in columns (PriceSeries), made from points where a caller has those. */
import type { PricePoint, Prices, PriceSeries } from './types';

/** A series without closes. */
export const NO_PRICES: PriceSeries = Object.freeze({ dates: Object.freeze([]), closes: Object.freeze([]) });

const ofPoints = new WeakMap<readonly PricePoint[], PriceSeries>();

/** A price series in columns: itself, or made from its points (once per array: memoised). */
export function asPriceSeries(prices: Prices): PriceSeries {
  if (!Array.isArray(prices)) return prices as PriceSeries;
  const points = prices as readonly PricePoint[];
  let series = ofPoints.get(points);
  if (!series) {
    series = { dates: points.map((p) => p.date), closes: points.map((p) => p.close) };
    ofPoints.set(points, series);
  }
  return series;
}
