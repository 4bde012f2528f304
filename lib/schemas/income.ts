import { z } from 'zod';
import './zodConfig';

/** ?months= of the income view: 1–24, default 12. */
export const incomeQuerySchema = z.object({
  months: z.coerce.number().int().min(1).max(24).default(12),
});

const fraction = z.number().gt(0).max(1);

/** PUT /api/v1/income/settings: any of the limits (fractions in (0, 1]) and the ex-date alerts. */
export const incomeSettingsSchema = z
  .object({
    holding_limit: fraction.optional(),
    sector_limit: fraction.optional(),
    currency_limit: fraction.optional(),
    ex_date_alerts: z.boolean().optional(),
  })
  .strict();
export type IncomeSettingsInput = z.output<typeof incomeSettingsSchema>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected YYYY-MM-DD');

/**
 * POST /api/v1/portfolio-income/{portfolioId}/book: the expected row to book (its ticker and
 * ex-date) and the withholding rate (default: the treaty rate of the share's country).
 */
export const bookDividendSchema = z
  .object({
    ticker_id: z.number().int().positive(),
    ex_date: isoDate,
    withholding_rate: z.number().min(0).max(1).optional(),
  })
  .strict();
export type BookDividendInput = z.output<typeof bookDividendSchema>;
