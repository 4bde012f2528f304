/**
 * "The market moved": the ONE path by which a refresh tells users about it (issue 27).
 *
 * recomputeAnalysis only computes: it returns, per market and session, the alerted signal changes
 * (`moved`). Whoever wrote new sessions (the daily refresh, `npm run market:sync`, the CSV import,
 * the demo start-up) hands them to deliverMarketMoved, which sends the signal alerts. A
 * re-computation that brings no new session (a forced `--full-analysis`, a re-adjusted history after
 * a split or a dividend) reports nothing and therefore alerts nobody.
 *
 * Price alerts (issue 25) are checked by recomputeAnalysis against the session's closes (stored as
 * notification lines there) and come along in `moved[].priceAlerts`: the digest e-mail of the
 * session carries them with the signal changes. So do the chart patterns that completed (issue 42,
 * `moved[].patterns`) and the dividends going ex (issue 41, `moved[].exDividends`): the alert
 * service decides who is told.
 */
import { errorText } from '@/server/logging/describeError';
import type { SignalRefresh } from '@/server/domain/alerts';
import type { Db } from '@/server/db';

import { notifySignalChanges, type NotifyResult } from '@/server/services/alerts';

export type Notify = (db: Db, refresh: SignalRefresh) => Promise<NotifyResult>;

/**
 * Deliver what moved: signal alerts per market and session. A failing delivery is logged and does
 * not fail the refresh (the analysis is stored already). `notify` replaces the alert service in tests.
 */
export async function deliverMarketMoved(
  db: Db,
  moved: readonly SignalRefresh[],
  opts: { notify?: Notify } = {},
): Promise<NotifyResult[]> {
  const notify = opts.notify ?? notifySignalChanges;
  const results: NotifyResult[] = [];
  for (const refresh of moved) {
    const nothing =
      refresh.changes.length === 0 &&
      !refresh.priceAlerts?.length &&
      !refresh.patterns?.length &&
      !refresh.exDividends?.length;
    if (nothing) continue;
    try {
      results.push(await notify(db, refresh));
    } catch (err) {
      console.error(`alerts for market ${refresh.marketId} ${refresh.session} failed: ${errorText(err)}`);
    }
  }
  return results;
}
