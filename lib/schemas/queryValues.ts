/** Path and query values shared by the portfolio, import and tax schemas. */
import { z } from 'zod';
import './zodConfig';

/** Digits in a string (path and query values, form fields) become a number; nothing else is coerced. */
export const digitsToNumber = (v: unknown) =>
  typeof v === 'string' && v.length <= 64 && /^\s*\d{1,12}\s*$/.test(v) ? Number(v) : v;

/** A positive whole-number id (path or query value, or a number). */
export const idSchema = z.preprocess(
  digitsToNumber,
  z
    .number({ error: 'Must be a whole number' })
    .int('Must be a whole number')
    .positive('Must be a whole number')
    .max(2_147_483_647, 'Too large'),
);
