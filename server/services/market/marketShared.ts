/**
 * What the market services share (issue 27: no import cycle). The sync, the CSV price import, the
 * analysis snapshots and the market-moved delivery all import from here; this module imports no
 * other service, so none of them has to import another one back.
 */
import { MARKETS } from '@/lib/constants';

export type SyncPhase = 'tickers' | 'fx' | 'bars' | 'analysis';

/** A progress report: `done` of `total` steps of a phase; `item` names the current one. */
export interface SyncProgress {
  phase: SyncPhase;
  done: number;
  total: number;
  item?: string;
}

/** The rows of the markets table, from lib/constants' MARKETS. */
export function marketRows() {
  return MARKETS.map((m) => ({
    id: m.id,
    exchange: m.exchange,
    name: m.name,
    mainIndex: m.mainIndex,
    mainIndexSymbol: m.mainIndexTickerSymbol,
    currency: m.currency,
    img: m.img,
  }));
}

/**
 * The sync_state row (provider "market-data") that says an admin refreshed the market's index
 * membership (from a file or the provider): from then on the sync keeps that membership instead of
 * the universe file's.
 */
export const INDEX_MEMBERS_STATE = {
  provider: 'market-data',
  key: (marketId: number) => `index-members:${marketId}`,
};
