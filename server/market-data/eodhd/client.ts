import { MarketDataError } from '../errors';

/** Options of the EODHD HTTP client; everything but the token has a production default. */
export interface EodhdClientOptions {
  /** EODHD API token (EODHD_API_TOKEN). Never logged, never put in error messages. */
  token: string;
  /** API root, default https://eodhd.com/api. */
  baseUrl?: string;
  /** fetch implementation, default the global fetch (Node 20). */
  fetch?: typeof fetch;
  /** How to wait between retries; tests inject a recorder that resolves at once. */
  sleep?: (ms: number) => Promise<void>;
  /** Attempts per request including the first, default 4. */
  maxAttempts?: number;
  /** First back-off delay; doubles on every retry (1 s, 2 s, 4 s by default). */
  baseDelayMs?: number;
  /** Per-attempt timeout, default 30 s. */
  timeoutMs?: number;
  /**
   * API calls this client may still spend (what is left of EODHD_DAILY_CALL_BUDGET today); a
   * request that would go beyond it is not made (BUDGET error). Default: no limit.
   */
  callBudget?: number;
}

/** Requests made and API calls spent (EODHD's own accounting, see callCost). */
export interface ProviderUsage {
  requests: number;
  calls: number;
}

/**
 * What one request costs in EODHD API calls: 100 for an exchange's bulk day
 * (`eod-bulk-last-day/{EX}`), 10 for fundamentals (index constituents), 1 for everything this app uses otherwise (/eod, /exchange-symbol-list).
 * Source: https://eodhd.com/financial-apis/api-limits ("Any Bulk API for the entire exchange request
 * costs 100 API calls"; "Each symbol request costs 1 API call"; the daily limit is 100,000 calls by
 * default and resets at midnight GMT).
 */
export function callCost(path: string): number {
  if (path.startsWith('eod-bulk-last-day/')) return 100;
  // "Fundamentals API: 10 API calls per request" (same page): the index constituents come from it.
  if (path.startsWith('fundamentals/')) return 10;
  return 1;
}

/** EODHD's API root; EODHD_BASE_URL replaces it (a proxy, a test server). */
export const DEFAULT_BASE_URL = 'https://eodhd.com/api';
/** A Retry-After longer than this is not waited for (we fail and let the next sync try). */
const MAX_RETRY_AFTER_MS = 60_000;

const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Minimal EODHD JSON client. Retries 429, 5xx and network failures with exponential back-off
 * (honouring a short Retry-After); turns every other failure into a MarketDataError whose message
 * says what was being fetched and what to do, without the token.
 */
export class EodhdClient {
  private readonly token: string;
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly maxAttempts: number;
  private readonly baseDelayMs: number;
  private readonly timeoutMs: number;
  private readonly callBudget: number;
  private readonly spent: ProviderUsage = { requests: 0, calls: 0 };

  constructor(options: EodhdClientOptions) {
    const token = options.token.trim();
    if (!token)
      throw new MarketDataError(
        'CONFIG',
        'EODHD_API_TOKEN is empty: set it in .env or leave it out to use demo data',
      );
    this.token = token;
    this.baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
    this.sleep = options.sleep ?? realSleep;
    this.maxAttempts = Math.max(1, options.maxAttempts ?? 4);
    this.baseDelayMs = options.baseDelayMs ?? 1000;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.callBudget = options.callBudget ?? Number.POSITIVE_INFINITY;
  }

  /** Requests answered and calls spent by this client so far (every answered attempt counts). */
  usage(): ProviderUsage {
    return { ...this.spent };
  }

  /** GET `{baseUrl}/{path}?…&api_token=…&fmt=json` and return the parsed JSON; `what` names the resource in errors. */
  async getJson(path: string, params: Record<string, string | undefined>, what: string): Promise<unknown> {
    const url = new URL(`${this.baseUrl}/${path}`);
    for (const [key, value] of Object.entries(params)) {
      if (value !== undefined) url.searchParams.set(key, value);
    }
    url.searchParams.set('api_token', this.token);
    url.searchParams.set('fmt', 'json');
    const cost = callCost(path);

    for (let attempt = 1; ; attempt += 1) {
      const last = attempt >= this.maxAttempts;
      if (this.spent.calls + cost > this.callBudget) {
        throw new MarketDataError(
          'BUDGET',
          `the daily EODHD call budget (EODHD_DAILY_CALL_BUDGET) leaves ${Math.max(0, this.callBudget - this.spent.calls)} calls, ${what} needs ${cost}: stopped before asking`,
        );
      }
      let response: Response;
      try {
        response = await this.fetchImpl(url, {
          headers: { Accept: 'application/json' },
          signal: AbortSignal.timeout(this.timeoutMs),
        });
        // Counted once EODHD answered (any status): a request that never reached it costs nothing.
        this.spent.requests += 1;
        this.spent.calls += cost;
      } catch (cause) {
        if (!last) {
          await this.sleep(this.backoff(attempt));
          continue;
        }
        const reason = cause instanceof Error ? cause.message : String(cause);
        throw new MarketDataError(
          'NETWORK',
          `EODHD could not be reached for ${what} after ${attempt} attempts (${reason}); check the network connection`,
          { cause },
        );
      }

      if (response.ok) {
        try {
          return (await response.json()) as unknown;
        } catch (cause) {
          throw new MarketDataError(
            'BAD_RESPONSE',
            `EODHD answered ${what} with something that is not JSON`,
            {
              status: response.status,
              cause,
            },
          );
        }
      }

      const status = response.status;
      const retryable = status === 429 || status >= 500;
      // Drain the body so the connection can be reused.
      const body = await response.text().catch(() => '');
      if (retryable && !last) {
        await this.sleep(this.retryAfter(response) ?? this.backoff(attempt));
        continue;
      }
      throw this.httpError(status, what, body, attempt);
    }
  }

  private backoff(attempt: number): number {
    return this.baseDelayMs * 2 ** (attempt - 1);
  }

  private retryAfter(response: Response): number | undefined {
    const header = response.headers.get('retry-after');
    if (!header) return undefined;
    const seconds = Number(header);
    if (!Number.isFinite(seconds) || seconds < 0) return undefined;
    return Math.min(seconds * 1000, MAX_RETRY_AFTER_MS);
  }

  private httpError(status: number, what: string, body: string, attempts: number): MarketDataError {
    const detail = body.trim().slice(0, 200);
    switch (status) {
      case 401:
      case 403:
        return new MarketDataError(
          'UNAUTHORIZED',
          `EODHD token invalid or lacks access to ${what} (HTTP ${status}); check EODHD_API_TOKEN and the plan's exchanges`,
          { status },
        );
      case 402:
        return new MarketDataError(
          'PLAN_LIMIT',
          `EODHD plan limit reached (402) while fetching ${what}: the daily API request quota is used up; retry after the quota resets or upgrade the plan`,
          { status },
        );
      case 404:
        return new MarketDataError('NOT_FOUND', `EODHD does not know ${what} (HTTP 404)`, { status });
      case 429:
        return new MarketDataError(
          'RATE_LIMITED',
          `EODHD rate limit (429) still hit for ${what} after ${attempts} attempts; slow down or try again later`,
          { status },
        );
      default:
        return new MarketDataError(
          'UPSTREAM',
          `EODHD failed for ${what} with HTTP ${status}${status >= 500 ? ` after ${attempts} attempts` : ''}${detail ? `: ${detail}` : ''}`,
          { status },
        );
    }
  }
}
