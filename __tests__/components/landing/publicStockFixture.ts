import { MARKET_OSLO } from '@/lib/constants';
import type { PublicStockPage } from '@/lib/types/publicStocks';

/** EQNR's public page as the API answers it (demo data), shared by the landing tests. */
export const EQNR_PAGE: PublicStockPage = {
  symbol: 'EQNR',
  long_name: 'Equinor ASA',
  country_id: MARKET_OSLO,
  currency: 'NOK',
  exchange: 'OSE',
  last: { date: '2025-12-30', close: 281.5, change_pct: 1.2 },
  analysis: {
    timeframe: 2,
    technical_score: 0.4567,
    signal: 'buy',
    components: { trend: 0.5, support_resistance: 0.2, momentum: 0.3, volume: 0.1 },
    rsi: 61,
    trend: {
      direction: 'rising',
      from: '2025-06-02',
      to: '2025-12-30',
      lower: [250, 270],
      upper: [270, 290],
      slope_pct_per_year: 12,
    },
  },
  overall_score: 0.4,
  closes: [
    { date: '2025-12-26', close: 270 },
    { date: '2025-12-29', close: 278 },
    { date: '2025-12-30', close: 281.5 },
  ],
  demo: true,
};
