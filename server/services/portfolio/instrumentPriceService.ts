import type { InstrumentPriceDto, InstrumentPriceInput } from '@/lib/schemas/instrumentPrice';
import type { Db } from '@/server/db';
import {
  portfoliosWithInstrument,
  saveUserInstrumentPrice,
} from '@/server/repositories/instrumentRepository';
import { notFoundError } from '@/server/services/errors';
import { forgetPortfolio } from './portfolioCache';

/**
 * Issue 37: a price the user types for an instrument outside the universe that they hold (one of
 * their portfolios has a transaction in it). It is that user's alone: it values only their
 * holdings (the results read prices by user id). A universe share (valued by the market's close),
 * an unknown id or an instrument the user does not hold is 404 "not found or not yours".
 */
export async function setInstrumentPrice(
  db: Db,
  uid: string,
  tickerId: number,
  input: InstrumentPriceInput,
): Promise<InstrumentPriceDto> {
  const held = await portfoliosWithInstrument(db, uid, tickerId);
  if (held.length === 0)
    throw notFoundError(
      'Instrument not found or not yours (only instruments outside the universe that you hold)',
      'INSTRUMENT_NOT_FOUND',
    );
  await saveUserInstrumentPrice(db, uid, tickerId, input.date, input.price);
  for (const id of held) forgetPortfolio(id);
  return { ticker_id: tickerId, date: input.date, price: input.price, source: 'user' };
}
