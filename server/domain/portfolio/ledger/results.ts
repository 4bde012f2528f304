import type { PortfolioResultRowDto } from '@/lib/types/portfolio';
import type Decimal from 'decimal.js';
import { toApiQuantity, divideOrZero, HUNDRED, sumDecimals, toApiNumber, toDecimal, ZERO } from './decimal';
import { MissingTickerError } from './errors';
import { conversionFactor } from './fx';
import { tradeRate, type CashContext } from './cash';
import { replayTickers, type Position } from './positions';
import type { CurrencyCode, FxRateOn, LedgerEntry, TickerInfo } from './types';

export interface ComputeResultsInput {
  transactions: readonly LedgerEntry[];
  /** Currency and last close of every ticker the transactions use. */
  tickers: ReadonlyMap<number, TickerInfo>;
  /** USD/NOK on or before a date; only called when a ticker's currency differs from the base. */
  fxRateOn: FxRateOn;
  /** "Today": market values convert at the rate on or before this date (the latest rate). */
  asOf: string;
  /** The portfolio's base currency (DESIGN §5), NOK by default. */
  baseCurrency?: CurrencyCode;
  /** Keep positions that are fully sold (quantity 0). */
  includeSold?: boolean;
}

/**
 * One row of portfolio-results (DESIGN §5) with decimals inside. `*Pct` fields are percentages
 * (12.5 means 12.5 %), `weight` is a fraction of the portfolio's base-currency market value.
 * Fields after `totalReturnBase` are extras the JSON row does not carry.
 */
export interface PortfolioResultRow {
  tickerId: number;
  currency: CurrencyCode;
  quantity: Decimal;
  avgPrice: Decimal;
  cost: Decimal;
  lastPrice: Decimal;
  marketValue: Decimal;
  unrealized: Decimal;
  unrealizedPct: Decimal;
  realized: Decimal;
  dividends: Decimal;
  fees: Decimal;
  totalReturn: Decimal;
  totalReturnPct: Decimal;
  weight: Decimal;
  marketValueBase: Decimal;
  totalReturnBase: Decimal;
  costBase: Decimal;
  realizedBase: Decimal;
  dividendsBase: Decimal;
  totalBought: Decimal;
  totalBoughtBase: Decimal;
  /** False when the ticker has no last close: lastPrice then falls back to avgPrice (no unrealized gain shown). */
  priceAvailable: boolean;
  /**
   * "Today" (issue 24 item 8): the price change since the previous close on the shares held, in the
   * base currency at today's rate: quantity × (last − previous close) × rate. Null without two closes.
   */
  todayBase: Decimal | null;
  /**
   * The currency effect (issue 24 item 8): the return in the base currency less the return in the
   * ticker's currency converted at today's rate (totalReturnBase − totalReturn × rate); 0 when the
   * ticker is in the base currency.
   */
  currencyEffectBase: Decimal;
}

/**
 * The numeric part of a portfolio-results JSON row, typed against the client's row (lib/types, the
 * one API contract); the service adds the rest (names, currency, signal, the base-currency extras).
 */
export type PortfolioResultDto = Pick<
  PortfolioResultRowDto,
  | 'ticker_id'
  | 'quantity'
  | 'avg_price'
  | 'cost'
  | 'last_price'
  | 'market_value'
  | 'unrealized'
  | 'unrealized_pct'
  | 'realized'
  | 'dividends'
  | 'fees'
  | 'total_return'
  | 'total_return_pct'
  | 'weight'
  | 'market_value_base'
  | 'total_return_base'
>;

function buildRow(
  position: Position,
  info: TickerInfo,
  latestFactor: Decimal,
  todayFactor: Decimal,
): Omit<PortfolioResultRow, 'weight'> {
  const last = info.lastPrice;
  const priceAvailable = last !== null && last !== undefined;
  const lastPrice = priceAvailable ? toDecimal(last) : position.avgPrice;
  const marketValue = position.quantity.mul(lastPrice);
  const unrealized = marketValue.minus(position.cost);
  const totalReturn = unrealized.plus(position.realized).plus(position.dividends);
  const marketValueBase = marketValue.mul(latestFactor);
  // Base return = today's value at today's rate minus what the shares cost at their trade-date
  // rates, plus realized and dividends at their trade-date rates: currency effects included.
  const totalReturnBase = marketValueBase
    .minus(position.costBase)
    .plus(position.realizedBase)
    .plus(position.dividendsBase);
  const previous = info.previousClose;
  const todayBase =
    priceAvailable && previous !== null && previous !== undefined
      ? position.quantity.mul(lastPrice.minus(toDecimal(previous))).mul(todayFactor)
      : null;
  return {
    tickerId: position.tickerId,
    currency: info.currency,
    quantity: position.quantity,
    avgPrice: position.avgPrice,
    cost: position.cost,
    lastPrice,
    marketValue,
    unrealized,
    unrealizedPct: divideOrZero(unrealized, position.cost).mul(HUNDRED),
    realized: position.realized,
    dividends: position.dividends,
    fees: position.fees,
    totalReturn,
    totalReturnPct: divideOrZero(totalReturn, position.totalBought).mul(HUNDRED),
    marketValueBase,
    totalReturnBase,
    costBase: position.costBase,
    realizedBase: position.realizedBase,
    dividendsBase: position.dividendsBase,
    totalBought: position.totalBought,
    totalBoughtBase: position.totalBoughtBase,
    priceAvailable,
    todayBase,
    currencyEffectBase: totalReturnBase.minus(totalReturn.mul(todayFactor)),
  };
}

