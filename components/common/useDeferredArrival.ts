import { useDeferredValue } from 'react';

/**
 * `value`, except on its first arrival: when `value` has arrived (by `arrived`) and the value last
 * rendered had not, the earlier value is kept while React renders the new one as a background
 * update that yields to the browser every few milliseconds, instead of in one long task
 * (Lighthouse's blocking time; a zustand store's update alone always renders in one go). The
 * loader or skeleton stays meanwhile. Every other change (a later update, a value that stops
 * having arrived, such as a sign-out or another market) shows at once.
 */
export function useDeferredArrival<T>(value: T, arrived: (value: T) => boolean): T {
  const deferred = useDeferredValue(value);
  return arrived(value) && !arrived(deferred) ? deferred : value;
}

/** An answer that is there (not null). */
export const isPresent = (value: unknown): boolean => value !== null;
