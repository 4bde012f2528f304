/**
 * What a portfolio is worth and how it has done (DESIGN.md §5, §7): results per ticker, one
 * ticker's metadata, the daily value and time-weighted return against the main index, and the
 * Norwegian FIFO tax view. The mathematics is server/domain/portfolio; this module loads its
 * inputs, and memoises on everything the figures depend on (portfolioCache.ts):
 * - the portfolio's history per revision (every write bumps it), amounts already as decimals;
 * - results per ticker, keyed on a digest of that ticker's transactions, its last close and the
 *   latest USD/NOK: after a write only the tickers whose history changed are computed again;
 * - performance per revision, range, index and market-data stamp.
 */
import type { Db } from '@/server/db';
import { HttpError } from '@/server/http/errors';
import {
  InsufficientHoldingError,
  MissingFxRateError,
  computePerformance,
  computePortfolioResults,
  computeTaxReport,
  computeTickerMetadata,
  createFxRateOn,
  divideOrZero,
  sumDecimals,
  toApiNumber,
  toDecimal,
  toPerformancePointDto,
  toPortfolioResultDto,
  toTaxReportDto,
  toTickerMetadataDto,
  type FxRateOn,
  type PortfolioResultRow,
  type TransactionInput,
} from '@/server/domain/portfolio';
import {
  listTransactionMath,
  listTransactionMathFast,
  portfolioRevision,
  transactionDigests,
  type TransactionMathRow,
} from '@/server/repositories/portfolioRepository';
import {
  findCloses,
  findLastCloses,
  findLatestAnalysis,
  findLatestUsdNok,
  findMainIndex,
  findTickerRefs,
  findUsdNokRates,
  type TickerRef,
} from '@/server/repositories/portfolioMarketReads';
import { MARKET_OSLO, MARKET_US, isMarketId, type MarketId } from '@/lib/constants';
import type {
  PerformanceDto,
  PortfolioResultRowDto,
  TaxReportDto,
  TransactionMetadataDto,
} from '@/lib/types/portfolio';
import { sharedCache } from './portfolioCache';
import { toBaseCurrency, toTransactionInput } from './portfolioDtos';
import { insufficientHolding, portfolioNotFound, requirePortfolio } from './portfolioService';

const TEN_MINUTES = 10 * 60_000;

/** A portfolio's transactions as of one revision, ready for the domain. */
interface LoadedHistory {
  transactions: TransactionInput[];
  tickerIds: number[];
}

const historyCache = sharedCache<LoadedHistory>('history', 16, TEN_MINUTES);
const digestCache = sharedCache<Map<number, string>>('digests', 64, TEN_MINUTES);
/** One ticker's result row (computed with sold positions kept; the weight is set when rows are merged). */
const tickerRowCache = sharedCache<PortfolioResultRow>('ticker-rows', 5000, TEN_MINUTES);
const performanceCache = sharedCache<PerformanceDto['points']>('performance', 32, TEN_MINUTES);
const fxCache = sharedCache<FxRateOn>('fx', 2, TEN_MINUTES);

/** The caller's portfolio, its revision and its history (from the memo when the revision is unchanged); 404 when not theirs. */
async function loadPortfolio(db: Db, uid: string, portfolioId: number) {
  const found = await portfolioRevision(db, uid, portfolioId);
  if (!found) throw portfolioNotFound();
  const key = `${portfolioId}|${found.revision}`;
  let history = historyCache.get(key);
  if (!history) {
    const transactions = (await listTransactionMathFast(db, uid, portfolioId)).map(toDecimalInput);
    history = {
      transactions,
      tickerIds: [...new Set(transactions.map((t) => t.tickerId))].sort((a, b) => a - b),
    };
    historyCache.set(key, history);
  }
  return { portfolio: found.portfolio, key, history };
}

/** A stored transaction with its amounts parsed once into the domain's decimals (reused by every figure). */
function toDecimalInput(row: TransactionMathRow): TransactionInput {
  return {
    id: row.id,
    tickerId: row.tickerId,
    date: row.date,
    eventId: row.eventId,
    quantity: toDecimal(row.quantity),
    price: toDecimal(row.price),
    fee: toDecimal(row.fee),
  };
}

/** USD/NOK lookup, memoised on the latest observation; a portfolio that never converts never loads it. */
async function loadFx(db: Db): Promise<{ fxRateOn: FxRateOn; stamp: string }> {
  const latest = await findLatestUsdNok(db);
  const stamp = latest ? `${latest.date}:${latest.rate}` : 'none';
  let fxRateOn = fxCache.get(stamp);
  if (!fxRateOn) {
    fxRateOn = createFxRateOn(await findUsdNokRates(db));
    fxCache.set(stamp, fxRateOn);
  }
  return { fxRateOn, stamp };
}

