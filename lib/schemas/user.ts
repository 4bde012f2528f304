import { z } from 'zod';
import { cappedString, NO_NUL_MESSAGE, NO_NUL_PATTERN } from './text';
import './zodConfig';

const name = cappedString(100)
  .trim()
  .max(100, 'At most 100 characters')
  .regex(NO_NUL_PATTERN, NO_NUL_MESSAGE);
/** Phone numbers: digits with an optional leading +, spaces, dashes and brackets; empty allowed. */
export const mobileSchema = cappedString(20)
  .trim()
  .max(20, 'At most 20 characters')
  .regex(/^$|^\+?[0-9][0-9 ()-]{4,19}$/, 'Not a valid phone number');

/**
 * POST /api/v1/user/create — names may be empty for social accounts whose provider has none.
 * `email` is accepted for compatibility with SPEC §7's payload but never stored: the stored email
 * is the verified token's.
 */
export const createUserSchema = z.object({
  first_name: name.default(''),
  last_name: name.default(''),
  email: cappedString(254).trim().max(254).email('Not a valid email address').optional(),
  mobile: mobileSchema.nullish().transform((v) => v ?? ''),
  accept_terms: z.literal(true, { error: 'The terms must be accepted' }),
});
export type CreateUserInput = z.infer<typeof createUserSchema>;

/** PUT /api/v1/user — the profile form: both names required. */
export const updateUserSchema = z.object({
  first_name: name.min(1, 'Required'),
  last_name: name.min(1, 'Required'),
  mobile: mobileSchema.nullish().transform((v) => v ?? ''),
});
export type UpdateUserInput = z.infer<typeof updateUserSchema>;