/**
 * Per-ticker results of a portfolio (DESIGN §5, §7), ordered by ticker id. Costs, realized and
 * dividends convert to the base currency at each trade date's rate, market values at the rate of
 * `asOf`. Throws MissingTickerError, InvalidTransactionError or InsufficientHoldingError.
 */
export function computePortfolioResults(input: ComputeResultsInput): PortfolioResultRow[] {
  return resultsOf(input, false).rows;
}

/**
 * computePortfolioResults and, from the same replay, each ticker's part of the cash balance in the
 * base currency (what cashBalance books for that ticker's events, see cash.ts), so that a cold
 * portfolio replays its 10,000 transactions once, not twice (issue 26).
 */
export function computeResultsAndCash(input: ComputeResultsInput): {
  rows: PortfolioResultRow[];
  cash: Map<number, Decimal>;
} {
  return resultsOf(input, true);
}

/**
 * fxRateOn remembering its last answer: the replay asks for each foreign trade's date twice (its
 * base rate and its cash rate) and trades come in date order (a binary search over ten years of
 * rates each time was a tenth of a cold replay, CPU profile, issue 26).
 */
function lastDateMemo(fxRateOn: FxRateOn): FxRateOn {
  let date: string | null = null;
  let rate: Decimal | null = null;
  return (asked: string): Decimal => {
    if (asked !== date || rate === null) {
      rate = fxRateOn(asked);
      date = asked;
    }
    return rate;
  };
}

function resultsOf(
  input: ComputeResultsInput,
  withCash: boolean,
): { rows: PortfolioResultRow[]; cash: Map<number, Decimal> } {
  const baseCurrency = input.baseCurrency ?? 'NOK';
  const fxRateOn = lastDateMemo(input.fxRateOn);
  const infoFor = (tickerId: number): TickerInfo => {
    const info = input.tickers.get(tickerId);
    if (!info) throw new MissingTickerError(tickerId);
    return info;
  };
  const cashContext: CashContext = {
    baseCurrency,
    currencyOf: (tickerId) => infoFor(tickerId).currency,
    fxRateOn,
  };
  const { positions, cash } = replayTickers(input.transactions, {
    baseRate: (tickerId, date) => conversionFactor(infoFor(tickerId).currency, baseCurrency, fxRateOn, date),
    cashRate: withCash ? (tx) => tradeRate(tx, cashContext) : undefined,
  });
  const rows: Omit<PortfolioResultRow, 'weight'>[] = [];
  for (const position of positions.values()) {
    if (position.quantity.isZero() && !input.includeSold) continue;
    const info = infoFor(position.tickerId);
    const todayFactor = conversionFactor(info.currency, baseCurrency, input.fxRateOn, input.asOf);
    const latestFactor = position.quantity.isZero() ? ZERO : todayFactor;
    rows.push(buildRow(position, info, latestFactor, todayFactor));
  }
  const totalBase = sumDecimals(rows.map((r) => r.marketValueBase));
  return { rows: rows.map((r) => ({ ...r, weight: divideOrZero(r.marketValueBase, totalBase) })), cash };
}

/** Map a result row to its snake_case JSON numbers (6 decimals). */
export function toPortfolioResultDto(row: PortfolioResultRow): PortfolioResultDto {
  return {
    ticker_id: row.tickerId,
    quantity: toApiQuantity(row.quantity),
    avg_price: toApiNumber(row.avgPrice),
    cost: toApiNumber(row.cost),
    last_price: toApiNumber(row.lastPrice),
    market_value: toApiNumber(row.marketValue),
    unrealized: toApiNumber(row.unrealized),
    unrealized_pct: toApiNumber(row.unrealizedPct),
    realized: toApiNumber(row.realized),
    dividends: toApiNumber(row.dividends),
    fees: toApiNumber(row.fees),
    total_return: toApiNumber(row.totalReturn),
    total_return_pct: toApiNumber(row.totalReturnPct),
    weight: toApiNumber(row.weight),
    market_value_base: toApiNumber(row.marketValueBase),
    total_return_base: toApiNumber(row.totalReturnBase),
  };
}