/** A stored history that breaks a rule (it should never: writes are checked) is a 409, not a 500. */
function domainFailure(error: unknown): never {
  if (error instanceof InsufficientHoldingError) throw insufficientHolding(error, new Set());
  if (error instanceof MissingFxRateError) {
    throw new HttpError(409, 'FX_RATE_MISSING', 'No USD/NOK rate is available to convert this portfolio');
  }
  throw error;
}

/**
 * GET /portfolio-results/{id}: one row per ticker held (and, with includeSold, per ticker sold to
 * zero), ordered by ticker id. Market values at the last close on or before `asOf` and at the
 * latest USD/NOK rate; signal and score from the latest analysis (timeframe 2).
 */
export async function getPortfolioResults(
  db: Db,
  uid: string,
  portfolioId: number,
  options: { includeSold: boolean; asOf: string },
): Promise<PortfolioResultRowDto[]> {
  const found = await portfolioRevision(db, uid, portfolioId);
  if (!found) throw portfolioNotFound();
  const revisionKey = `${portfolioId}|${found.revision}`;
  let digests = digestCache.get(revisionKey);
  if (!digests) {
    digests = await transactionDigests(db, uid, portfolioId);
    digestCache.set(revisionKey, digests);
  }
  const tickerIds = [...digests.keys()].sort((a, b) => a - b);
  if (tickerIds.length === 0) return [];
  const baseCurrency = toBaseCurrency(found.portfolio.baseCurrency);
  const [refs, closes, analysis, fx] = await Promise.all([
    findTickerRefs(db, tickerIds),
    findLastCloses(db, tickerIds, options.asOf),
    findLatestAnalysis(db, tickerIds),
    loadFx(db),
  ]);
  const rowKey = (tickerId: number) => {
    const close = closes.get(tickerId);
    return `${portfolioId}|${tickerId}|${digests.get(tickerId)}|${baseCurrency}|${options.asOf}|${fx.stamp}|${close?.date}:${close?.close}`;
  };
  const byTicker = new Map<number, PortfolioResultRow>();
  const missing: number[] = [];
  for (const id of tickerIds) {
    const cached = tickerRowCache.get(rowKey(id));
    if (cached) byTicker.set(id, cached);
    else missing.push(id);
  }
  if (missing.length > 0) {
    // Only the tickers whose history (or price) changed: their transactions alone.
    const transactions = (await listTransactionMathFast(db, uid, portfolioId, missing)).map(toDecimalInput);
    let computed: PortfolioResultRow[];
    try {
      computed = computePortfolioResults({
        transactions,
        tickers: new Map(
          missing.map((id) => [
            id,
            { currency: refs.get(id)?.currency ?? 'NOK', lastPrice: closes.get(id)?.close ?? null },
          ]),
        ),
        fxRateOn: fx.fxRateOn,
        asOf: options.asOf,
        baseCurrency,
        includeSold: true,
      });
    } catch (error) {
      domainFailure(error);
    }
    for (const row of computed) {
      tickerRowCache.set(rowKey(row.tickerId), row);
      byTicker.set(row.tickerId, row);
    }
  }
  // Weights are shares of the rows shown, as the domain computes them over one call.
  const kept = tickerIds
    .map((id) => byTicker.get(id))
    .filter(
      (row): row is PortfolioResultRow =>
        row !== undefined && (options.includeSold || !row.quantity.isZero()),
    );
  const total = sumDecimals(kept.map((r) => r.marketValueBase));
  return kept.map((row) => {
    const ref = refs.get(row.tickerId);
    const latest = analysis.get(row.tickerId);
    const dto = toPortfolioResultDto({ ...row, weight: divideOrZero(row.marketValueBase, total) });
    return {
      ...dto,
      symbol: ref?.symbol ?? '',
      long_name: ref?.name ?? '',
      currency: row.currency,
      country_id: ref?.countryId ?? MARKET_OSLO,
      price_available: row.priceAvailable,
      cost_base: toApiNumber(row.costBase),
      total_bought_base: toApiNumber(row.totalBoughtBase),
      signal: latest?.signal ?? null,
      technical_score: latest?.technicalScore ?? null,
    };
  });
}

/** GET /portfolio/metadata?portfolioID=&tickerID=: one ticker's position summary; 404 for another's portfolio. */
export async function getTickerMetadata(
  db: Db,
  uid: string,
  portfolioId: number,
  tickerId: number,
): Promise<TransactionMetadataDto> {
  await requirePortfolio(db, uid, portfolioId);
  const transactions = (await listTransactionMath(db, uid, portfolioId, tickerId)).map(toTransactionInput);
  try {
    return toTickerMetadataDto(computeTickerMetadata(transactions, tickerId));
  } catch (error) {
    domainFailure(error);
  }
}

/**
 * The market whose main index a portfolio is measured against: the requested one, else the market
 * of most of its tickers, ties going to the base currency's market.
 */
