/**
 * What /admin/operations shows about the market data (issue 28): per market the newest session,
 * when its data was fetched and when the provider publishes it, the session read preliminary and
 * the reconciliation mark of the bulk refresh (marketBulkDays); the provider's requests and API
 * calls per UTC day against the daily budget.
 */
import { MARKETS, type MarketId } from '@/lib/constants';
import type { MarketDataOpsDto } from '@/lib/types/operations';
import type { Db } from '@/server/db';
import { EXCHANGE_HOURS } from '@/server/domain/calendar/marketCalendar';
import { createMarketDataProvider, dailyCallBudget } from '@/server/market-data';
import {
  getMarketFreshness,
  getSyncStateRows,
  listProviderUsage,
} from '@/server/repositories/marketRepository';

import { preliminaryKey, reconciledKey } from './marketBulkDays';
import { OPERATIONS_STATE, publishedKey } from './marketRefreshService';

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export async function marketDataOperations(
  db: Db,
  env: Record<string, string | undefined> = process.env,
): Promise<MarketDataOpsDto> {
  const ids = MARKETS.map((m) => m.id as MarketId);
  const published = new Map(
    (await getSyncStateRows(db, ids.map(publishedKey)))
      .filter((r) => r.provider === OPERATIONS_STATE)
      .map((r) => [r.key, r]),
  );
  const provider = createMarketDataProvider(env).name;
  const bulk = new Map(
    (
      await getSyncStateRows(
        db,
        ids.flatMap((id) => [preliminaryKey(id), reconciledKey(id)]),
      )
    )
      .filter((r) => r.provider === provider)
      .map((r) => [r.key, r.lastDate]),
  );
  const markets = [];
  for (const id of ids) {
    const { lastSession } = await getMarketFreshness(db, id);
    const row = published.get(publishedKey(id));
    const hours = EXCHANGE_HOURS[id];
    markets.push({
      market_id: id,
      last_session: lastSession,
      fetched_at: row && row.lastDate === lastSession ? row.updatedAt.toISOString() : null,
      published_after: { time: hhmm(hours.publishedMinutes), time_zone: hours.timeZone },
      preliminary_session: bulk.get(preliminaryKey(id)) ?? null,
      reconciled_session: bulk.get(reconciledKey(id)) ?? null,
    });
  }
  return {
    provider,
    markets,
    usage: await listProviderUsage(db, 7),
    daily_call_budget: dailyCallBudget(env),
  };
}
