/**
 * Track records (issue 17): computed from the stored bars during the sync (after the analysis
 * snapshots, see marketSyncService.recomputeAnalysis) and stored per ticker and timeframe, so that
 * reading one is a primary-key lookup. The market-wide record (/signals) is summarised from the
 * stored entries and cached until the market data changes.
 */
import { marketById, TIMEFRAMES, type MarketId, type Timeframe } from '@/lib/constants';
import { yearsBefore } from '@/lib/dates';
import type { Bar } from '@/lib/types/market';
import type {
  HorizonSummaryDto,
  MarketTrackRecordResponse,
  TrackRecordEntryDto,
  TrackRecordResponse,
  TrackRecordSummaryDto,
} from '@/lib/types/signals';
import type { Db } from '@/server/db';
import {
  computeTrackRecord,
  indexClosesFromBars,
  summarizeTrackRecord,
  type HorizonSummary,
  type IndexCloses,
  type TrackRecordEntry,
  type TrackRecordState,
  type TrackRecordSummary,
} from '@/server/domain/trackRecord';
import { DomainError } from '@/server/services/errors';
import {
  findTickerById,
  findTickerBySymbol,
  getMarketSource,
  loadBars,
  type TickerRow,
} from '@/server/repositories/marketRepository';
import {
  getTrackRecord,
  listTrackRecords,
  type TrackRecordRow,
} from '@/server/repositories/trackRecordRepository';

import { cachedMarketRead } from './marketCache';

/** The periods of the market-wide record on /signals, in years before its last session. */
export const MARKET_RECORD_YEARS = [1, 3, 5] as const;

export function toEntryDto(e: TrackRecordEntry): TrackRecordEntryDto {
  return {
    date: e.date,
    signal: e.signal,
    close: e.close,
    return_22: e.return22,
    return_66: e.return66,
    index_return_22: e.indexReturn22,
    index_return_66: e.indexReturn66,
  };
}

function fromEntryDto(e: TrackRecordEntryDto): TrackRecordEntry {
  return {
    date: e.date,
    signal: e.signal,
    close: e.close,
    return22: e.return_22,
    return66: e.return_66,
    indexReturn22: e.index_return_22,
    indexReturn66: e.index_return_66,
  };
}

function toHorizonDto(h: HorizonSummary): HorizonSummaryDto {
  return {
    evaluated: h.evaluated,
    beat_index_share: h.beatIndexShare,
    right_share: h.rightShare,
    median_excess_return: h.medianExcessReturn,
  };
}

export function toSummaryDto(s: TrackRecordSummary): TrackRecordSummaryDto {
  const side = (x: TrackRecordSummary['buy']) => ({
    count: x.count,
    after_22: toHorizonDto(x.after22),
    after_66: toHorizonDto(x.after66),
  });
  return { buy: side(s.buy), sell: side(s.sell) };
}

/**
 * The three stored rows (timeframes 1–3) of a stock's track record; none for an index. With the
 * rows stored by an earlier sync (`previous`), only the sessions after them are evaluated.
 */
export function buildTrackRecordRows(
  ticker: Pick<TickerRow, 'id' | 'countryId' | 'isIndex'>,
  bars: readonly Bar[],
  index: IndexCloses | null,
  previous: readonly TrackRecordRow[] = [],
): TrackRecordRow[] {
  if (ticker.isIndex) return [];
  return TIMEFRAMES.map((timeframe) => {
    const stored = previous.find((r) => r.timeframe === timeframe && r.tickerId === ticker.id);
    const resume: TrackRecordState | null =
      stored?.through != null
        ? {
            through: stored.through,
            lastSignal: stored.lastSignal,
            changes: stored.entries.map((e) => ({ date: e.date, signal: e.signal })),
          }
        : null;
    const record = computeTrackRecord(bars, timeframe, index, { resume });
    return {
      tickerId: ticker.id,
      timeframe,
      countryId: ticker.countryId,
      through: record.state?.through ?? null,
      lastSignal: record.state?.lastSignal ?? null,
      entries: record.entries.map(toEntryDto),
      summary: toSummaryDto(record.summary),
    };
  });
}

/** The closes of each market's main index (markets without a stored index are left out). */
export async function loadMainIndexCloses(
  db: Db,
  countryIds: readonly MarketId[],
): Promise<Map<number, IndexCloses>> {
  const out = new Map<number, IndexCloses>();
  for (const countryId of countryIds) {
    const index = await findTickerBySymbol(db, countryId, marketById(countryId).mainIndexTickerSymbol);
    if (index) out.set(countryId, indexClosesFromBars(await loadBars(db, index.id)));
  }
  return out;
}

const EMPTY_SUMMARY = toSummaryDto(summarizeTrackRecord([]));

/** GET /api/v1/ticker/{id}/track-record: the stored record (empty until the first sync computed it). */
export async function getTickerTrackRecord(
  db: Db,
  q: { tickerId: number; timeframe: Timeframe },
): Promise<TrackRecordResponse> {
  const [ticker, row] = await Promise.all([
    findTickerById(db, q.tickerId),
    getTrackRecord(db, q.tickerId, q.timeframe),
  ]);
  if (!ticker) throw new DomainError('not_found', 'TICKER_NOT_FOUND', 'No such ticker');
  const entries = row?.entries ?? [];
  return {
    ticker_id: q.tickerId,
    timeframe: q.timeframe,
    through: row?.through ?? null,
    entries,
    // Summarised on read from the entries (a few dozen), so a summary stored before a field was
    // added (right_share, issue 25) still answers every field.
    summary: row ? toSummaryDto(summarizeTrackRecord(entries.map(fromEntryDto))) : EMPTY_SUMMARY,
    demo:
      (await cachedMarketRead(db, `source:${ticker.countryId}`, () =>
        getMarketSource(db, ticker.countryId as MarketId),
      )) === 'demo',
  };
}

/**
 * GET /api/v1/signals/track-record: the summary over every stock of a market for the last 1, 3 and
 * 5 years before its newest session (signals dated on or after that day).
 */
export function getMarketTrackRecord(
  db: Db,
  q: { countryId: MarketId; timeframe: Timeframe },
): Promise<MarketTrackRecordResponse> {
  return cachedMarketRead(db, `track-record:${q.countryId}:${q.timeframe}`, async () => {
    const rows = await listTrackRecords(db, q.countryId, q.timeframe);
    const through = rows.reduce<string | null>(
      (max, r) => (r.through && (!max || r.through > max) ? r.through : max),
      null,
    );
    const entries = rows.flatMap((r) => r.entries.map(fromEntryDto));
    const source = await cachedMarketRead(db, `source:${q.countryId}`, () =>
      getMarketSource(db, q.countryId),
    );
    return {
      country_id: q.countryId,
      timeframe: q.timeframe,
      through,
      tickers: rows.length,
      demo: source === 'demo',
      periods: through
        ? MARKET_RECORD_YEARS.map((years) => {
            const since = yearsBefore(through, years);
            return {
              years,
              since,
              summary: toSummaryDto(summarizeTrackRecord(entries.filter((e) => e.date >= since))),
            };
          })
        : [],
    };
  });
}
