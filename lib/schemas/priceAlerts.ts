import { z } from 'zod';

import { watchlistAddSchema } from './portfolio';

/** The largest price an alert accepts (far above any quoted share). */
const MAX_ALERT_PRICE = 1e9;
export const MAX_ALERT_NOTE_LENGTH = 200;

/** POST /api/v1/price-alerts: { ticker_id, direction: 'above' | 'below', price > 0, note? }. */
export const priceAlertCreateSchema = z.object({
  ticker_id: watchlistAddSchema.shape.ticker_id,
  direction: z.enum(['above', 'below'], { error: "Must be 'above' or 'below'" }),
  price: z
    .number({ error: 'Must be a number' })
    .refine(Number.isFinite, 'Must be a number')
    .refine((p) => p > 0, 'Must be greater than 0')
    .refine((p) => p <= MAX_ALERT_PRICE, 'Too large'),
  note: z
    .string()
    .trim()
    .max(MAX_ALERT_NOTE_LENGTH, `At most ${MAX_ALERT_NOTE_LENGTH} characters`)
    .nullish()
    .transform((n) => (n ? n : null)),
});

export type PriceAlertCreate = z.infer<typeof priceAlertCreateSchema>;
