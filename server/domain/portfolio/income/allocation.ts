/**
 * What a portfolio is made of (issue 41), pure: the holdings' market value in NOK broken down by
 * holding, sector, country, currency and instrument kind, with the concentration rules.
 *
 * - Each breakdown is `[{ key, valueNok, weight }]` over the same total: the holdings' value plus
 *   the cash balance when it is positive, as its own `cash` row (a negative balance means deposits
 *   were not recorded; it is left out rather than shown as a negative weight). Weights are exact
 *   decimal shares of that total, so they sum to 1 (0 rows when the total is 0). Rows by value,
 *   largest first, then by key.
 * - Keys: the holding's symbol; the sector's English name (universe) or `unknown`; the ISO country
 *   and currency codes; the instrument kind (`share` for every universe ticker).
 * - Rules: one holding above `holding`, one sector above `sector`, one currency above `currency`
 *   (thresholds as fractions); a rule's value is the largest weight of its breakdown, the cash row
 *   left out (cash is not a concentration), and for sectors the `unknown` row too (shares whose sector
 *   is not known are no one sector); breached when value > threshold.
 */
import type Decimal from 'decimal.js';
import { ZERO, divideOrZero } from '../ledger/decimal';

export interface AllocationHolding {
  symbol: string;
  sector: string | null;
  country: string;
  currency: string;
  kind: string;
  valueNok: Decimal;
}

export interface AllocationLimits {
  holding: number;
  sector: number;
  currency: number;
}

export interface AllocationRow {
  key: string;
  valueNok: Decimal;
  weight: Decimal;
}

export type AllocationRuleId = 'holding' | 'sector' | 'currency';

export interface AllocationRule {
  id: AllocationRuleId;
  threshold: number;
  value: Decimal;
  breached: boolean;
}

export interface Allocation {
  byHolding: AllocationRow[];
  bySector: AllocationRow[];
  byCountry: AllocationRow[];
  byCurrency: AllocationRow[];
  byKind: AllocationRow[];
  rules: AllocationRule[];
}

export const CASH_KEY = 'cash';
export const UNKNOWN_SECTOR = 'unknown';

/** Break the holdings (and positive cash) down and check the concentration rules. */
export function computeAllocation(
  holdings: readonly AllocationHolding[],
  cashNok: Decimal,
  limits: AllocationLimits,
): Allocation {
  const held = holdings.filter((h) => h.valueNok.gt(0));
  const cash = cashNok.gt(0) ? cashNok : ZERO;
  const total = held.reduce((sum, h) => sum.plus(h.valueNok), cash);
  const breakdown = (keyOf: (h: AllocationHolding) => string): AllocationRow[] => {
    const sums = new Map<string, Decimal>();
    for (const h of held) sums.set(keyOf(h), (sums.get(keyOf(h)) ?? ZERO).plus(h.valueNok));
    const rows = [...sums].map(([key, valueNok]) => ({
      key,
      valueNok,
      weight: divideOrZero(valueNok, total),
    }));
    if (cash.gt(0)) rows.push({ key: CASH_KEY, valueNok: cash, weight: divideOrZero(cash, total) });
    return rows.sort((a, b) => b.valueNok.cmp(a.valueNok) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  };
  const byHolding = breakdown((h) => h.symbol);
  const bySector = breakdown((h) => h.sector ?? UNKNOWN_SECTOR);
  const byCurrency = breakdown((h) => h.currency);
  const largest = (rows: AllocationRow[], skip: string[]) =>
    rows.filter((r) => !skip.includes(r.key)).reduce((max, r) => (r.weight.gt(max) ? r.weight : max), ZERO);
  const rule = (id: AllocationRuleId, rows: AllocationRow[]): AllocationRule => {
    const value = largest(rows, id === 'sector' ? [CASH_KEY, UNKNOWN_SECTOR] : [CASH_KEY]);
    return { id, threshold: limits[id], value, breached: value.gt(limits[id]) };
  };
  return {
    byHolding,
    bySector,
    byCountry: breakdown((h) => h.country),
    byCurrency,
    byKind: breakdown((h) => h.kind),
    rules: [rule('holding', byHolding), rule('sector', bySector), rule('currency', byCurrency)],
  };
}
