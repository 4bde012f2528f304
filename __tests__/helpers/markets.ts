// The market rows tests insert before their tickers (the demo universe's own values).
import { MARKET_OSLO } from '@/lib/constants';

/** Oslo Børs with its main index, as the markets table holds it. */
export const OSLO_MARKET = {
  id: MARKET_OSLO,
  exchange: 'OL',
  name: 'Oslo Børs',
  mainIndex: 'Hovedindeksen',
  mainIndexSymbol: 'OSEBX.INDX',
  currency: 'NOK',
} as const;
