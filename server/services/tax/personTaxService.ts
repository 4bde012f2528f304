/**
 * The person-level tax report (issue 21): one per user and income year, over every portfolio of
 * the user. This reads what the domain needs (server/domain/portfolio/tax/personTax.ts computes it):
 * every event of every portfolio, the tickers' currencies, ISINs and closes up to 31.12, USD/NOK.
 */
import { MARKET_US } from '@/lib/constants';
import type { LossHarvestDto, PersonTaxReportDto } from '@/lib/types/personTax';
import type { Db } from '@/server/db';
import {
  computePersonTaxReport,
  createFxRateOn,
  harvestRatesYear,
  lossHarvestCandidates,
  publishedTaxYears,
  simulateSale,
  taxInstrument,
  taxRatesFor,
  toDecimal,
  type PersonTaxInput,
  type PersonTaxPortfolio,
  type PersonTaxReport,
  type PersonTaxTicker,
  type SaleSimulation,
  type TransactionInput,
} from '@/server/domain/portfolio';
import {
  USDNOK_PAIR,
  findTickerRefs,
  getCloseSeries,
  getFxRates,
} from '@/server/repositories/marketRepository';
import { listPortfolios, listUserLedgerMath } from '@/server/repositories/portfolioRepository';
import {
  domainFailure,
  portfolioNotFound,
  toAccountType,
  toBaseCurrency,
  toLedgerInput,
} from '@/server/services/portfolio';
import { invalid, notFoundError } from '@/server/services/errors';

/** The treaty's cap on withholding tax on dividends to a Norwegian resident: 15 % for the US. */
const US_TREATY_RATE = 0.15;

/** What the engine needs for the caller's `year`, read once (every portfolio, ticker and rate). */
export async function loadPersonTaxInput(
  db: Db,
  uid: string,
  year: number,
): Promise<
  PersonTaxInput & {
    tickers: Map<number, PersonTaxTicker>;
    names: Map<number, string>;
    portfolioNames: Map<number, string>;
  }
> {
  const portfolios = await listPortfolios(db, uid);
  const ledgers = new Map<number, TransactionInput[]>();
  for (const row of await listUserLedgerMath(db, uid)) {
    const list = ledgers.get(row.portfolioId) ?? [];
    list.push(toLedgerInput(row));
    ledgers.set(row.portfolioId, list);
  }
  const tickerIds = [
    ...new Set([...ledgers.values()].flat().flatMap((t) => (t.tickerId === null ? [] : [t.tickerId]))),
  ];
  const refs = await findTickerRefs(db, tickerIds);
  // Only the last close on or before 31.12 is read (closeOn(yearEnd)): a year back is enough, and
  // the whole price history of every ticker is not loaded for one report.
  const closes = await getCloseSeries(db, tickerIds, { from: `${year - 1}-01-01`, to: `${year}-12-31` });
  const tickers = new Map<number, PersonTaxTicker>();
  for (const id of tickerIds) {
    const ref = refs.get(id);
    const series = closes.get(id);
    tickers.set(id, {
      currency: ref?.currency ?? 'NOK',
      symbol: ref?.symbol ?? String(id),
      isin: ref?.isin ?? null,
      treatyRate: ref?.countryId === MARKET_US ? US_TREATY_RATE : null,
      // Funds by their share part (tickers.kind and tickers.equity_share, set by the import and
      // the transaction dialog): the engine splits their gains and distributions by it.
      ...taxInstrument(ref?.kind ?? 'share', ref?.equityShare),
      closeOn: (date) => {
        if (!series) return null;
        for (let i = series.dates.length - 1; i >= 0; i--)
          if (series.dates[i] <= date) return toDecimal(series.closes[i]);
        return null;
      },
    });
  }
  const needsFx =
    [...tickers.values()].some((t) => t.currency === 'USD') ||
    portfolios.some((p) => p.baseCurrency === 'USD');
  const fxRateOn = createFxRateOn(needsFx ? await getFxRates(db, USDNOK_PAIR) : []);
  const persons: PersonTaxPortfolio[] = portfolios.map((p) => ({
    id: p.id,
    accountType: toAccountType(p.accountType),
    baseCurrency: toBaseCurrency(p.baseCurrency),
    ledger: ledgers.get(p.id) ?? [],
  }));
  const names = new Map(tickerIds.map((id) => [id, refs.get(id)?.name ?? '']));
  const portfolioNames = new Map(portfolios.map((p) => [p.id, p.name]));
  return { year, portfolios: persons, tickers, fxRateOn, ratesFor: taxRatesFor, names, portfolioNames };
}

/**
 * The engine's answer, a sale beyond what the person holds (across every ordinary portfolio) or a
 * missing rate turned into the API's 409.
 */
export function personTaxReportOf(input: PersonTaxInput): PersonTaxReport {
  try {
    return computePersonTaxReport(input);
  } catch (error) {
    domainFailure(error);
  }
}

/** The caller's report for `year`, with the years that have published rates. */
export async function getPersonTaxReport(db: Db, uid: string, year: number): Promise<PersonTaxReportDto> {
  return {
    ...personTaxReportOf(await loadPersonTaxInput(db, uid, year)),
    published_years: publishedTaxYears(),
  };
}

/** Published rates (skjermingsrente, factor and tax rate) exist for the year of `date`. */
function assertPublished(date: string): void {
  if (!publishedTaxYears().includes(Number(date.slice(0, 4))))
    throw invalid('NO_PUBLISHED_RATES', 'No published tax rates for that year', { field: 'date' });
}

/**
 * GET /tax/simulate: what selling from the caller's portfolio would realise and cost in tax, by
 * the one engine, changing nothing. Another user's portfolio is not found; selling more than the
 * person holds is the 409 of a sale.
 */
export async function simulateSaleFor(
  db: Db,
  uid: string,
  query: { portfolioId: number; tickerId: number; quantity: number; price: number; date: string },
): Promise<SaleSimulation> {
  assertPublished(query.date);
  const input = await loadPersonTaxInput(db, uid, Number(query.date.slice(0, 4)));
  if (!input.portfolios.some((p) => p.id === query.portfolioId)) throw portfolioNotFound();
  if (!input.tickers.has(query.tickerId)) {
    const refs = await findTickerRefs(db, [query.tickerId]);
    const ref = refs.get(query.tickerId);
    if (!ref) throw notFoundError('Ticker not found', 'TICKER_NOT_FOUND');
    input.tickers.set(query.tickerId, {
      currency: ref.currency,
      symbol: ref.symbol,
      isin: ref.isin ?? null,
      treatyRate: null,
      ...taxInstrument(ref.kind, ref.equityShare),
      closeOn: () => null,
    });
  }
  try {
    return simulateSale(input, {
      portfolioId: query.portfolioId,
      tickerId: query.tickerId,
      quantity: toDecimal(query.quantity),
      price: toDecimal(query.price),
      date: query.date,
    });
  } catch (error) {
    domainFailure(error);
  }
}

/** The caller's ordinary holdings a sale on `date` would realise at a loss (the tax page's list). */
export async function getLossCandidates(db: Db, uid: string, date: string): Promise<LossHarvestDto> {
  const input = await loadPersonTaxInput(db, uid, Number(date.slice(0, 4)));
  try {
    return { items: lossHarvestCandidates(input, date), rates_year: harvestRatesYear(input, date) };
  } catch (error) {
    domainFailure(error);
  }
}
