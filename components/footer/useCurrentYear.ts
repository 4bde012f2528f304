import { useSyncExternalStore } from 'react';
import { COPYRIGHT_YEAR } from '@/lib/constants';

const noSubscription = () => () => {};

/**
 * The current year from the visitor's clock (issue 24 item 11: "© 2023" was fixed in a constant).
 * A statically built page renders COPYRIGHT_YEAR (the year the site started) on the server; the
 * browser then shows the year of its own clock without a hydration mismatch.
 */
export function useCurrentYear(): number {
  return useSyncExternalStore(
    noSubscription,
    () => new Date().getFullYear(),
    () => COPYRIGHT_YEAR,
  );
}
