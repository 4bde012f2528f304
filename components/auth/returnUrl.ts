import { safeReturnUrl as safeSitePath } from '@/lib/permissions';

/** Where a signed-in person lands by default (SPEC §2). */
export const HOME_PATH = '/home';

/**
 * Where to go after signing in: the `returnUrl` query value when lib/permissions' safeReturnUrl
 * accepts it (resolved against this site's origin with the URL parser, same origin only, path +
 * query + hash, no control characters or backslashes) and it is not an authentication page;
 * otherwise /home. A repeated parameter uses its first value.
 */
export function safeReturnUrl(value: unknown): string {
  const path = safeSitePath(Array.isArray(value) ? value[0] : value);
  if (!path || /^\/authentication(?:[/?#]|$)/.test(path)) return HOME_PATH;
  return path;
}
