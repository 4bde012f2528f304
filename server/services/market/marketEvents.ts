/**
 * What other features hear about market refreshes.
 *
 * The signal alerts (and price alerts) do NOT subscribe here: they are delivered by
 * deliverMarketMoved (server/services/marketMoved.ts), the one delivery path, which every refresh,
 * sync and import runs after its analysis. An alert listener here would notify users twice.
 *
 * After a scheduled or manual refresh has written a market's new analysis snapshots, every
 * listener is called once with the market, the new session and the (ticker, timeframe) pairs whose
 * latest signal differs from the latest signal before the refresh. Tickers analysed for the first
 * time are not changes. Listeners run one after another and are awaited; a listener that throws is
 * logged and does not fail the refresh or stop the others.
 */
import { errorText } from '@/server/logging/describeError';
import type { MarketId, Signal, Timeframe } from '@/lib/constants';
import type { Db } from '@/server/db';

export interface SignalChange {
  tickerId: number;
  timeframe: Timeframe;
  previousSignal: Signal;
  signal: Signal;
}

export interface MarketRefreshedEvent {
  marketId: MarketId;
  /** The newest session now stored (YYYY-MM-DD). */
  session: string;
  changes: SignalChange[];
}

export type MarketRefreshedListener = (event: MarketRefreshedEvent, db: Db) => void | Promise<void>;

// On globalThis: Next bundles API routes and instrumentation separately; they must share listeners.
const registry = globalThis as unknown as { __trendvaktMarketRefreshed?: Set<MarketRefreshedListener> };

function listeners(): Set<MarketRefreshedListener> {
  registry.__trendvaktMarketRefreshed ??= new Set();
  return registry.__trendvaktMarketRefreshed;
}

/** Call `listener` after every market refresh; returns a function that unregisters it. */
export function onMarketRefreshed(listener: MarketRefreshedListener): () => void {
  listeners().add(listener);
  return () => {
    listeners().delete(listener);
  };
}

/** Tell every listener (the refresh service calls this). */
export async function emitMarketRefreshed(event: MarketRefreshedEvent, db: Db): Promise<void> {
  for (const listener of [...listeners()]) {
    try {
      await listener(event, db);
    } catch (err) {
      console.error(`[market] a market-refreshed listener failed: ${errorText(err)}`);
    }
  }
}
