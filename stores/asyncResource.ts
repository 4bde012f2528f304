/**
 * One async resource in a store (STYLE.md: a `status` per async resource). `loading` is SPEC §4's
 * loading flag: set before each request, cleared when the data (or an error) arrives. Data from the
 * previous request is kept while the next one loads, so screens can dim it instead of jumping.
 */
import { ApiError, toApiError } from '@/services/apiError';

export type ResourceStatus = 'idle' | 'loading' | 'success' | 'error';

export interface Resource<T> {
  data: T | null;
  status: ResourceStatus;
  loading: boolean;
  error: ApiError | null;
}

export function idleResource<T>(): Resource<T> {
  return { data: null, status: 'idle', loading: false, error: null };
}

export function loadingResource<T>(previous: Resource<T>, keepData = true): Resource<T> {
  return { data: keepData ? previous.data : null, status: 'loading', loading: true, error: null };
}

export function successResource<T>(data: T): Resource<T> {
  return { data, status: 'success', loading: false, error: null };
}

export function errorResource<T>(previous: Resource<T>, err: unknown): Resource<T> {
  return { data: previous.data, status: 'error', loading: false, error: toApiError(err) };
}

/** A request counter: only the latest request of a resource may write its answer. */
export function createRequestGuard() {
  let current = 0;
  let controller: AbortController | null = null;
  return {
    /** Start a request: aborts the previous one; returns its ticket and abort signal. */
    next(): { ticket: number; signal: AbortSignal } {
      controller?.abort();
      controller = new AbortController();
      current += 1;
      return { ticket: current, signal: controller.signal };
    },
    isCurrent(ticket: number): boolean {
      return ticket === current;
    },
    /** Forget every request in flight (their answers are ignored). */
    cancel(): void {
      controller?.abort();
      controller = null;
      current += 1;
    },
  };
}