function benchmarkMarket(
  refs: Map<number, TickerRef>,
  baseCurrency: 'NOK' | 'USD',
  requested?: number,
): MarketId {
  if (requested !== undefined && isMarketId(requested)) return requested;
  let oslo = 0;
  let us = 0;
  for (const ref of refs.values()) {
    if (ref.countryId === MARKET_US) us += 1;
    else oslo += 1;
  }
  if (oslo === us) return baseCurrency === 'USD' ? MARKET_US : MARKET_OSLO;
  return us > oslo ? MARKET_US : MARKET_OSLO;
}

/**
 * GET /portfolio-performance/{id}?from=&to=: daily value, net invested, time-weighted return and
 * the index's return over the same days. `from` defaults to the first transaction, `to` to today.
 */
export async function getPortfolioPerformance(
  db: Db,
  uid: string,
  portfolioId: number,
  options: { from?: string; to: string; countryId?: number },
): Promise<PerformanceDto> {
  const { portfolio, key, history } = await loadPortfolio(db, uid, portfolioId);
  const baseCurrency = toBaseCurrency(portfolio.baseCurrency);
  const refs = await findTickerRefs(db, history.tickerIds);
  const marketId = benchmarkMarket(refs, baseCurrency, options.countryId);
  const index = await findMainIndex(db, marketId);
  const indexDto = index
    ? { ticker_id: index.id, symbol: index.symbol, long_name: index.name, country_id: index.countryId }
    : null;
  const from = options.from ?? history.transactions[0]?.date;
  if (from === undefined || from > options.to) {
    return { base_currency: baseCurrency, index: indexDto, from: from ?? null, to: options.to, points: [] };
  }
  const ids = index ? [...history.tickerIds, index.id] : history.tickerIds;
  const [lastCloses, fx] = await Promise.all([findLastCloses(db, ids, options.to), loadFx(db)]);
  const stamp = ids.map((id) => lastCloses.get(id)?.date ?? '-').join(',');
  const cacheKey = `${key}|${from}|${options.to}|${index?.id ?? '-'}|${fx.stamp}|${stamp}`;
  let points = performanceCache.get(cacheKey);
  if (!points) {
    // The closes in range, plus each series' last close before `from`, so that the first day is
    // valued (and the index anchored) even when a series has no close on that very day.
    const [inRange, before] = await Promise.all([
      findCloses(db, ids, from, options.to),
      findLastCloses(db, ids, from),
    ]);
    const closes = new Map(
      ids.map((id) => {
        const prior = before.get(id);
        const series = inRange.get(id) ?? [];
        return [
          id,
          prior && prior.date < from ? [{ date: prior.date, close: prior.close }, ...series] : series,
        ];
      }),
    );
    try {
      points = computePerformance({
        transactions: history.transactions,
        tickers: new Map(history.tickerIds.map((id) => [id, { currency: refs.get(id)?.currency ?? 'NOK' }])),
        closes,
        indexCloses: index ? closes.get(index.id) : undefined,
        fxRateOn: fx.fxRateOn,
        from,
        to: options.to,
        baseCurrency,
      }).map(toPerformancePointDto);
    } catch (error) {
      domainFailure(error);
    }
    performanceCache.set(cacheKey, points);
  }
  return { base_currency: baseCurrency, index: indexDto, from, to: options.to, points };
}

/** GET /portfolio-tax/{id}?year=: FIFO realised gains in NOK for the year, per sale and in total. */
export async function getPortfolioTax(
  db: Db,
  uid: string,
  portfolioId: number,
  year: number,
): Promise<TaxReportDto> {
  const { history } = await loadPortfolio(db, uid, portfolioId);
  const refs = await findTickerRefs(db, history.tickerIds);
  const needsFx = [...refs.values()].some((r) => r.currency !== 'NOK');
  const fxRateOn = needsFx ? (await loadFx(db)).fxRateOn : createFxRateOn([]);
  let report;
  try {
    report = toTaxReportDto(
      computeTaxReport({
        transactions: history.transactions,
        tickers: new Map(history.tickerIds.map((id) => [id, { currency: refs.get(id)?.currency ?? 'NOK' }])),
        fxRateOn,
        year,
      }),
    );
  } catch (error) {
    domainFailure(error);
  }
  const total = report.years.find((y) => y.year === year);
  return {
    year,
    sales: report.sales.map((sale) => ({
      ...sale,
      symbol: refs.get(sale.ticker_id)?.symbol ?? '',
      long_name: refs.get(sale.ticker_id)?.name ?? '',
    })),
    totals: {
      sale_count: total?.sale_count ?? 0,
      proceeds_nok: total?.proceeds_nok ?? 0,
      cost_nok: total?.cost_nok ?? 0,
      gain_nok: total?.gain_nok ?? 0,
      gains_nok: total?.gains_nok ?? 0,
      losses_nok: total?.losses_nok ?? 0,
      dividends_nok: total?.dividends_nok ?? 0,
    },
  };
}
