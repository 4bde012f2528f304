/**
 * Dividends with the prices (issue 41): after a sync has stored the bars, the stocks' dividends
 * are brought up to the same date into the `dividends` table.
 *
 * - A stock seen the first time gets its history from the provider per ticker (EODHD
 *   `div/{CODE}.{EX}`, 1 call; the demo schedule), from the sync's history start, with the announced
 *   ones the provider already lists.
 * - After that, a provider with bulk dividends (EODHD `eod-bulk-last-day/{EX}?type=dividends&date=`,
 *   100 calls) is asked once per new session of the market (normally one request per market and
 *   day), for the dividends going ex that day; a market more than BULK_MAX_SESSIONS behind is read
 *   per ticker again. A provider without bulk dividends (the demo) is read per ticker from
 *   REREAD_DAYS before the last run (announcements and payment dates change within weeks).
 *
 * Bookkeeping in sync_state under the provider `dividends:{provider}`: `ticker:{id}` = the date up
 * to which that ticker's dividends were read, `bulk:{market}` = the last session a bulk day covered.
 * A failure of one ticker is listed and the others go on, like the bars.
 */
import { describeError } from '@/server/logging/describeError';
import type { MarketId } from '@/lib/constants';
import { addDays } from '@/lib/dates';
import type { Db } from '@/server/db';
import { isMarketDataError, type DividendEvent, type MarketDataProvider } from '@/server/market-data';
import {
  getSyncStates,
  setSyncState,
  upsertDividends,
  type DividendWrite,
  type TickerRow,
} from '@/server/repositories/marketRepository';

import { BULK_MAX_SESSIONS, sessionsBetween } from './marketBulkDays';

/** Days before the last read that a provider without bulk dividends reads again. */
export const REREAD_DAYS = 60;

const PER_SERIES_ERRORS = new Set(['NOT_FOUND', 'UNKNOWN_SYMBOL', 'BAD_RESPONSE', 'INVALID_DATA']);

export const dividendsStateProvider = (provider: string) => `dividends:${provider}`;
const tickerKey = (tickerId: number) => `ticker:${tickerId}`;
const bulkKey = (marketId: MarketId) => `bulk:${marketId}`;

export interface DividendSyncResult {
  written: number;
  /** Requests made for dividends (per ticker and bulk). */
  requests: number;
  failures: { countryId: MarketId; symbol: string; message: string }[];
}

function rowsOf(tickerId: number, events: readonly DividendEvent[]): DividendWrite[] {
  return events.map((e) => ({ tickerId, ...e }));
}

/**
 * Bring the dividends of `stocks` (no indexes) up to `toOf(market)`; `firstFrom` is where a
 * ticker's first read starts.
 */
export async function syncDividends(
  db: Db,
  provider: MarketDataProvider,
  stocks: readonly TickerRow[],
  opts: { firstFrom: string; toOf: (marketId: MarketId) => string },
): Promise<DividendSyncResult> {
  const result: DividendSyncResult = { written: 0, requests: 0, failures: [] };
  if (!provider.getDividends) return result;
  const stateProvider = dividendsStateProvider(provider.name);
  const states = await getSyncStates(db, stateProvider);
  const byMarket = new Map<MarketId, TickerRow[]>();
  for (const t of stocks) {
    if (t.isIndex) continue;
    const id = t.countryId as MarketId;
    byMarket.set(id, [...(byMarket.get(id) ?? []), t]);
  }

  const perTicker = async (ticker: TickerRow, from: string, to: string) => {
    const countryId = ticker.countryId as MarketId;
    try {
      result.requests += 1;
      const events = await provider.getDividends!(ticker.symbol, countryId, { from, to });
      result.written += await upsertDividends(db, rowsOf(ticker.id, events), provider.name);
      await setSyncState(db, stateProvider, tickerKey(ticker.id), to);
    } catch (err) {
      if (isMarketDataError(err) && PER_SERIES_ERRORS.has(err.code)) {
        result.failures.push({ countryId, symbol: ticker.symbol, message: describeError(err).message });
        return;
      }
      throw err;
    }
  };

  for (const [marketId, tickers] of byMarket) {
    const to = opts.toOf(marketId);
    const known: TickerRow[] = [];
    for (const ticker of tickers) {
      const last = states.get(tickerKey(ticker.id)) ?? null;
      if (last === null) await perTicker(ticker, opts.firstFrom, to);
      else if (last < to) known.push(ticker);
    }
    if (known.length === 0) continue;
    if (provider.getBulkDividends) {
      const lasts = known.map((t) => states.get(tickerKey(t.id))!);
      const mark = states.get(bulkKey(marketId)) ?? lasts.reduce((a, b) => (a < b ? a : b));
      const dates = sessionsBetween(marketId, addDays(mark, 1), to);
      if (dates.length <= BULK_MAX_SESSIONS) {
        const bySymbol = new Map(known.map((t) => [t.symbol, t]));
        const rows: DividendWrite[] = [];
        for (const date of dates) {
          result.requests += 1;
          for (const [symbol, events] of await provider.getBulkDividends(marketId, date)) {
            const ticker = bySymbol.get(symbol);
            if (ticker) rows.push(...rowsOf(ticker.id, events));
          }
        }
        result.written += await upsertDividends(db, rows, provider.name);
        await setSyncState(db, stateProvider, bulkKey(marketId), to);
        continue;
      }
    }
    for (const ticker of known) {
      const last = states.get(tickerKey(ticker.id))!;
      await perTicker(ticker, addDays(last, -REREAD_DAYS), to);
    }
  }
  return result;
}
