import { z } from 'zod';
import { decimalField } from './decimalFields';
import { dateSchema } from './portfolio';

/**
 * Issue 37: a price the user types for an instrument outside the analysis universe that they
 * hold (PUT /api/v1/instrument-price/{tickerId}): the day it applies to (not in the future) and
 * the price per unit in the instrument's currency (> 0, at most 10 decimals, 15 significant digits).
 */
export function instrumentPriceSchema(today: string) {
  return z.object({ date: dateSchema(today), price: decimalField('positive') });
}
export type InstrumentPriceInput = z.output<ReturnType<typeof instrumentPriceSchema>>;

/** The price as stored: that user's alone; it values their holding when it is the newest known. */
export interface InstrumentPriceDto {
  ticker_id: number;
  date: string;
  price: string;
  source: 'user';
}
