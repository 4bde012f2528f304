/**
 * What a portfolio is worth and how it has done (DESIGN.md §5, §7): results per ticker, one
 * ticker's metadata, the daily value and time-weighted return against the main index, and the
 * Norwegian FIFO tax view. The mathematics is server/domain/portfolio; the inputs are loaded and
 * memoised by portfolioAnalyticsInputs.ts. This module computes, memoising the computed figures so
 * that a write to one ticker costs that ticker's share of the work:
 * - results per ticker, keyed on its transactions' digest, its last close and the USD/NOK stamp;
 * - performance timelines per ticker (holding and cash flows on the calendar), keyed on the
 *   digest, calendar and rates; the summed series per portfolio and range, which the domain
 *   reuses up to the first day a changed timeline touches.
 */
import type Decimal from 'decimal.js';
import type { Db } from '@/server/db';
import { DomainError } from '@/server/services/errors';
import {
  InsufficientHoldingError,
  MissingFxRateError,
  combinePerformance,
  computePortfolioResults,
  computeResultTotals,
  computeTaxReport,
  computeTickerMetadata,
  cashBalance,
  computeTickerTimelines,
  createFxRateOn,
  currencyLookup,
  normalizeLedger,
  type CurrencyCode,
  divideOrZero,
  sumDecimals,
  toApiNumber,
  toPerformancePointDto,
  toPortfolioResultDto,
  toPortfolioResultTotalsDto,
  toTaxReportDto,
  toTickerMetadataDto,
  type PerformancePointDto,
  type PerformanceSeries,
  type PortfolioResultRow,
  type TickerTimeline,
} from '@/server/domain/portfolio';
import {
  findMainIndex,
  findTickerRefs,
  getLatestCloses,
  getLatestScores,
  type TickerRef,
} from '@/server/repositories/marketRepository';
import { listCashEventMath } from '@/server/repositories/portfolioRepository';
import {
  EVENT_DIVIDEND,
  EVENT_SELL,
  MARKET_OSLO,
  MARKET_US,
  isMarketId,
  marketForCurrency,
  type MarketId,
} from '@/lib/constants';
import type {
  PerformanceDto,
  PortfolioResultRowDto,
  PortfolioResultsDto,
  TaxReportDto,
  TransactionMetadataDto,
} from '@/lib/types/portfolio';
import {
  TEN_MINUTES,
  TICKERS_PER_PART,
  TICKER_DAYS_PER_PART,
  inParts,
  loadCalendar,
  loadCloses,
  loadFx,
  loadHistories,
  loadRevision,
  yieldToOthers,
  type PortfolioRead,
} from './portfolioAnalyticsInputs';
import { sharedCache } from './portfolioCache';
import { toBaseCurrency, toLedgerInput } from './portfolioDtos';
import { insufficientHolding } from './portfolioService';

/** The last summed series of a portfolio and range, and its JSON points. */
interface SeriesEntry {
  series: PerformanceSeries;
  points: PerformancePointDto[];
}

/** One ticker's result row (computed with sold positions kept; the weight is set when rows are merged). */
const tickerRowCache = sharedCache<PortfolioResultRow>('ticker-rows', 5000, TEN_MINUTES);
const timelineCache = sharedCache<TickerTimeline>('timelines', 1000, TEN_MINUTES);
const seriesCache = sharedCache<SeriesEntry>('performance', 16, TEN_MINUTES);
/** One ticker's part of the cash balance, keyed like its result row (digest, base currency, USD/NOK stamp). */
const tickerCashCache = sharedCache<Decimal>('ticker-cash', 5000, TEN_MINUTES);

/** The domain's errors that a history or the rates can raise (the 409s of domainFailure). */
function isRuleViolation(error: unknown): boolean {
  return error instanceof InsufficientHoldingError || error instanceof MissingFxRateError;
}

/**
 * Compute per-ticker figures in parts of TICKERS_PER_PART tickers, yielding in between. Should a
 * part break a rule, all of it is computed again at once, so that the error reported is the one a
 * single pass over the whole history reports (the earliest).
 */
async function computeInParts<I, R>(
  inputs: readonly I[],
  compute: (part: readonly I[]) => R[],
): Promise<R[]> {
  const out: R[] = [];
  try {
    for (const [i, part] of inParts(inputs, TICKERS_PER_PART).entries()) {
      if (i > 0) await yieldToOthers();
      out.push(...compute(part));
    }
  } catch (error) {
    if (!isRuleViolation(error)) throw error;
    return compute(inputs);
  }
  return out;
}

