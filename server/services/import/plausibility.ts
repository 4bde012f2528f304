/**
 * The price check of a mapped import's preview (issue 37 item 3): a buy or sell priced 100× the
 * day's close (or 1/100 of it) of a share the universe has is a warning of its line, naming the
 * decimal separator when the cell reads otherwise with the other one. The closes come from
 * close_series (the last session on or before the trade's date, within LOOKBACK_DAYS).
 */
import { EVENT_BUY, EVENT_SELL } from '@/lib/constants';
import { addDays } from '@/lib/dates';
import type { ImportWarningDto } from '@/lib/types/importWarnings';
import type { ImportPreviewRow } from '@/lib/types/portfolio';
import type { Db } from '@/server/db';
import { priceWarnings, type PriceAgainstClose, type ReadNumber } from '@/server/domain/portfolio';
import { getCloseSeries } from '@/server/repositories/marketRepository';

/** How far back the session before a trade's date is looked for (covers Easter and Christmas). */
const LOOKBACK_DAYS = 14;

/** The closes' index of the last session on or before `date`; -1 when none. */
function lastAtOrBefore(dates: readonly string[], date: string): number {
  let lo = 0;
  let hi = dates.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (dates[mid] <= date) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

export async function priceCheck(
  db: Db,
  rows: readonly ImportPreviewRow[],
  prices: readonly ReadNumber[],
  decimal: 'comma' | 'point',
): Promise<ImportWarningDto[]> {
  const priceByLine = new Map(prices.map((p) => [p.line, p]));
  const trades = rows.filter(
    (r) =>
      r.ticker_id !== null &&
      (r.event_id === EVENT_BUY || r.event_id === EVENT_SELL) &&
      priceByLine.has(r.line),
  );
  if (trades.length === 0) return [];
  const dates = trades.map((r) => r.date).sort();
  const series = await getCloseSeries(db, [...new Set(trades.map((r) => r.ticker_id as number))], {
    from: addDays(dates[0], -LOOKBACK_DAYS),
    to: dates[dates.length - 1],
  });
  const checked: PriceAgainstClose[] = [];
  for (const r of trades) {
    const closes = series.get(r.ticker_id as number);
    if (!closes) continue;
    const at = lastAtOrBefore(closes.dates, r.date);
    if (at < 0 || closes.dates[at] < addDays(r.date, -LOOKBACK_DAYS)) continue;
    checked.push({ ...priceByLine.get(r.line)!, close: closes.closes[at], session: closes.dates[at] });
  }
  return priceWarnings(checked, decimal);
}
