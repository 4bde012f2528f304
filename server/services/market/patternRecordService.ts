/**
 * Issue 42: the record per chart-pattern kind of a market — every listed stock's whole history,
 * detected once with the timeframe's pivots (no look-ahead, see server/domain/patternTrackRecord),
 * against the market's main index; computed on read and kept until the market data changes.
 */
import { PIVOT_SPAN } from '@/server/domain/analysis';
import {
  patternOutcomes,
  summarizePatternOutcomes,
  type PatternOutcome,
} from '@/server/domain/patternTrackRecord';
import type { MarketId, Timeframe } from '@/lib/constants';
import type { MarketPatternRecordResponse } from '@/lib/types/patterns';
import type { Db } from '@/server/db';
import { getMarketSource, listTickerRows, loadBarsForTickers } from '@/server/repositories/marketRepository';
import { cachedMarketRead } from './marketCache';
import { loadMainIndexCloses } from './trackRecordService';

/** Stocks read per round trip (bounds memory: ~2,600 bars each). */
const BATCH = 30;

export function getMarketPatternRecord(
  db: Db,
  q: { countryId: MarketId; timeframe: Timeframe },
): Promise<MarketPatternRecordResponse> {
  return cachedMarketRead(db, `pattern-record:${q.countryId}:${q.timeframe}`, async () => {
    const stocks = await listTickerRows(db, { countryId: q.countryId, isIndex: false, listed: true });
    const index = (await loadMainIndexCloses(db, [q.countryId])).get(q.countryId) ?? null;
    const outcomes: PatternOutcome[] = [];
    let through: string | null = null;
    for (let start = 0; start < stocks.length; start += BATCH) {
      const bars = await loadBarsForTickers(
        db,
        stocks.slice(start, start + BATCH).map((s) => s.id),
      );
      for (const series of bars.values()) {
        const last = series[series.length - 1]?.date ?? null;
        if (last !== null && (through === null || last > through)) through = last;
        outcomes.push(...patternOutcomes(series, index, PIVOT_SPAN[q.timeframe]));
      }
    }
    const source = await getMarketSource(db, q.countryId);
    return {
      country_id: q.countryId,
      timeframe: q.timeframe,
      through,
      tickers: stocks.length,
      demo: source === 'demo',
      rows: summarizePatternOutcomes(outcomes).map((r) => ({
        kind: r.kind,
        count: r.count,
        reached_target_share: r.reachedTargetShare,
        median_excess_22: r.medianExcess22,
        median_excess_66: r.medianExcess66,
      })),
    };
  });
}
