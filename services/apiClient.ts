import axios, { type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { PORTFOLIO_HEADER_NAME, PORTFOLIO_HEADER_VALUE } from '@/lib/constants';
import { toApiError } from './apiError';
import { currentAuthToken } from './authToken';

// The person-level tax report (/tax/{year}) is a portfolio call too: the server demands the header.
const PORTFOLIO_PATHS = /^\/?(portfolios?|portfolioTransaction|portfolio-[a-z]+|tax)(\/|\?|$)/;

/** Portfolio calls carry the fixed custom header (SPEC §7). */
export function isPortfolioCall(url: string | undefined): boolean {
  return Boolean(url && PORTFOLIO_PATHS.test(url.replace(/^\/api\/v1/, '')));
}

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

async function authorise(config: InternalAxiosRequestConfig): Promise<InternalAxiosRequestConfig> {
  const token = await currentAuthToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  // The fixed header on every portfolio call (SPEC §7) and on every state-changing call, which the
  // server requires of any route (server/http/csrf, issue 40). Other reads go without it, so a
  // cross-origin API base needs no preflight for them.
  const method = (config.method ?? 'get').toUpperCase();
  if (isPortfolioCall(config.url) || !SAFE_METHODS.has(method))
    config.headers.set(PORTFOLIO_HEADER_NAME, PORTFOLIO_HEADER_VALUE);
  return config;
}

function createApiClient(): AxiosInstance {
  const instance = axios.create({
    baseURL: `${process.env.NEXT_PUBLIC_API_BASE_URL ?? ''}/api/v1`,
    timeout: 20_000,
    headers: { Accept: 'application/json' },
  });
  instance.interceptors.request.use(authorise);
  // Every failure leaves the client as an ApiError.
  instance.interceptors.response.use(undefined, (err: unknown) => Promise.reject(toApiError(err)));
  return instance;
}

/**
 * The one axios instance of the app. Services reach it through `api()` (services/api.ts), which
 * loads this module on the first request so that axios is not part of any page's first load.
 */
export const apiClient = createApiClient();
