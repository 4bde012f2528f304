/**
 * What a portfolio (or all of a person's portfolios) is made of (issue 41):
 * GET /api/v1/portfolio-allocation/{id} and GET /api/v1/allocation. The holdings' market values come
 * from the portfolio results (memoised per ticker), the cash balance from its totals; converted into
 * NOK at today's USD/NOK when the portfolio's base currency is USD; computed in the pure domain.
 */
import Decimal from 'decimal.js';
import { marketCountry } from '@/lib/income';
import type { AllocationDto, AllocationRowDto } from '@/lib/types/income';
import type { Db } from '@/server/db';
import {
  computeAllocation,
  toApiNumber,
  toDecimal,
  type AllocationHolding,
  type AllocationRow,
} from '@/server/domain/portfolio';
import { findTickerSectors } from '@/server/repositories/marketRepository';
import { getPortfolioResultsWithTotals, listOwnPortfolios, loadFx } from '@/server/services/portfolio';

import { getIncomeSettings } from './incomeSettingsService';

/**
 * The instrument kind of a holding. Every universe ticker is a share today; when instruments
 * outside the universe land (a `kind` on tickers), their kind is read here.
 */
const kindOf = (_tickerId: number): string => 'share';

interface Holdings {
  holdings: AllocationHolding[];
  cashNok: Decimal;
}

async function portfolioHoldings(db: Db, uid: string, portfolioId: number, today: string): Promise<Holdings> {
  const results = await getPortfolioResultsWithTotals(db, uid, portfolioId, {
    includeSold: false,
    asOf: today,
  });
  const portfolio = (await listOwnPortfolios(db, uid, uid)).find((p) => p.portfolio_id === portfolioId);
  let toNok = toDecimal(1);
  if (portfolio?.base_currency === 'USD') toNok = (await loadFx(db)).fxRateOn(today);
  const sectors = await findTickerSectors(
    db,
    results.rows.map((r) => r.ticker_id),
  );
  const holdings = results.rows.map((r) => ({
    symbol: r.symbol,
    sector: sectors.get(r.ticker_id) ?? null,
    country: marketCountry(r.country_id),
    currency: r.currency,
    kind: kindOf(r.ticker_id),
    valueNok: toDecimal(r.market_value_base).mul(toNok),
  }));
  return { holdings, cashNok: toDecimal(results.totals.cash_base).mul(toNok) };
}

function toDto(rows: AllocationRow[]): AllocationRowDto[] {
  return rows.map((r) => ({ key: r.key, value_nok: toApiNumber(r.valueNok), weight: toApiNumber(r.weight) }));
}

async function allocationOf(db: Db, uid: string, parts: Holdings[]): Promise<AllocationDto> {
  const settings = await getIncomeSettings(db, uid);
  // The same share in several portfolios is one holding.
  const bySymbol = new Map<string, AllocationHolding>();
  let cash = toDecimal(0);
  for (const part of parts) {
    // Each portfolio's own balance: a negative one (deposits not recorded) is left out per portfolio.
    if (part.cashNok.gt(0)) cash = cash.plus(part.cashNok);
    for (const h of part.holdings) {
      const key = `${h.country}:${h.symbol}`;
      const seen = bySymbol.get(key);
      bySymbol.set(key, seen ? { ...seen, valueNok: seen.valueNok.plus(h.valueNok) } : h);
    }
  }
  const a = computeAllocation([...bySymbol.values()], cash, {
    holding: settings.holding_limit,
    sector: settings.sector_limit,
    currency: settings.currency_limit,
  });
  return {
    by_holding: toDto(a.byHolding),
    by_sector: toDto(a.bySector),
    by_country: toDto(a.byCountry),
    by_currency: toDto(a.byCurrency),
    by_kind: toDto(a.byKind),
    rules: a.rules.map((r) => ({
      id: r.id,
      threshold: r.threshold,
      value: toApiNumber(r.value),
      breached: r.breached,
    })),
  };
}

/** GET /api/v1/portfolio-allocation/{id}: 404 when not the caller's. */
export async function getPortfolioAllocation(
  db: Db,
  uid: string,
  portfolioId: number,
  today: string,
): Promise<AllocationDto> {
  return allocationOf(db, uid, [await portfolioHoldings(db, uid, portfolioId, today)]);
}

/** GET /api/v1/allocation: the person's view over all their portfolios. */
export async function getPersonAllocation(db: Db, uid: string, today: string): Promise<AllocationDto> {
  const portfolios = await listOwnPortfolios(db, uid, uid);
  const parts: Holdings[] = [];
  for (const p of portfolios) parts.push(await portfolioHoldings(db, uid, p.portfolio_id, today));
  return allocationOf(db, uid, parts);
}
