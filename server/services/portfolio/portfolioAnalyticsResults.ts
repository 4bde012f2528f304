/**
 * A portfolio's results per ticker with their totals and cash balance, and one ticker's metadata
 * (DESIGN.md §5, §7), memoised per ticker so that a write to one ticker costs that ticker's share:
 * a result row keyed on its transactions' digest, its last close and the USD/NOK stamp; the
 * ticker's part of the cash balance keyed likewise.
 */
import type Decimal from 'decimal.js';
import type { Db } from '@/server/db';
import {
  computeResultsAndCash,
  computeResultTotals,
  computeTickerMetadata,
  cashBalance,
  currencyLookup,
  normalizeLedger,
  type CurrencyCode,
  divideOrZero,
  sumDecimals,
  toApiNumber,
  toPortfolioResultDto,
  toPortfolioResultTotalsDto,
  toTickerMetadataDto,
  type PortfolioResultRow,
} from '@/server/domain/portfolio';
import {
  findTickerRefs,
  getLatestCloses,
  getLatestScores,
  type TickerRef,
} from '@/server/repositories/marketRepository';
import { listCashEventMath } from '@/server/repositories/portfolioRepository';
import { latestTradePrices, latestUserPrices } from '@/server/repositories/instrumentRepository';
import { MARKET_OSLO } from '@/lib/constants';
import type {
  PriceSource,
  PortfolioResultRowDto,
  PortfolioResultsDto,
  TransactionMetadataDto,
} from '@/lib/types/portfolio';
import {
  TEN_MINUTES,
  loadFx,
  loadHistories,
  loadRevision,
  type PortfolioRead,
} from './portfolioAnalyticsInputs';
import { marketScopedCache, sharedCache, type MemoCache } from './portfolioCache';
import { toBaseCurrency, toLedgerInput } from './portfolioDtos';
import { computeInParts, domainFailure } from './portfolioAnalyticsParts';

/** One ticker's result row (computed with sold positions kept; the weight is set when rows are merged). */
const tickerRowCache = sharedCache<PortfolioResultRow>('ticker-rows', 5000, TEN_MINUTES);
/** One ticker's part of the cash balance, keyed like its result row (digest, base currency, USD/NOK stamp). */
const tickerCashCache = sharedCache<Decimal>('ticker-cash', 5000, TEN_MINUTES);

const marketFactsCache = (db: Db): MemoCache<MarketFacts> =>
  marketScopedCache(db, 'result-market-facts', 64, TEN_MINUTES);

const cashKey = (
  portfolioId: number,
  tickerId: number,
  digest: string | undefined,
  baseCurrency: CurrencyCode,
  fxStamp: string,
) => `${portfolioId}|${tickerId}|${digest}|${baseCurrency}|${fxStamp}`;

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

type LastClose = Awaited<ReturnType<typeof getLatestCloses>> extends Map<number, infer C> ? C : never;

/**
 * Issue 37: the price each ticker is valued at, with its date and source: the provider's close
 * when there is one ('market'); for an instrument outside the universe without one, the newest of
 * this user's own trade price ('trade') and a price this user typed ('user'; on the same day the
 * typed one wins). Another user's prices never value this user's holding (both reads take the uid).
 */
async function priceInstruments(
  db: Db,
  uid: string,
  refs: ReadonlyMap<number, TickerRef>,
  marketCloses: ReadonlyMap<number, LastClose>,
  asOf: string,
): Promise<{
  closes: ReadonlyMap<number, LastClose>;
  sources: Map<number, { date: string; source: PriceSource }>;
}> {
  const sources = new Map<number, { date: string; source: PriceSource }>();
  for (const [id, close] of marketCloses) sources.set(id, { date: close.date, source: 'market' });
  const unpriced = [...refs.values()]
    .filter((r) => !r.inUniverse && !marketCloses.has(r.id))
    .map((r) => r.id);
  if (unpriced.length === 0) return { closes: marketCloses, sources };
  const [trades, typed] = await Promise.all([
    latestTradePrices(db, uid, unpriced, asOf),
    latestUserPrices(db, uid, unpriced, asOf),
  ]);
  const closes = new Map(marketCloses);
  for (const id of unpriced) {
    const trade = trades.get(id);
    const user = typed.get(id);
    const pick =
      user && (!trade || user.date >= trade.date)
        ? { ...user, source: 'user' as const }
        : trade
          ? { ...trade, source: 'trade' as const }
          : null;
    if (!pick) continue;
    closes.set(id, { date: pick.date, close: Number(pick.price), previousClose: null });
    sources.set(id, { date: pick.date, source: pick.source });
  }
  return { closes, sources };
}

interface MarketFacts {
  refs: Map<number, TickerRef>;
  closes: Awaited<ReturnType<typeof getLatestCloses>>;
  analysis: Awaited<ReturnType<typeof getLatestScores>>;
}

/**
 * The tickers' names and currencies, last two closes on or before `asOf` and latest analysis:
 * memoised on the market-data version, which every sync, price import and analysis run bumps
 * (analysisSnapshotService.marketDataChanged, the stamp the market views' caches use too). Three
 * of the six reads of every results request (over half its time when nothing else changed:
 * issue 26's after-a-write and warm figures). Not memoised before the first sync (no version).
 */
async function loadMarketFacts(
  db: Db,
  tickerIds: readonly number[],
  asOf: string,
  version: string,
): Promise<MarketFacts> {
  const cache = marketFactsCache(db);
  const key = `${version}|${asOf}|${tickerIds.join(',')}`;
  const cached = version ? cache.get(key) : undefined;
  if (cached) return cached;
  const [refs, closes, analysis] = await Promise.all([
    findTickerRefs(db, tickerIds),
    getLatestCloses(db, tickerIds, asOf),
    getLatestScores(db, tickerIds),
  ]);
  const facts = { refs, closes, analysis };
  if (version) cache.set(key, facts);
  return facts;
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
  const fx = await loadFx(db);
  const facts = await loadMarketFacts(db, tickerIds, options.asOf, fx.version);
  const { refs, analysis } = facts;
  const { closes, sources } = await priceInstruments(db, uid, refs, facts.closes, options.asOf);
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
    // Each ticker's part of the cash balance comes from the same replay (cashBalanceInParts reads it).
    const cashParts = new Map<number, Decimal>();
    try {
      computed = await computeInParts(missing, (part) => {
        const { rows, cash } = computeResultsAndCash({
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
        });
        for (const [id, part] of cash) cashParts.set(id, part);
        return rows;
      });
    } catch (error) {
      domainFailure(error);
    }
    for (const row of computed) {
      const digest = histories.get(row.tickerId)?.digest;
      tickerRowCache.set(rowKey(row.tickerId, digest), row);
      byTicker.set(row.tickerId, row);
      const cash = cashParts.get(row.tickerId);
      // Only for a ticker cashBalanceInParts knows the currency of (it refuses an unknown one).
      if (cash !== undefined && refs.has(row.tickerId))
        tickerCashCache.set(cashKey(portfolioId, row.tickerId, digest, baseCurrency, fx.stamp), cash);
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
      isin: ref?.isin ?? null,
      kind: ref?.kind ?? 'share',
      in_universe: ref?.inUniverse ?? true,
      price_date: sources.get(row.tickerId)?.date ?? null,
      price_source: sources.get(row.tickerId)?.source ?? null,
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
    cashKey(portfolio.id, id, digest, baseCurrency, fx.stamp);
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
