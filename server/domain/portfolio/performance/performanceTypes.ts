/** The performance series' inputs and days (DESIGN §7). */
import type { PerformancePointDto } from '@/lib/types/portfolio';
import type Decimal from 'decimal.js';
import type { CurrencyCode, FxRateOn, Prices, TickerInfo, LedgerEntry } from '../ledger/types';
import type { Scaled } from './scaled';
import type { TickerTimeline } from './performanceTimelines';

export interface ComputePerformanceInput {
  transactions: readonly LedgerEntry[];
  /** Trading currency of every ticker the transactions use. */
  tickers: ReadonlyMap<number, Pick<TickerInfo, 'currency'>>;
  /** Daily closes per ticker id, in the ticker's currency, ascending by date. */
  closes: ReadonlyMap<number, Prices>;
  /** Daily closes of the benchmark (the market's main index), ascending by date. */
  indexCloses?: Prices;
  fxRateOn: FxRateOn;
  /** Inclusive ISO date range of the series. */
  from: string;
  to: string;
  baseCurrency?: CurrencyCode;
}

/** One day of the performance series, decimals inside. */
export interface PerformancePoint {
  date: string;
  /** Σ quantity × close (last close on or before the day) × that day's rate. */
  valueBase: Decimal;
  /** Net external cash put in since inception: buys (incl. fee) and split fees minus sell proceeds (net of fee), at trade-date rates. */
  investedBase: Decimal;
  /** Cash flow assigned to this day: buys positive, sell proceeds and dividends negative (paid out of the portfolio). */
  cashFlowBase: Decimal;
  /** Time-weighted return since the first day of the series (a fraction; 0 on that day). */
  twr: Decimal;
  /** Index close / index close on the first day - 1; null before the index has a close. */
  indexTwr: Decimal | null;
}

/** The JSON shape of a day is the client's (lib/types, the one API contract). */
export type { PerformancePointDto };

/** The daily series and what it was computed from, so that a later call can reuse its unchanged days. */
export interface PerformanceSeries {
  readonly calendar: readonly string[];
  readonly timelines: ReadonlyMap<number, TickerTimeline>;
  readonly closes: ReadonlyMap<number, Prices>;
  readonly indexCloses: Prices | undefined;
  readonly fxRateOn: FxRateOn;
  readonly baseCurrency: CurrencyCode;
  readonly points: readonly PerformancePoint[];
  /**
   * The chain-linked growth factor of each day (twr + 1, unrounded; as the portfolio Decimal would
   * hold it, in a scaled integer), to resume the chain from.
   */
  readonly growth: readonly Scaled[];
  /** The first day this call computed; the days before it were taken from `previous`. */
  readonly recomputedFrom: number;
}

export interface CombinePerformanceInput {
  calendar: readonly string[];
  /** One timeline per ticker that has transactions up to the end of the calendar, on this calendar. */
  timelines: ReadonlyMap<number, TickerTimeline>;
  /** Daily closes per ticker id, ascending by date (the last close before the calendar included). */
  closes: ReadonlyMap<number, Prices>;
  indexCloses?: Prices;
  fxRateOn: FxRateOn;
  baseCurrency?: CurrencyCode;
  /**
   * An earlier result. Its days before the first day on which a timeline differs are reused when
   * it was computed on an equal calendar with the same base currency and the same `fxRateOn`,
   * `indexCloses` and per-ticker closes arrays (compared by identity: pass the same array for
   * unchanged prices, any other array counts as changed); otherwise it is ignored. It may cover
   * only the first days of the calendar (see `maxDays`).
   */
  previous?: PerformanceSeries;
  /**
   * Compute at most this many days (at least one): the result then covers only the first days of
   * the calendar, and passing it back as `previous` continues from there. Lets a caller yield
   * between parts of a long series.
   */
  maxDays?: number;
}
