/**
 * A share's dividends (issue 41): GET /api/v1/ticker/{id}/dividends for the analysis page, and the
 * dashboard's next dividends of the shares a user owns or watches.
 */
import type { NextDividendDto, TickerDividendDto } from '@/lib/types/income';
import type { Db } from '@/server/db';
import {
  findTickerRef,
  findTickerRefs,
  latestDividendSource,
  listDividends,
  listNextDividends,
} from '@/server/repositories/marketRepository';
import { listWatchlist } from '@/server/repositories/watchlistRepository';
import { notFoundError } from '@/server/services/errors';
import { getPortfolioResults, listOwnPortfolios } from '@/server/services/portfolio';

/** Every stored dividend of a share, ascending by ex-date; 404 for an unknown ticker. */
export async function getTickerDividends(db: Db, tickerId: number): Promise<TickerDividendDto[]> {
  const ref = await findTickerRef(db, tickerId);
  if (!ref) throw notFoundError('No such ticker', 'TICKER_NOT_FOUND');
  return (await listDividends(db, [tickerId])).map((d) => ({
    ex_date: d.exDate,
    pay_date: d.payDate,
    amount: d.amount,
    currency: d.currency,
  }));
}

/** How many next dividends the dashboard shows. */
export const NEXT_DIVIDENDS_LIMIT = 8;

/**
 * The next ex-dates (today or later) of the shares held in any of the caller's portfolios and of
 * their watchlist, the first NEXT_DIVIDENDS_LIMIT by ex-date.
 */
export async function getNextDividends(db: Db, uid: string, today: string): Promise<NextDividendDto[]> {
  const owned = new Set<number>();
  for (const p of await listOwnPortfolios(db, uid, uid)) {
    for (const row of await getPortfolioResults(db, uid, p.portfolio_id, { includeSold: false, asOf: today }))
      owned.add(row.ticker_id);
  }
  const watched = new Set((await listWatchlist(db, uid)).map((w) => w.tickerId));
  const ids = [...new Set([...owned, ...watched])];
  const next = await listNextDividends(db, ids, today, NEXT_DIVIDENDS_LIMIT);
  const refs = await findTickerRefs(
    db,
    next.map((d) => d.tickerId),
  );
  return next.map((d) => ({
    ticker_id: d.tickerId,
    symbol: refs.get(d.tickerId)?.symbol ?? '',
    long_name: refs.get(d.tickerId)?.name ?? '',
    ex_date: d.exDate,
    pay_date: d.payDate,
    amount: d.amount,
    currency: d.currency,
    owned: owned.has(d.tickerId),
    watched: watched.has(d.tickerId),
    demo: d.source === 'demo',
  }));
}

/** GET /api/v1/income/source: whether the stored dividends are the demo schedule (the UI labels them). */
export async function getDividendSource(db: Db): Promise<{ demo: boolean }> {
  return { demo: (await latestDividendSource(db)) === 'demo' };
}
