/**
 * The one error type of every API call (DESIGN.md §4's error body, or a network failure), kept
 * free of axios so that stores and components can use it without loading the HTTP client.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details?: unknown;

  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

interface ErrorBody {
  error?: { code?: string; message?: string; details?: unknown };
}

/** The parts of an axios error we read (axios marks its errors with `isAxiosError`). */
interface HttpFailure {
  isAxiosError: true;
  code?: string;
  response?: { status: number; statusText?: string; data?: unknown };
}

function isHttpFailure(err: unknown): err is HttpFailure {
  return typeof err === 'object' && err !== null && (err as { isAxiosError?: unknown }).isAxiosError === true;
}

/** Map any failure (an axios error, an ApiError, anything thrown) to an ApiError. */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (isHttpFailure(err)) {
    if (err.response) {
      const body = err.response.data as ErrorBody | undefined;
      return new ApiError(
        err.response.status,
        body?.error?.code ?? `HTTP_${err.response.status}`,
        body?.error?.message ?? err.response.statusText ?? 'Request failed',
        body?.error?.details,
      );
    }
    if (err.code === 'ECONNABORTED' || err.code === 'ETIMEDOUT') {
      return new ApiError(0, 'TIMEOUT', 'The server did not answer in time');
    }
    return new ApiError(0, 'NETWORK_ERROR', 'Could not reach the server');
  }
  return new ApiError(0, 'UNKNOWN', err instanceof Error ? err.message : String(err));
}
