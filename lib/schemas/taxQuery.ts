/** The portfolio tax view's and the year report's query values (issue 38). */
import { z } from 'zod';
import { digitsToNumber } from './queryValues';
import { cappedString } from './text';
import './zodConfig';

/** The time zone a tax year defaults in when the caller names none: the Norwegian tax view's own. */
export const DEFAULT_TAX_TIME_ZONE = 'Europe/Oslo';

/** True for an IANA time zone name the runtime knows ("Europe/Oslo", "America/New_York"). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The calendar year at `now` in `timeZone`: 2024-12-31T23:30Z is 2025 in Oslo and 2024 in New York. */
export function yearInTimeZone(now: Date, timeZone: string): number {
  return Number(new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' }).format(now));
}

/**
 * GET portfolio-tax?year=&tz= — the year defaults to the current year in the user's time zone
 * (`tz`, sent by the client; Europe/Oslo when absent), not in the server's UTC.
 */
export const taxQuerySchema = z.object({
  year: z.preprocess(digitsToNumber, z.number().int().min(1900).max(2200)).optional(),
  tz: cappedString(64, { trimmed: false })
    .refine(isTimeZone, { message: 'Unknown time zone' })
    .default(DEFAULT_TAX_TIME_ZONE),
});

/** The income year of the person-level tax report: GET /api/v1/tax/{year}. */
export const taxYearSchema = z.preprocess(
  digitsToNumber,
  z.number({ error: 'Not a year' }).int('Not a year').min(2006, 'From 2006').max(2200, 'Not a year'),
);
