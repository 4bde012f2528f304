/**
 * The app's scheduled jobs: a refresh per market after its session closed (weekdays, exchange
 * holidays skipped), a weekly universe sync (new listings, renames, delistings of both markets)
 * and a nightly backup.
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
import { getMarketFreshness, listTickerRows } from '@/server/repositories/marketRepository';
import { createBackup } from '@/server/services/operations';
import { refreshMarket } from '@/server/services/market';
import { syncUniverse } from '@/server/services/market';

import type { JobDefinition } from './scheduler';

export const JOB_NAMES = ['refresh-160', 'refresh-226', 'universe-sync', 'backup'] as const;
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

/**
 * The weekly universe sync (issue 28): each market's stored shares brought in line with the
 * provider's symbol list (1 request, 1 call per market with EODHD) — new listings added with their
 * ISIN (their history comes per ticker with the next refresh), renames followed by ISIN, missing
 * shares marked delisted (still readable for portfolios). Sunday morning: no session is refreshed
 * then, and Monday's refreshes see the result. Admins can also run it from /admin/operations.
 */
export function universeSyncJob(
  opts: { provider?: () => MarketDataProvider; env?: Record<string, string | undefined> } = {},
): JobDefinition {
  return {
    name: 'universe-sync',
    pattern: '0 6 * * 0',
    timeZone: 'Europe/Oslo',
    async run(ctx) {
      const parts: string[] = [];
      for (const [i, marketId] of [MARKET_OSLO, MARKET_US].entries()) {
        ctx.progress({ phase: 'universe', done: i, total: 2 });
        // A market not imported yet gets its symbol list from its first refresh.
        if ((await listTickerRows(ctx.db, { countryId: marketId, isIndex: false })).length === 0) {
          parts.push(`${marketId}: not imported yet`);
          continue;
        }
        const r = await syncUniverse(ctx.db, marketId, {
          now: ctx.now(),
          provider: opts.provider?.(),
          env: opts.env,
        });
        parts.push(
          `${marketId}: ${r.listed} listed, ${r.added.length} added, ${r.renamed.length} renamed, ` +
            `${r.delisted.length} delisted, ${r.relisted.length} relisted` +
            (r.usage ? ` (${r.usage.requests} requests, ${r.usage.calls} API calls)` : ''),
        );
      }
      ctx.progress({ phase: 'universe', done: 2, total: 2 });
      return parts.join('; ');
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
  return [
    refreshJob(MARKET_OSLO, opts),
    refreshJob(MARKET_US, opts),
    universeSyncJob(opts),
    backupJob(handle),
  ];
}
