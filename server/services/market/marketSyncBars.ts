/**
 * The storing steps of a market sync (./marketSyncService runs them in order): USD/NOK with its
 * overlap, and one series' bars — read (bulk day or per-ticker overlap), checked for a re-adjusted
 * history or a split the provider has not applied yet, and written with its sync_state in one
 * transaction. The module comment of ./marketSyncService explains the rules.
 */
import { type MarketId } from '@/lib/constants';
import { addDays } from '@/lib/dates';
import type { Bar } from '@/lib/types/market';
import type { Db } from '@/server/db';
import type { MarketDataProvider } from '@/server/market-data';
import {
  loadBars,
  loadLastBars,
  replaceDailyBars,
  setSyncState,
  upsertDailyBars,
  upsertFxRates,
  USDNOK_PAIR,
} from '@/server/repositories/marketRepository';
import { historyReadjusted, isSplitLike, splitLikeStep } from './marketAdjustments';
import type { SeriesTask } from './marketSyncTickers';

/** Stored sessions a per-ticker request re-reads (late index rows, preliminary volume). */
export const OVERLAP_SESSIONS = 3;

export const FX_KEY = `fx:${USDNOK_PAIR}`;

/**
 * USD/NOK (liquidity_risk of NOK tickers, portfolio base currency) up to `to`, with an overlap of
 * a week after the stored newest day (the day's row may have been stored mid-day). Returns the
 * rows written.
 */
export async function syncUsdNok(
  db: Db,
  provider: MarketDataProvider,
  range: { last: string | null; firstFrom: string; to: string },
): Promise<number> {
  const { last, firstFrom, to } = range;
  if (last !== null && last >= to) return 0;
  const rates = await provider.getUsdNok({ from: last ? addDays(last, -7) : firstFrom, to });
  return db.transaction(async (tx) => {
    const written = await upsertFxRates(tx, USDNOK_PAIR, rates);
    const newest = rates.length > 0 ? rates[rates.length - 1].date : last;
    if (newest !== null && (last === null || newest > last)) {
      await setSyncState(tx, provider.name, FX_KEY, newest);
    }
    return written;
  });
}

/** What one series' step did. */
export interface SeriesOutcome {
  /** The whole history was fetched again because the provider re-adjusted it. */
  readjusted: boolean;
  /** Why the stored days were kept (a split not in the provider's adjusted prices yet). */
  failure?: string;
  /** Rows written, and the newest session stored (when bars were read). */
  written: number;
  newest?: string;
}

/**
 * One series' bars up to `to`: `bulk` when the bulk days delivered them (re-read from
 * `rereadFrom`), else a per-ticker request re-reading OVERLAP_SESSIONS stored sessions; a first
 * sync reads from `firstFrom`. Provider errors are thrown (the caller decides per error code).
 */
export async function syncSeriesBars(
  db: Db,
  provider: MarketDataProvider,
  task: SeriesTask,
  range: { last: string | null; firstFrom: string; to: string; bulk?: Bar[]; rereadFrom?: string },
): Promise<SeriesOutcome> {
  const { ticker } = task;
  const { last, firstFrom, to: taskTo, bulk, rereadFrom } = range;
  const countryId = ticker.countryId as MarketId;
  // The stored days to compare with what is read: from the oldest bulk day re-read, else the
  // per-ticker overlap.
  const tail =
    last === null
      ? []
      : rereadFrom !== undefined && rereadFrom <= last
        ? await loadBars(db, ticker.id, { from: rereadFrom })
        : await loadLastBars(db, ticker.id, OVERLAP_SESSIONS);
  const overlapFrom = tail.length > 0 ? tail[Math.max(0, tail.length - OVERLAP_SESSIONS)].date : firstFrom;
  let bars = bulk ?? (await task.fetch({ from: overlapFrom, to: taskTo }));
  let whole = last === null;
  let readjusted = false;
  if (!whole && historyReadjusted(tail, bars)) {
    // The provider re-adjusted the history (a split or a dividend): fetch all of it again.
    bars = await task.fetch({ from: firstFrom, to: taskTo });
    whole = true;
    readjusted = true;
  }
  // A new day that steps like a split while the stored days were not re-adjusted: ask the
  // provider's splits (1 call). A split it knows means its adjusted history is not rewritten
  // yet: fetch it whole; if the step is still there, keep the stored days and wait for the next
  // run rather than store a crash (and alert on it).
  const step =
    !whole && !ticker.isIndex && tail.length > 0 ? splitLikeStep(tail[tail.length - 1], bars) : null;
  if (step && provider.getSplits) {
    const splits = (
      await provider.getSplits(ticker.symbol, countryId, addDays(tail[tail.length - 1].date, 1))
    ).filter((x) => x.date <= step.date);
    if (splits.length > 0) {
      const again = await task.fetch({ from: firstFrom, to: taskTo });
      const byDate = new Map(again.map((b) => [b.date, b]));
      const before = again.filter((b) => b.date < step.date).pop();
      const at = byDate.get(step.date);
      if (!before || !at || isSplitLike(at.close / before.close)) {
        return {
          readjusted,
          written: 0,
          failure: `${ticker.symbol}: the split of ${splits[0].date} is not in the provider's adjusted prices yet; the stored days are kept until a later run`,
        };
      }
      bars = again;
      whole = true;
      readjusted = true;
    }
  }
  if (bars.length === 0) return { readjusted, written: 0 };
  const newest = bars[bars.length - 1].date;
  const written = await db.transaction(async (tx) => {
    const count =
      whole && last !== null
        ? await replaceDailyBars(tx, ticker.id, bars)
        : await upsertDailyBars(tx, ticker.id, bars);
    if (last === null || newest > last) await setSyncState(tx, provider.name, task.key, newest);
    return count;
  });
  return { readjusted, written, newest };
}
