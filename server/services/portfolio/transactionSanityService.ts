/**
 * The day behind a typed transaction (issue 24 item 4): whether its date is a session of the
 * ticker's exchange and that session's bar (else the last one before it). The transaction form
 * reads it to prefill the close and warn before saving; POST and PUT answer its warnings
 * (lib/transactionSanity) beside the stored transaction. Nothing is refused for this.
 */
import type { Db } from '@/server/db';
import { isSession } from '@/server/domain/calendar/marketCalendar';
import { findTickerRef, loadBars } from '@/server/repositories/marketRepository';
import { addDays } from '@/lib/dates';
import { transactionWarnings, type DayBar, type TransactionWarning } from '@/lib/transactionSanity';
import type { TickerDayDto, TransactionDto, TransactionWriteDto } from '@/lib/types/portfolio';

import { notFoundError } from '../errors';

/** How far back the last session before a date is looked for (covers Easter and Christmas). */
const LOOKBACK_DAYS = 14;

/** GET /ticker/{id}/day?date=: 404 for an unknown ticker. */
export async function getTickerDay(db: Db, tickerId: number, date: string): Promise<TickerDayDto> {
  const ref = await findTickerRef(db, tickerId);
  if (!ref) throw notFoundError('Ticker not found', 'TICKER_NOT_FOUND');
  const bars = await loadBars(db, tickerId, { from: addDays(date, -LOOKBACK_DAYS), to: date });
  const last = bars.length > 0 ? bars[bars.length - 1] : null;
  const reference: DayBar | null = last
    ? { date: last.date, low: last.low, high: last.high, close: last.close }
    : null;
  return { date, is_session: isSession(ref.countryId, date), reference };
}

/** The warnings of a transaction as stored (ticker, date, event, price). */
export async function warningsForTransaction(
  db: Db,
  t: { tickerId: number; date: string; eventId: number; price: string | number },
): Promise<TransactionWarning[]> {
  const day = await getTickerDay(db, t.tickerId, t.date);
  return transactionWarnings({
    date: t.date,
    eventId: t.eventId,
    price: Number(t.price),
    isSession: day.is_session,
    reference: day.reference,
  });
}

/** A stored transaction with its warnings: the answer of POST and PUT. */
export async function withWarnings(db: Db, dto: TransactionDto): Promise<TransactionWriteDto> {
  // A cash event (deposit, withdrawal) has no ticker and no day range to check.
  if (dto.ticker_id === null) return { ...dto, warnings: [] };
  const warnings = await warningsForTransaction(db, {
    tickerId: dto.ticker_id,
    date: dto.date,
    eventId: dto.event_id,
    price: dto.price,
  });
  return { ...dto, warnings };
}
