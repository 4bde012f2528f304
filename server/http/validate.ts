import { z, type ZodType } from 'zod';
import { HttpError } from './errors';

export interface ValidationIssue {
  path: string;
  message: string;
  code: string;
}

/** Turn zod issues into the `details` of a 400: one entry per field, dotted paths. */
export function issuesOf(error: z.ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
    code: issue.code,
  }));
}

/** Parse `input` with `schema` or throw a 400 HttpError whose details name every bad field. */
export function validate<S extends ZodType>(schema: S, input: unknown, what = 'request'): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) {
    throw new HttpError(400, 'VALIDATION_FAILED', `Invalid ${what}`, issuesOf(result.error));
  }
  return result.data;
}
