/** GET /api/v1/public/top-signals: the public stocks page (names and signals only). */
export interface PublicSignalItem {
  symbol: string;
  long_name: string;
  currency: 'NOK' | 'USD';
  /** The last close (end of day, delayed to the previous session). */
  close: number;
  date: string;
  technical_score: number;
  signal: 'buy' | 'hold' | 'sell';
}

export interface PublicMarketSignals {
  country_id: number;
  name: string;
  buy: PublicSignalItem[];
  sell: PublicSignalItem[];
}

export interface PublicTopSignals {
  as_of: string | null;
  demo: boolean;
  markets: PublicMarketSignals[];
}
