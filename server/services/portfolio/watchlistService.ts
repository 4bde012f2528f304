/**
 * The watchlist (DESIGN.md §5, our addition): the caller's own list of tickers with the last close,
 * the change since the session before, and the latest analysis (timeframe 2). Adding a ticker that
 * is already on the list is idempotent: 200 with the entry (201 when it is new).
 */
import type { Db } from '@/server/db';
import { DomainError } from '@/server/services/errors';
import {
  findTickerRef,
  findTickerRefs,
  getLatestCloses,
  getLatestScores,
} from '@/server/repositories/marketRepository';
import {
  addToWatchlist,
  listWatchlist,
  removeFromWatchlist,
  setWatchlistAlerts,
  type WatchlistRow,
} from '@/server/repositories/watchlistRepository';
import type { WatchlistItemDto } from '@/lib/types/portfolio';

export const tickerNotFound = () => new DomainError('not_found', 'TICKER_NOT_FOUND', 'Ticker not found');

function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  const r = Math.round(value * f) / f;
  return r === 0 ? 0 : r;
}

async function toItems(db: Db, rows: WatchlistRow[]): Promise<WatchlistItemDto[]> {
  const ids = rows.map((r) => r.tickerId);
  const [refs, closes, analysis] = await Promise.all([
    findTickerRefs(db, ids),
    getLatestCloses(db, ids),
    getLatestScores(db, ids),
  ]);
  return rows.flatMap((row) => {
    const ref = refs.get(row.tickerId);
    if (!ref) return [];
    const last = closes.get(row.tickerId);
    const latest = analysis.get(row.tickerId);
    const change =
      last && last.previousClose !== null && last.previousClose !== 0
        ? round(((last.close - last.previousClose) / last.previousClose) * 100, 6)
        : null;
    return [
      {
        ticker_id: ref.id,
        symbol: ref.symbol,
        long_name: ref.name,
        img: ref.img,
        country_id: ref.countryId,
        currency: ref.currency,
        last_price: last ? round(last.close, 6) : null,
        change_pct: change,
        date: last?.date ?? null,
        technical_score: latest ? round(latest.technicalScore, 6) : null,
        signal: latest?.signal ?? null,
        alerts: row.alerts,
        added_at: row.createdAt.toISOString(),
      },
    ];
  });
}

/** GET /watchlist: the caller's list, oldest entry first. */
export async function getWatchlist(db: Db, uid: string): Promise<WatchlistItemDto[]> {
  return toItems(db, await listWatchlist(db, uid));
}

/** POST /watchlist: add a ticker (404 when it does not exist); idempotent for a ticker already on the list. */
export async function addWatchlistItem(
  db: Db,
  uid: string,
  tickerId: number,
): Promise<{ item: WatchlistItemDto; created: boolean }> {
  if (!(await findTickerRef(db, tickerId))) throw tickerNotFound();
  const { row, created } = await addToWatchlist(db, uid, tickerId);
  const [item] = await toItems(db, [row]);
  return { item, created };
}

/** DELETE /watchlist/{tickerId}: 404 when the ticker is not on the caller's list. */
export async function removeWatchlistItem(db: Db, uid: string, tickerId: number): Promise<void> {
  if (!(await removeFromWatchlist(db, uid, tickerId))) {
    throw new DomainError('not_found', 'WATCHLIST_ITEM_NOT_FOUND', 'The ticker is not on your watchlist');
  }
}

/** PATCH /watchlist/{tickerId} { alerts }: 404 when the ticker is not on the caller's list. */
export async function setWatchlistItemAlerts(
  db: Db,
  uid: string,
  tickerId: number,
  alerts: boolean,
): Promise<WatchlistItemDto> {
  const row = await setWatchlistAlerts(db, uid, tickerId, alerts);
  if (!row)
    throw new DomainError('not_found', 'WATCHLIST_ITEM_NOT_FOUND', 'The ticker is not on your watchlist');
  const [item] = await toItems(db, [row]);
  return item;
}
