import type { MarketId } from '@/lib/constants';

/** Issue 25: at most this many price alerts per user. */
export const MAX_PRICE_ALERTS = 100;

export type PriceAlertDirection = 'above' | 'below';

/** GET|POST /api/v1/price-alerts: one alert, with its ticker. */
export interface PriceAlertDto {
  id: number;
  ticker_id: number;
  symbol: string;
  long_name: string;
  country_id: MarketId;
  currency: 'NOK' | 'USD';
  direction: PriceAlertDirection;
  price: number;
  note: string | null;
  created_at: string;
  /** Null while armed; set when a session's close crossed the price (re-arming clears it). */
  triggered_at: string | null;
  triggered_session: string | null;
  triggered_close: number | null;
}
