/** What went wrong while getting market data; the sync service maps these to logs and exit codes. */
export type MarketDataErrorCode =
  /** No provider configuration (e.g. a missing token). */
  | 'CONFIG'
  /** 401/403: the token is invalid or the plan lacks access to the resource. */
  | 'UNAUTHORIZED'
  /** 402: the plan's daily request limit is used up. */
  | 'PLAN_LIMIT'
  /** Our own daily call budget (EODHD_DAILY_CALL_BUDGET) would be exceeded: no request was made. */
  | 'BUDGET'
  /** 429 still after every retry. */
  | 'RATE_LIMITED'
  /** 404: unknown symbol or exchange at the provider. */
  | 'NOT_FOUND'
  /** 5xx still after every retry, or another unexpected status. */
  | 'UPSTREAM'
  /** The request never got an HTTP answer (DNS, refused, reset, timeout). */
  | 'NETWORK'
  /** An answer that is not the documented JSON shape. */
  | 'BAD_RESPONSE'
  /** A symbol or market this provider does not know. */
  | 'UNKNOWN_SYMBOL'
  /** Input data (e.g. a CSV file) that cannot be used. */
  | 'INVALID_DATA';

/** A typed market-data failure with a stable `code` and, for HTTP failures, the `status`. */
export class MarketDataError extends Error {
  readonly code: MarketDataErrorCode;
  readonly status: number | undefined;

  constructor(
    code: MarketDataErrorCode,
    message: string,
    options: { status?: number; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'MarketDataError';
    this.code = code;
    this.status = options.status;
  }
}

/** True when `value` is a MarketDataError (optionally with the given code). */
export function isMarketDataError(value: unknown, code?: MarketDataErrorCode): value is MarketDataError {
  return value instanceof MarketDataError && (code === undefined || value.code === code);
}
