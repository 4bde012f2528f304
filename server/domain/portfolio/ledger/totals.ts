import type Decimal from 'decimal.js';
import type { PortfolioResultTotalsDto } from '@/lib/types/portfolio';
import { divideOrZero, HUNDRED, sumDecimals, toApiNumber } from './decimal';
import type { PortfolioResultRow } from './results';

/** The whole portfolio in its base currency, summed in decimals from the result rows shown. */
export interface PortfolioResultTotals {
  marketValueBase: Decimal;
  costBase: Decimal;
  /** marketValueBase − costBase. */
  unrealizedBase: Decimal;
  totalReturnBase: Decimal;
  totalBoughtBase: Decimal;
  /** totalReturnBase / totalBoughtBase × 100 (DESIGN §7's total_return_pct for the whole portfolio). */
  totalReturnPct: Decimal;
  /** The sum of the rows' "today" (rows without a previous close add nothing). */
  todayBase: Decimal;
  /** The sum of the rows' currency effects. */
  currencyEffectBase: Decimal;
}

type TotalsInput = Pick<
  PortfolioResultRow,
  'marketValueBase' | 'costBase' | 'totalReturnBase' | 'totalBoughtBase'
> &
  Partial<Pick<PortfolioResultRow, 'todayBase' | 'currencyEffectBase'>>;

/** Totals of result rows in the base currency: exact sums, rounded only at the JSON edge. */
export function computeResultTotals(rows: readonly TotalsInput[]): PortfolioResultTotals {
  const marketValueBase = sumDecimals(rows.map((r) => r.marketValueBase));
  const costBase = sumDecimals(rows.map((r) => r.costBase));
  const totalReturnBase = sumDecimals(rows.map((r) => r.totalReturnBase));
  const totalBoughtBase = sumDecimals(rows.map((r) => r.totalBoughtBase));
  return {
    marketValueBase,
    costBase,
    unrealizedBase: marketValueBase.minus(costBase),
    totalReturnBase,
    totalBoughtBase,
    totalReturnPct: divideOrZero(totalReturnBase, totalBoughtBase).mul(HUNDRED),
    todayBase: sumDecimals(rows.flatMap((r) => (r.todayBase ? [r.todayBase] : []))),
    currencyEffectBase: sumDecimals(
      rows.flatMap((r) => (r.currencyEffectBase ? [r.currencyEffectBase] : [])),
    ),
  };
}

/** Map totals to their snake_case JSON numbers (6 decimals). */
export function toPortfolioResultTotalsDto(totals: PortfolioResultTotals): PortfolioResultTotalsDto {
  return {
    market_value_base: toApiNumber(totals.marketValueBase),
    cost_base: toApiNumber(totals.costBase),
    unrealized_base: toApiNumber(totals.unrealizedBase),
    total_return_base: toApiNumber(totals.totalReturnBase),
    total_bought_base: toApiNumber(totals.totalBoughtBase),
    total_return_pct: toApiNumber(totals.totalReturnPct),
    today_base: toApiNumber(totals.todayBase),
    currency_effect_base: toApiNumber(totals.currencyEffectBase),
  };
}
