/**
 * Stored track records (issue 17): one row per ticker and timeframe, rewritten after each sync.
 * Market data, not user data: nothing here takes a user id.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';

import type { MarketId, Signal, Timeframe } from '@/lib/constants';
import type { TrackRecordEntryDto, TrackRecordSummaryDto } from '@/lib/types/signals';
import type { Db } from '@/server/db';
import { trackRecords } from '@/server/db/schema';

export interface TrackRecordRow {
  tickerId: number;
  timeframe: Timeframe;
  countryId: number;
  through: string | null;
  lastSignal: Signal | null;
  entries: TrackRecordEntryDto[];
  summary: TrackRecordSummaryDto;
}

/** Rows per insert statement. */
const CHUNK = 200;

/** Insert or replace the track records of some tickers and timeframes. */
export async function writeTrackRecords(db: Db, rows: readonly TrackRecordRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK).map((r) => ({ ...r, computedAt: new Date() }));
    await db
      .insert(trackRecords)
      .values(chunk)
      .onConflictDoUpdate({
        target: [trackRecords.tickerId, trackRecords.timeframe],
        set: {
          countryId: sql`excluded.country_id`,
          through: sql`excluded.through`,
          lastSignal: sql`excluded.last_signal`,
          entries: sql`excluded.entries`,
          summary: sql`excluded.summary`,
          computedAt: sql`excluded.computed_at`,
        },
      });
  }
}

/** The stored record of one ticker and timeframe (a primary-key read). */
export async function getTrackRecord(
  db: Db,
  tickerId: number,
  timeframe: Timeframe,
): Promise<TrackRecordRow | undefined> {
  const [row] = await db
    .select()
    .from(trackRecords)
    .where(and(eq(trackRecords.tickerId, tickerId), eq(trackRecords.timeframe, timeframe)));
  return row ? toRow(row) : undefined;
}

/** The stored records of some tickers (every timeframe). */
export async function listTrackRecordsOf(db: Db, tickerIds: readonly number[]): Promise<TrackRecordRow[]> {
  if (tickerIds.length === 0) return [];
  const rows = await db
    .select()
    .from(trackRecords)
    .where(inArray(trackRecords.tickerId, [...tickerIds]));
  return rows.map(toRow);
}

/** Every stored record of a market's tickers for one timeframe. */
export async function listTrackRecords(
  db: Db,
  countryId: MarketId,
  timeframe: Timeframe,
): Promise<TrackRecordRow[]> {
  const rows = await db
    .select()
    .from(trackRecords)
    .where(and(eq(trackRecords.countryId, countryId), eq(trackRecords.timeframe, timeframe)));
  return rows.map(toRow);
}

function toRow(row: typeof trackRecords.$inferSelect): TrackRecordRow {
  return {
    tickerId: row.tickerId,
    timeframe: row.timeframe as Timeframe,
    countryId: row.countryId,
    through: row.through,
    lastSignal: row.lastSignal as Signal | null,
    entries: row.entries as TrackRecordEntryDto[],
    summary: row.summary as TrackRecordSummaryDto,
  };
}
