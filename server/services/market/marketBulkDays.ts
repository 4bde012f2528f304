/**
 * Bulk days: which sessions a market's daily refresh reads with the provider's bulk day (EODHD's
 * `eod-bulk-last-day/{EX}?date=`, one request for a whole exchange, 100 API calls), and the
 * bookkeeping that keeps that at ONE request per market per day while keeping what a daily
 * re-read of the stored session used to give:
 *
 * - New sessions: every session after the oldest stored one of the market's stocks (normally just
 *   the new day). A market more than BULK_MAX_SESSIONS behind is synced per ticker instead.
 * - Preliminary re-read: a session read before its data is final (isFinalRead: US volume is
 *   Nasdaq-only until the consolidated volume is in, see EXCHANGE_HOURS.finalMinutes) is noted in
 *   `bulk-preliminary:{market}`; the next run re-reads that one session (a second request) and its
 *   corrected volume replaces the stored one. A session read when final is never re-read.
 * - Reconciliation: a split or a dividend rewrites EODHD's earlier adjusted prices. Splits are
 *   caught the day they happen by the split guard (a new close that steps like a split asks
 *   `splits/{CODE}.{EX}`, 1 call, for that ticker only). Dividends leave a small step that no price
 *   test can tell from a real move, and EODHD's bulk `type=dividends` would cost another bulk request
 *   (100 calls) per market per day — as much as the daily re-read it replaces. Instead, once
 *   RECONCILE_SESSIONS sessions (a week, the new one included) follow `bulk-reconciled:{market}`, the run also
 *   re-reads that stored session: every ticker whose stored price of that day changed was
 *   re-adjusted in between (by a dividend or a split) and gets its whole history again. Cost: one
 *   extra bulk request per market per week; a dividend's adjustment of the older history reaches
 *   the stored series within a week (the ex-date's own step is the real price drop meanwhile).
 *
 * Daily cost for both markets when read final: 2 bulk requests (200 calls), plus the two indexes
 * and USD/NOK per ticker (1 call each, with their own overlap). A US run before 20:00 New York adds
 * one request the next day; a reconciliation adds one per market once a week.
 */
import type { MarketId } from '@/lib/constants';
import { addDays } from '@/lib/dates';
import type { Bar } from '@/lib/types/market';
import type { Db } from '@/server/db';
import { isFinalRead, isSession } from '@/server/domain/calendar/marketCalendar';
import type { MarketDataProvider } from '@/server/market-data';
import { setSyncState } from '@/server/repositories/marketRepository';

/** A market further behind than this many sessions is synced per ticker instead of in bulk. */
export const BULK_MAX_SESSIONS = 5;

/** Sessions between two reconciliation re-reads (a trading week). */
export const RECONCILE_SESSIONS = 5;

/** sync_state keys (under the provider's name) of the bulk bookkeeping. */
export const preliminaryKey = (marketId: MarketId) => `bulk-preliminary:${marketId}`;
export const reconciledKey = (marketId: MarketId) => `bulk-reconciled:${marketId}`;

/** The sessions of a market from `from` to `to`, both inclusive, ascending. */
export function sessionsBetween(marketId: MarketId, from: string, to: string): string[] {
  const out: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) if (isSession(marketId, day)) out.push(day);
  return out;
}

export interface BulkPlan {
  /** Every session to read, ascending (new ones and re-read stored ones). */
  dates: string[];
  /** The stored sessions among them (preliminary, reconciliation). */
  reread: string[];
  /** True when the reconciliation session is re-read in this run. */
  reconcile: boolean;
}

/**
 * Which bulk days to read for a market whose stocks are stored up to `lasts` (one newest stored
 * session per stock), up to `to`; null when the market is too far behind for bulk days.
 * `states` holds the provider's sync_state (the bookkeeping keys above).
 */
export function planBulkDays(
  marketId: MarketId,
  lasts: readonly string[],
  to: string,
  states: ReadonlyMap<string, string | null>,
): BulkPlan | null {
  if (lasts.length === 0) return null;
  const oldest = lasts.reduce((a, b) => (a < b ? a : b));
  const newest = lasts.reduce((a, b) => (a > b ? a : b));
  const fresh = sessionsBetween(marketId, addDays(oldest, 1), to);
  if (fresh.length > BULK_MAX_SESSIONS) return null;
  const reread = new Set<string>();
  const preliminary = states.get(preliminaryKey(marketId)) ?? null;
  if (preliminary !== null && preliminary <= newest) reread.add(preliminary);
  const reconciled = states.get(reconciledKey(marketId)) ?? null;
  const reconcile =
    reconciled !== null &&
    reconciled <= newest &&
    sessionsBetween(marketId, addDays(reconciled, 1), to).length >= RECONCILE_SESSIONS;
  if (reconcile) reread.add(reconciled);
  const rereadDates = [...reread].filter((d) => !fresh.includes(d));
  return {
    dates: [...new Set([...rereadDates, ...fresh])].sort(),
    reread: rereadDates.sort(),
    reconcile,
  };
}

/**
 * Read the planned bulk days and sort them per stock: the bars of every day read that holds the
 * stock. A stock missing from a published day after its newest stored session is left out (it is
 * fetched per ticker: a gap); an empty day (not published yet) is skipped.
 */
export async function readBulkDays(
  provider: MarketDataProvider,
  marketId: MarketId,
  plan: BulkPlan,
  stocks: readonly { tickerId: number; symbol: string; last: string }[],
  report: (item: string) => void,
): Promise<Map<number, Bar[]>> {
  const out = new Map<number, Bar[]>();
  if (!provider.getBulkDay) return out;
  const days = new Map<string, Map<string, Bar>>();
  for (const date of plan.dates) {
    report(`${marketId} ${date}`);
    days.set(date, await provider.getBulkDay(marketId, date));
  }
  for (const stock of stocks) {
    const bars: Bar[] = [];
    let gap = false;
    for (const date of plan.dates) {
      const day = days.get(date)!;
      const bar = day.get(stock.symbol);
      if (bar) bars.push(bar);
      // A published day without the ticker: fetch it per ticker (it may not have traded).
      else if (day.size > 0 && date > stock.last) gap = true;
    }
    if (!gap) out.set(stock.tickerId, bars);
  }
  return out;
}

/**
 * After a market's bars are stored up to `newest` (its newest stock session) at `now`: note it as
 * preliminary when read before its data is final (else clear the note: the preliminary session was
 * re-read), and move the reconciliation mark to it on the first import and after a reconciliation.
 */
export async function recordBulkSessions(
  db: Db,
  provider: string,
  marketId: MarketId,
  opts: {
    newest: string;
    now: Date;
    reconciled: boolean;
    states: ReadonlyMap<string, string | null>;
  },
): Promise<void> {
  const preliminary = isFinalRead(marketId, opts.newest, opts.now) ? null : opts.newest;
  if ((opts.states.get(preliminaryKey(marketId)) ?? null) !== preliminary) {
    await setSyncState(db, provider, preliminaryKey(marketId), preliminary);
  }
  const mark = opts.states.get(reconciledKey(marketId)) ?? null;
  if (mark === null || opts.reconciled) {
    await setSyncState(db, provider, reconciledKey(marketId), opts.newest);
  }
}
