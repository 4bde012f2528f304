/** Query schemas of the tax routes (issue 38). */
import { z } from 'zod';
import { isIsoDate } from '@/lib/dates';

const positiveId = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{1,12}$/.test(v) ? Number(v) : v),
  z.number({ error: 'Not an id' }).int('Not an id').positive('Not an id'),
);

const decimalNumber = (what: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,15}(\.\d{1,10})?$/.test(v.trim()) ? Number(v) : v),
    z.number({ error: `Not a ${what}` }).finite(`Not a ${what}`),
  );

const isoDate = z
  .string({ error: 'Not a date' })
  .refine((v) => isIsoDate(v), { message: 'Not a date (YYYY-MM-DD)' });

/** GET /api/v1/tax/simulate?portfolioId=&tickerId=&quantity=&price=&date= */
export const taxSimulateQuerySchema = z.object({
  portfolioId: positiveId,
  tickerId: positiveId,
  quantity: decimalNumber('quantity').refine((v) => v > 0, { message: 'Must be above 0' }),
  price: decimalNumber('price').refine((v) => v >= 0, { message: 'Must not be negative' }),
  date: isoDate,
});

export type TaxSimulateQuery = z.output<typeof taxSimulateQuerySchema>;

/** GET /api/v1/tax/harvest?date= */
export const taxHarvestQuerySchema = z.object({ date: isoDate });
