import axios, { AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { PORTFOLIO_HEADER_NAME, PORTFOLIO_HEADER_VALUE } from '@/lib/constants';

/** Every failed API call ends up as this one error type (DESIGN.md §4's error body, or a network error). */
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

export type TokenProvider = () => Promise<string | null>;
let tokenProvider: TokenProvider = async () => null;

/** The auth layer registers how to get the current user's ID token (Firebase refreshes it). */
export function setAuthTokenProvider(provider: TokenProvider): void {
  tokenProvider = provider;
}

const PORTFOLIO_PATHS = /^\/?(portfolios?|portfolioTransaction|portfolio-[a-z]+)(\/|\?|$)/;

/** Portfolio calls carry the fixed custom header (SPEC §7). */
export function isPortfolioCall(url: string | undefined): boolean {
  return Boolean(url && PORTFOLIO_PATHS.test(url.replace(/^\/api\/v1/, '')));
}

async function authorise(config: InternalAxiosRequestConfig): Promise<InternalAxiosRequestConfig> {
  const token = await tokenProvider();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  if (isPortfolioCall(config.url)) config.headers.set(PORTFOLIO_HEADER_NAME, PORTFOLIO_HEADER_VALUE);
  return config;
}

interface ErrorBody {
  error?: { code?: string; message?: string; details?: unknown };
}

/** Map any axios failure to an ApiError. */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof AxiosError) {
    if (err.response) {
      const body = err.response.data as ErrorBody | undefined;
      return new ApiError(
        err.response.status,
        body?.error?.code ?? `HTTP_${err.response.status}`,
        body?.error?.message ?? err.response.statusText ?? 'Request failed',
        body?.error?.details,
      );
    }
    if (err.code === AxiosError.ECONNABORTED || err.code === AxiosError.ETIMEDOUT) {
      return new ApiError(0, 'TIMEOUT', 'The server did not answer in time');
    }
    return new ApiError(0, 'NETWORK_ERROR', 'Could not reach the server');
  }
  return new ApiError(0, 'UNKNOWN', err instanceof Error ? err.message : String(err));
}

function createApiClient(): AxiosInstance {
  const instance = axios.create({
    baseURL: `${process.env.NEXT_PUBLIC_API_BASE_URL ?? ''}/api/v1`,
    timeout: 20_000,
    headers: { Accept: 'application/json' },
  });
  instance.interceptors.request.use(authorise);
  instance.interceptors.response.use(undefined, (err: unknown) => Promise.reject(toApiError(err)));
  return instance;
}

/** The one axios instance of the app. Only `services/*` use it. */
export const apiClient = createApiClient();
