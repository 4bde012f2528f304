import type { MarketId } from '@/lib/constants';
import { addDays, dayNumber, isWeekday } from '@/lib/dates';

import type { DateRange, DividendEvent } from '../provider';
import type { UniverseTicker } from '../universe';
import { DEMO_EPOCH, DEMO_SEED, demoPriceLevel } from './demoModel';
import { hashString, Rng } from './prng';

/**
 * The demo dividend schedule (issue 41): a deterministic, made-up but plausible cash dividend per
 * universe share, labelled demo wherever it is shown (it is not the company's real dividend).
 *
 * Per share, from a PRNG seeded with DEMO_SEED + market + symbol (independent of the price walk):
 * - whether it pays at all: a chance per sector (SECTOR_PLANS; technology and consumer
 *   discretionary often pay nothing, energy, financials and utilities nearly always pay);
 * - how often: US payers quarterly; Oslo payers yearly, twice a year or quarterly (energy and
 *   shipping names more often quarterly);
 * - the yield: uniform in the sector's range (e.g. 4–8 % for energy, 0.5–2 % for technology) of the
 *   share's `priceLevel`; each payment is that yield / payments a year, growing by a per-share rate
 *   of 0–6 % a year from 2025 (so earlier years paid a little less), rounded to 2 decimals (4 below 1);
 * - when: fixed months of the year (the first one drawn, the others 12 / payments apart), a fixed
 *   day of the month moved forward to a weekday; paid 7–25 days after the ex-date; declared
 *   (announced) 21 days before the ex-date.
 * Paid in the share's trading currency. Events from DEMO_EPOCH on; an event is known once declared,
 * so getDividends up to `to` also returns the ones declared on or before `to` with a later ex-date.
 */
export interface DemoDividendPlan {
  payer: boolean;
  /** Payments per year: 0 for a share that pays none. */
  perYear: 0 | 1 | 2 | 4;
  /** Yearly yield on priceLevel, as a fraction. */
  yield: number;
  /** Ex-date months (1–12). */
  months: number[];
  /** Ex-date day of the month (moved forward to a weekday). */
  day: number;
  /** Days from ex-date to payment. */
  payLagDays: number;
  /** Yearly growth of the payment. */
  growth: number;
}

/** Chance that a share of the sector pays, and its yield range (fractions). */
const SECTOR_PLANS: Record<string, { payChance: number; yield: [number, number] }> = {
  Energy: { payChance: 0.9, yield: [0.04, 0.08] },
  Financials: { payChance: 0.9, yield: [0.04, 0.07] },
  Utilities: { payChance: 0.9, yield: [0.03, 0.05] },
  'Real Estate': { payChance: 0.8, yield: [0.03, 0.06] },
  'Consumer Staples': { payChance: 0.85, yield: [0.025, 0.05] },
  Materials: { payChance: 0.7, yield: [0.02, 0.05] },
  Industrials: { payChance: 0.7, yield: [0.015, 0.04] },
  'Communication Services': { payChance: 0.6, yield: [0.01, 0.04] },
  'Health Care': { payChance: 0.6, yield: [0.01, 0.03] },
  'Consumer Discretionary': { payChance: 0.4, yield: [0.01, 0.03] },
  'Information Technology': { payChance: 0.4, yield: [0.005, 0.02] },
};
const DEFAULT_PLAN = { payChance: 0.5, yield: [0.01, 0.04] as [number, number] };

/** The year the payments are anchored at (like the price level's DEMO_ANCHOR). */
const GROWTH_BASE_YEAR = 2025;
const DECLARED_DAYS_BEFORE = 21;

/** The demo dividend plan of one share (deterministic). */
export function demoDividendPlan(marketId: MarketId, ticker: UniverseTicker): DemoDividendPlan {
  const rng = new Rng(hashString(`${DEMO_SEED}:dividends:${marketId}:${ticker.symbol}`));
  const sector = (ticker.sector && SECTOR_PLANS[ticker.sector]) || DEFAULT_PLAN;
  // Every draw is made whether or not it is used, so one choice never shifts another.
  const pays = rng.chance(sector.payChance);
  const frequencyDraw = rng.next();
  const yieldDraw = rng.uniform(sector.yield[0], sector.yield[1]);
  const firstDraw = rng.next();
  const day = rng.int(3, 26);
  const payLagDays = rng.int(7, 25);
  const growth = rng.uniform(0, 0.06);
  if (!pays) return { payer: false, perYear: 0, yield: 0, months: [], day, payLagDays, growth };
  let perYear: 1 | 2 | 4;
  if (marketId === 226) perYear = 4;
  else if (ticker.sector === 'Energy') perYear = frequencyDraw < 0.6 ? 4 : 1;
  else perYear = frequencyDraw < 0.6 ? 1 : frequencyDraw < 0.85 ? 2 : 4;
  const step = 12 / perYear;
  const first = 1 + Math.floor(firstDraw * step);
  const months = Array.from({ length: perYear }, (_, i) => first + i * step);
  return { payer: true, perYear, yield: yieldDraw, months, day, payLagDays, growth };
}

function nextWeekday(iso: string): string {
  let d = iso;
  while (!isWeekday(dayNumber(d))) d = addDays(d, 1);
  return d;
}

function roundAmount(x: number): number {
  const f = x >= 1 ? 100 : 10_000;
  return Math.max(1 / f, Math.round(x * f) / f);
}

/**
 * The demo dividends of one share with an ex-date in `range` (from DEMO_EPOCH when `from` is
 * omitted), plus those declared by `range.to` whose ex-date is later (announced). Ascending.
 */
export function generateDividends(
  marketId: MarketId,
  ticker: UniverseTicker,
  currency: string,
  range: DateRange,
): DividendEvent[] {
  const plan = demoDividendPlan(marketId, ticker);
  if (!plan.payer) return [];
  const from = range.from && range.from > DEMO_EPOCH ? range.from : DEMO_EPOCH;
  const lastYear = Number(range.to.slice(0, 4)) + 1;
  const out: DividendEvent[] = [];
  for (let year = Number(from.slice(0, 4)); year <= lastYear; year += 1) {
    // The same level the demo prices the share at (small caps without a stated level get a drawn one).
    const perPayment = (demoPriceLevel(ticker) * plan.yield) / plan.perYear;
    const amount = roundAmount(perPayment * (1 + plan.growth) ** (year - GROWTH_BASE_YEAR));
    for (const month of plan.months) {
      const exDate = nextWeekday(
        `${year}-${String(month).padStart(2, '0')}-${String(plan.day).padStart(2, '0')}`,
      );
      if (exDate < from) continue;
      // Known once declared: an ex-date after `to` is returned only when declared by then.
      if (addDays(exDate, -DECLARED_DAYS_BEFORE) > range.to) continue;
      out.push({ exDate, payDate: nextWeekday(addDays(exDate, plan.payLagDays)), amount, currency });
    }
  }
  return out;
}