/** A stored history that breaks a rule (it should never: writes are checked) is a 409, not a 500. */
function domainFailure(error: unknown): never {
  if (error instanceof InsufficientHoldingError) throw insufficientHolding(error, new Set());
  if (error instanceof MissingFxRateError) {
    throw new DomainError(
      'conflict',
      'FX_RATE_MISSING',
      'No USD/NOK rate is available to convert this portfolio',
    );
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
  return (await computeResults(db, uid, portfolioId, options)).rows;
}

/**
 * GET /portfolio-results/{id}?totals=true: the rows of getPortfolioResults and the whole
 * portfolio's totals in its base currency, summed in decimals before rounding (so the client
 * never adds rounded floats).
 */
export async function getPortfolioResultsWithTotals(
  db: Db,
  uid: string,
  portfolioId: number,
  options: { includeSold: boolean; asOf: string },
): Promise<PortfolioResultsDto> {
  const { rows, kept, read, refs } = await computeResults(db, uid, portfolioId, options);
  // The cash balance (issue 21): deposits − withdrawals − buys + sells + dividends, in the base currency.
  const cash = await cashBalanceInParts(db, uid, read, refs);
  return {
    rows,
    totals: { ...toPortfolioResultTotalsDto(computeResultTotals(kept)), cash_base: toApiNumber(cash) },
  };
}

async function computeResults(
  db: Db,
  uid: string,
  portfolioId: number,
  options: { includeSold: boolean; asOf: string },
): Promise<{
  rows: PortfolioResultRowDto[];
  kept: PortfolioResultRow[];
  read: PortfolioRead;
  refs: ReadonlyMap<number, TickerRef>;
}> {
  const read = await loadRevision(db, uid, portfolioId);
  const { portfolio, digests, tickerIds } = read;
  if (tickerIds.length === 0) return { rows: [], kept: [], read, refs: new Map() };
  const baseCurrency = toBaseCurrency(portfolio.baseCurrency);
  const [refs, closes, analysis, fx] = await Promise.all([
    findTickerRefs(db, tickerIds),
    getLatestCloses(db, tickerIds, options.asOf),
    getLatestScores(db, tickerIds),
    loadFx(db),
  ]);
  const rowKey = (tickerId: number, digest: string | undefined) => {
    const close = closes.get(tickerId);
    return `${portfolioId}|${tickerId}|${digest}|${baseCurrency}|${options.asOf}|${fx.stamp}|${close?.date}:${close?.close}:${close?.previousClose}`;
  };
  const byTicker = new Map<number, PortfolioResultRow>();
  const missing: number[] = [];
  for (const id of tickerIds) {
    const cached = tickerRowCache.get(rowKey(id, digests.get(id)));
    if (cached) byTicker.set(id, cached);
    else missing.push(id);
  }
  if (missing.length > 0) {
    // Only the tickers whose history (or price) changed: their transactions alone.
    const histories = await loadHistories(db, uid, read, missing);
    let computed: PortfolioResultRow[];
    try {
      computed = await computeInParts(missing, (part) =>
        computePortfolioResults({
          transactions: part.flatMap((id) => histories.get(id)?.transactions ?? []),
          tickers: new Map(
            part.map((id) => [
              id,
              {
                currency: refs.get(id)?.currency ?? 'NOK',
                lastPrice: closes.get(id)?.close ?? null,
                previousClose: closes.get(id)?.previousClose ?? null,
              },
            ]),
          ),
          fxRateOn: fx.fxRateOn,
          asOf: options.asOf,
          baseCurrency,
          includeSold: true,
        }),
      );
    } catch (error) {
      domainFailure(error);
    }
    for (const row of computed) {
      tickerRowCache.set(rowKey(row.tickerId, histories.get(row.tickerId)?.digest), row);
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
  const rows = kept.map((row): PortfolioResultRowDto => {
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
      realized_and_dividends: toApiNumber(row.realized.plus(row.dividends)),
      today_base: row.todayBase === null ? null : toApiNumber(row.todayBase),
      currency_effect_base: toApiNumber(row.currencyEffectBase),
      signal: latest?.signal ?? null,
      technical_score: latest?.technicalScore ?? null,
    };
  });
  return { rows, kept, read, refs };
}

/**
 * The portfolio's cash balance, as portfolioCashBalance computes it over the whole ledger, from its
 * parts: each ticker's events' cash (it depends on that ticker's holding only), memoised on the
 * ticker's digest like its result row, plus the cash events' (a short read). Replaying the whole
 * ledger on every answer cost ~300 ms for 10,000 transactions, after every write too
 * (bench/portfolio-cold, issue 26); now a write costs its ticker's part.
 */
async function cashBalanceInParts(
  db: Db,
  uid: string,
  read: PortfolioRead,
  refs: ReadonlyMap<number, TickerRef>,
): Promise<Decimal> {
  const { portfolio, digests } = read;
  const baseCurrency = toBaseCurrency(portfolio.baseCurrency);
  const [fx, cashRows] = await Promise.all([loadFx(db), listCashEventMath(db, uid, portfolio.id)]);
  const currencies = new Map<number, { currency: CurrencyCode }>();
  for (const [id, ref] of refs) currencies.set(id, { currency: ref.currency });
  const context = { baseCurrency, currencyOf: currencyLookup(currencies), fxRateOn: fx.fxRateOn };
  const key = (id: number, digest: string | undefined) =>
    `${portfolio.id}|${id}|${digest}|${baseCurrency}|${fx.stamp}`;
  const tickerIds = [...digests.keys()];
  const missing = tickerIds.filter((id) => tickerCashCache.get(key(id, digests.get(id))) === undefined);
  try {
    const histories = await loadHistories(db, uid, read, missing);
    for (const id of missing) {
      const history = histories.get(id);
      if (history) tickerCashCache.set(key(id, history.digest), cashBalance(history.transactions, context));
    }
    let cash = cashBalance(normalizeLedger(cashRows.map(toLedgerInput)), context);
    for (const id of tickerIds) {
      const part = tickerCashCache.get(key(id, digests.get(id)));
      // Read under another digest (a write landed in between): that history's part, computed now.
      cash = cash.plus(part ?? cashBalance(histories.get(id)?.transactions ?? [], context));
    }
    return cash;
  } catch (error) {
    domainFailure(error);
  }
}

/**
 * GET /portfolio/metadata?portfolioID=&tickerID=: one ticker's position summary; 404 for another's
 * portfolio. The same read path as results, tax and performance (the revision's digests, the
 * ticker's history from the one cache, validated once), so every route answers from one ledger.
 */
export async function getTickerMetadata(
  db: Db,
  uid: string,
  portfolioId: number,
  tickerId: number,
): Promise<TransactionMetadataDto> {
  const read = await loadRevision(db, uid, portfolioId);
  const histories = read.digests.has(tickerId)
    ? await loadHistories(db, uid, read, [tickerId])
    : new Map<number, { transactions: [] }>();
  try {
    return toTickerMetadataDto(computeTickerMetadata(histories.get(tickerId)?.transactions ?? [], tickerId));
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
  if (oslo === us) return marketForCurrency(baseCurrency) ?? MARKET_OSLO;
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
  const read = await loadRevision(db, uid, portfolioId);
  const { portfolio, tickerIds } = read;
  const baseCurrency = toBaseCurrency(portfolio.baseCurrency);
  const [histories, refs] = await Promise.all([
    loadHistories(db, uid, read, tickerIds),
    findTickerRefs(db, tickerIds),
  ]);
  const marketId = benchmarkMarket(refs, baseCurrency, options.countryId);
  const index = await findMainIndex(db, marketId);
  const indexDto = index
    ? { ticker_id: index.id, symbol: index.symbol, long_name: index.name, country_id: index.countryId }
    : null;
  let firstDate: string | undefined;
  for (const history of histories.values()) {
    const date = history.transactions[0]?.date;
    if (date !== undefined && (firstDate === undefined || date < firstDate)) firstDate = date;
  }
  const from = options.from ?? firstDate;
  if (from === undefined || from > options.to) {
    return { base_currency: baseCurrency, index: indexDto, from: from ?? null, to: options.to, points: [] };
  }
  const range = { from, to: options.to };
  // The tickers held at some point up to `to` (those with a transaction by then) make the calendar.
  const held = tickerIds.filter((id) => (histories.get(id)?.transactions[0]?.date ?? '\uffff') <= range.to);
  const ids = index ? [...held, index.id] : held;
  const [lastCloses, fx] = await Promise.all([getLatestCloses(db, ids, range.to), loadFx(db)]);
  const stampOf = (id: number) => {
    const last = lastCloses.get(id);
    return `${fx.version}|${last ? `${last.date}:${last.close}` : '-'}`;
  };
  const closes = await loadCloses(db, ids, range.to, stampOf);
  const calendar = loadCalendar(db, ids, closes, range, stampOf);

  const currencyOf = (id: number) => refs.get(id)?.currency ?? 'NOK';
  const timelineKey = (id: number) =>
    `${portfolioId}|${id}|${histories.get(id)?.digest}|${currencyOf(id)}|${baseCurrency}|${calendar.key}|${fx.stamp}`;
  const timelines = new Map<number, TickerTimeline>();
  const missing: number[] = [];
  for (const id of held) {
    const cached = timelineCache.get(timelineKey(id));
    if (cached) timelines.set(id, cached);
    else missing.push(id);
  }
  const seriesKey = `${portfolioId}|${baseCurrency}|${range.from}|${range.to}|${index?.id ?? '-'}`;
  const previous = seriesCache.get(seriesKey);
  let series: PerformanceSeries;
  let reusedDays: number;
  try {
    // Only the tickers whose transactions (or the calendar, or the rates) changed.
    const computed = await computeInParts(missing, (part) => [
      ...computeTickerTimelines(
        part.map((id) => ({
          tickerId: id,
          currency: currencyOf(id),
          transactions: histories.get(id)?.transactions ?? [],
          calendar: calendar.dates,
          fxRateOn: fx.fxRateOn,
          baseCurrency,
        })),
      ),
    ]);
    for (const [id, timeline] of computed) {
      timelineCache.set(timelineKey(id), timeline);
      timelines.set(id, timeline);
    }
    // From the first day a changed timeline touches, in parts when that is many days.
    const combine = (from: PerformanceSeries | undefined) =>
      combinePerformance({
        calendar: calendar.dates,
        timelines,
        closes,
        indexCloses: index ? closes.get(index.id) : undefined,
        fxRateOn: fx.fxRateOn,
        baseCurrency,
        previous: from,
        maxDays: Math.ceil(TICKER_DAYS_PER_PART / Math.max(1, held.length)),
      });
    series = combine(previous?.series);
    reusedDays = series.recomputedFrom;
    while (series.points.length < calendar.dates.length) {
      await yieldToOthers();
      series = combine(series);
    }
  } catch (error) {
    domainFailure(error);
  }
  // The JSON of the days taken over from the previous series is taken over too.
  const reused = previous && reusedDays > 0 ? previous.points.slice(0, reusedDays) : [];
  const points = reused.concat(series.points.slice(reused.length).map(toPerformancePointDto));
  seriesCache.set(seriesKey, { series, points });
  return { base_currency: baseCurrency, index: indexDto, from, to: options.to, points };
}

/** A year without a sale or a dividend. */
const NO_TAX_TOTALS: TaxReportDto['totals'] = {
  sale_count: 0,
  proceeds_nok: 0,
  cost_nok: 0,
  gain_nok: 0,
  gains_nok: 0,
  losses_nok: 0,
  dividends_gross_nok: 0,
  dividend_fees_nok: 0,
  dividends_nok: 0,
};

/**
 * GET /portfolio-tax/{id}?year=: FIFO realised gains in NOK for the year, per sale and in total.
 * Without a year: the latest year with a sale or a dividend, else `fallbackYear` (issue 24 item 9).
 */
export async function getPortfolioTax(
  db: Db,
  uid: string,
  portfolioId: number,
  requested: number | { fallbackYear: number },
): Promise<TaxReportDto> {
  const read = await loadRevision(db, uid, portfolioId);
  const { tickerIds } = read;
  const [histories, refs] = await Promise.all([
    loadHistories(db, uid, read, tickerIds),
    findTickerRefs(db, tickerIds),
  ]);
  const eventYears = [
    ...new Set(
      [...histories.values()].flatMap((h) =>
        h.transactions
          .filter((t) => t.eventId === EVENT_SELL || t.eventId === EVENT_DIVIDEND)
          .map((t) => Number(t.date.slice(0, 4))),
      ),
    ),
  ].sort((a, b) => b - a);
  const year = typeof requested === 'number' ? requested : (eventYears[0] ?? requested.fallbackYear);
  const needsFx = [...refs.values()].some((r) => r.currency !== 'NOK');
  const fxRateOn = needsFx ? (await loadFx(db)).fxRateOn : createFxRateOn([]);
  let report;
  try {
    report = toTaxReportDto(
      computeTaxReport({
        transactions: [...histories.values()].flatMap((h) => h.transactions),
        tickers: new Map(tickerIds.map((id) => [id, { currency: refs.get(id)?.currency ?? 'NOK' }])),
        fxRateOn,
        year,
      }),
    );
  } catch (error) {
    domainFailure(error);
  }
  const { year: _year, ...totals } = report.years.find((y) => y.year === year) ?? {
    year,
    ...NO_TAX_TOTALS,
  };
  return {
    year,
    event_years: eventYears,
    sales: report.sales.map((sale) => ({
      ...sale,
      symbol: refs.get(sale.ticker_id)?.symbol ?? '',
      long_name: refs.get(sale.ticker_id)?.name ?? '',
    })),
    totals,
  };
}
