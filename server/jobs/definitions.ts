/**
 * The app's scheduled jobs: a refresh per market after its session closed (weekdays, exchange
 * holidays skipped) and a nightly backup.
 */
import { MARKET_OSLO, MARKET_US, type MarketId } from '@/lib/constants';
import type { DbHandle } from '@/server/db/client';
import {
  EXCHANGE_HOURS,
  isSession,
  lastDueSession,
  localDateTime,
  sessionsBehind,
} from '@/server/domain/calendar/marketCalendar';
import type { MarketDataProvider } from '@/server/market-data';
import { getMarketFreshness } from '@/server/repositories/marketRepository';
import { createBackup } from '@/server/services/backupService';
import { refreshMarket } from '@/server/services/marketRefreshService';

import type { JobDefinition } from './scheduler';

export const JOB_NAMES = ['refresh-160', 'refresh-226', 'backup'] as const;
export type JobName = (typeof JOB_NAMES)[number];

export function refreshJobName(marketId: MarketId): JobName {
  return marketId === MARKET_OSLO ? 'refresh-160' : 'refresh-226';
}

/** `minute hour * * 1-5` at the provider's publication time, in the exchange's time zone. */
function refreshPattern(marketId: MarketId): string {
  const at = EXCHANGE_HOURS[marketId].publishedMinutes;
  return `${at % 60} ${Math.floor(at / 60)} * * 1-5`;
}

export function refreshJob(
  marketId: MarketId,
  opts: { provider?: () => MarketDataProvider; env?: Record<string, string | undefined> } = {},
): JobDefinition {
  const { timeZone } = EXCHANGE_HOURS[marketId];
  return {
    name: refreshJobName(marketId),
    pattern: refreshPattern(marketId),
    timeZone,
    skip(time) {
      const { date } = localDateTime(time, timeZone);
      return isSession(marketId, date) ? null : `no session on ${date}`;
    },
    async catchUpSlot({ db, now }) {
      const { lastSession } = await getMarketFreshness(db, marketId);
      if (sessionsBehind(marketId, lastSession, now) <= 1) return null;
      return `catch-up:${lastDueSession(marketId, now)}`;
    },
    async run(ctx) {
      const result = await refreshMarket(ctx.db, marketId, {
        now: ctx.now(),
        provider: opts.provider?.(),
        env: opts.env,
        onProgress: (p) => ctx.progress({ phase: p.phase, done: p.done, total: p.total }),
      });
      if (result.before === result.session) return `already current (session ${result.session})`;
      const spent = result.usage
        ? `; ${result.usage.requests} requests, ${result.usage.calls} API calls`
        : '';
      const readjusted =
        result.readjusted.length > 0
          ? `, ${result.readjusted.length} re-adjusted (${result.readjusted.join(', ')})`
          : '';
      return (
        `session ${result.session}: ${result.barsWritten} bars, ${result.analysed} tickers analysed, ` +
        `${result.changes.length} signal changes${readjusted}${spent}`
      );
    },
  };
}

export function backupJob(
  handle: DbHandle,
  opts: { dir?: string; env?: Record<string, string | undefined> } = {},
): JobDefinition {
  return {
    name: 'backup',
    pattern: '15 3 * * *',
    timeZone: 'Europe/Oslo',
    async run(ctx) {
      ctx.progress({ phase: 'backup', done: 0, total: 1 });
      const manifest = await createBackup(handle, { dir: opts.dir, now: ctx.now(), env: opts.env });
      ctx.progress({ phase: 'backup', done: 1, total: 1 });
      const mb = (manifest.database.size / 1024 / 1024).toFixed(1);
      return `${manifest.database.file} (${mb} MB, sha256 ${manifest.database.sha256.slice(0, 12)}…)${
        manifest.accounts ? ' + emulator accounts' : ''
      }`;
    },
  };
}

export function appJobs(
  handle: DbHandle,
  opts: { provider?: () => MarketDataProvider } = {},
): JobDefinition[] {
  return [refreshJob(MARKET_OSLO, opts), refreshJob(MARKET_US, opts), backupJob(handle)];
}
