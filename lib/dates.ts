/**
 * Date helpers without dependencies, so that client code that only needs "today" does not pull
 * zod (lib/schemas) into a page's first load.
 */

/** A date as YYYY-MM-DD in the local time zone of the device (forms). */
export function localIsoDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
