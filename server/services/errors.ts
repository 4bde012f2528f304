/**
 * The errors services, jobs and the domain raise (DESIGN.md §4): what went wrong in the product's
 * own words, with no HTTP in them. `apiHandler` maps each kind to its status and the one error
 * body in one place; a CLI script or a job prints the message and the code.
 */
export type DomainErrorKind =
  | 'invalid' // the input breaks a rule (400)
  | 'unauthenticated' // no valid identity (401)
  | 'forbidden' // known caller, not allowed (403)
  | 'not_found' // absent, or not the caller's (404)
  | 'conflict' // the current state does not allow it (409)
  | 'too_large' // the input is over a size limit (413)
  | 'unsupported' // a media type or format that is not handled (415)
  | 'rate_limited' // too many requests (429)
  | 'unavailable'; // a dependency is not reachable (503)

export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  readonly code: string;
  readonly details?: unknown;
  /** Seconds until a retry may succeed (rate limited, unavailable). */
  readonly retryAfterSeconds?: number;

  constructor(
    kind: DomainErrorKind,
    code: string,
    message: string,
    options: { details?: unknown; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'DomainError';
    this.kind = kind;
    this.code = code;
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const invalid = (code: string, message: string, details?: unknown) =>
  new DomainError('invalid', code, message, { details });
export const forbiddenError = (code: string, message: string) => new DomainError('forbidden', code, message);
export const notFoundError = (message = 'Not found', code = 'NOT_FOUND') =>
  new DomainError('not_found', code, message);
export const conflictError = (code: string, message: string, details?: unknown) =>
  new DomainError('conflict', code, message, { details });
export const tooLarge = (code: string, message: string, details?: unknown) =>
  new DomainError('too_large', code, message, { details });
