import type { AxiosInstance, AxiosRequestConfig, AxiosResponse } from 'axios';
import { ApiError } from './apiError';

let client: Promise<AxiosInstance> | undefined;

/**
 * The one axios instance (services/apiClient.ts), loaded on the first request: every page renders
 * and hydrates without the HTTP client, and data requests start right after. A failed chunk load
 * (e.g. offline) is an ApiError like any network failure, and the next call tries again.
 */
function loadClient(): Promise<AxiosInstance> {
  client ??= import('./apiClient').then(
    (m) => m.apiClient,
    (err: unknown) => {
      client = undefined;
      console.error('Could not load the API client:', err);
      throw new ApiError(0, 'NETWORK_ERROR', 'Could not reach the server');
    },
  );
  return client;
}

/**
 * Start loading the API client now, where requests are certain to follow (a signed-in page): its
 * chunk then loads while the sign-in state does, not after it (one network round trip less before
 * the page's data). A failure is reported by the request that needs the client.
 */
export function preloadApiClient(): void {
  loadClient().catch(() => {});
}

/** What services call: the apiClient's methods, each waiting for the client on first use. */
export const http = {
  async get<T>(url: string, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> {
    return (await loadClient()).get<T>(url, config);
  },
  async post<T>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> {
    return (await loadClient()).post<T>(url, data, config);
  },
  async put<T>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> {
    return (await loadClient()).put<T>(url, data, config);
  },
  async patch<T>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> {
    return (await loadClient()).patch<T>(url, data, config);
  },
  async delete<T = unknown>(url: string, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> {
    return (await loadClient()).delete<T>(url, config);
  },
};
