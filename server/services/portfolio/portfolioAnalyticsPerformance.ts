/**
 * The daily value and time-weighted return of a portfolio against its market's main index
 * (DESIGN.md §7), memoised so that a write costs the written ticker's share: each ticker's timeline
 * keyed on its digest, the calendar and the rates; the summed series per portfolio and range,
 * which the domain reuses up to the first day a changed timeline touches.
 */
import type { Db } from '@/server/db';
import {
  combinePerformance,
  computeTickerTimelines,
  toPerformancePointDto,
  type PerformancePointDto,
  type PerformanceSeries,
  type TickerTimeline,
} from '@/server/domain/portfolio';
import {
  findMainIndex,
  findTickerRefs,
  getLatestCloses,
  type TickerRef,
} from '@/server/repositories/marketRepository';
import { MARKET_OSLO, MARKET_US, isMarketId, marketForCurrency, type MarketId } from '@/lib/constants';
import type { PerformanceDto } from '@/lib/types/portfolio';
import {
  TEN_MINUTES,
  TICKER_DAYS_PER_PART,
  loadCalendar,
  loadCloses,
  loadFx,
  loadHistories,
  loadRevision,
  yieldToOthers,
} from './portfolioAnalyticsInputs';
import { sharedCache } from './portfolioCache';
import { toBaseCurrency } from './portfolioDtos';
import { computeInParts, domainFailure } from './portfolioAnalyticsParts';

/** The last summed series of a portfolio and range, its JSON points, and its last answer serialised. */
interface SeriesEntry {
  series: PerformanceSeries;
  points: PerformancePointDto[];
  answer?: PerformanceJson;
}

/** A performance answer serialised: the same object for as long as the answer is unchanged. */
export interface PerformanceJson {
  /** What the answer is besides its points (base currency, index, range). */
  readonly head: string;
  readonly body: string;
  /** The points `body` was written from. */
  readonly points: readonly PerformancePointDto[];
}

const timelineCache = sharedCache<TickerTimeline>('timelines', 1000, TEN_MINUTES);
const seriesCache = sharedCache<SeriesEntry>('performance', 16, TEN_MINUTES);

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
  return (await computePerformance(db, uid, portfolioId, options)).dto;
}

/**
 * getPortfolioPerformance's answer as JSON text: the very object of the last answer when nothing in
 * it changed (the same points, range, index and base currency), so a route sends it again without
 * serialising and compressing ten years of days (sendJsonText keeps the encoded bytes with it);
 * else the answer written anew.
 */
export async function getPortfolioPerformanceJson(
  db: Db,
  uid: string,
  portfolioId: number,
  options: { from?: string; to: string; countryId?: number },
): Promise<PerformanceJson> {
  const { dto, entry } = await computePerformance(db, uid, portfolioId, options);
  const answer = serialisePerformance(dto, entry?.answer);
  if (entry) entry.answer = answer;
  return answer;
}

/**
 * `dto` as JSON text: `last` itself (an earlier answer of the same series) when every point is the
 * very same object and the head is equal, else JSON.stringify(dto). (Taking over the unchanged
 * days' text in pieces of 32 days gained under 10 % on the after-write figure, issue 43: not kept.)
 */
export function serialisePerformance(dto: PerformanceDto, last?: PerformanceJson): PerformanceJson {
  const head = JSON.stringify([dto.base_currency, dto.index, dto.from, dto.to]);
  const { points } = dto;
  if (
    last &&
    last.head === head &&
    last.points.length === points.length &&
    points.every((point, i) => point === last.points[i])
  ) {
    return last;
  }
  return { head, body: JSON.stringify(dto), points };
}

async function computePerformance(
  db: Db,
  uid: string,
  portfolioId: number,
  options: { from?: string; to: string; countryId?: number },
): Promise<{ dto: PerformanceDto; entry?: SeriesEntry }> {
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
    const dto = {
      base_currency: baseCurrency,
      index: indexDto,
      from: from ?? null,
      to: options.to,
      points: [],
    };
    return { dto };
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
  const entry: SeriesEntry = { series, points, answer: previous?.answer };
  seriesCache.set(seriesKey, entry);
  return {
    dto: { base_currency: baseCurrency, index: indexDto, from, to: options.to, points },
    entry,
  };
}
