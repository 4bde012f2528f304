import { safeReturnUrl as safeSitePath } from '@/lib/permissions';

/** Where a signed-in person lands by default (SPEC §2). */
export const HOME_PATH = '/home';

/**
 * The `returnUrl` query value when it is a safe path on this site (lib/permissions' rule: no
 * `//host`, no scheme) and not an authentication page; otherwise /home.
 */
export function safeReturnUrl(value: unknown): string {
  const path = safeSitePath(Array.isArray(value) ? value[0] : value);
  if (!path || /^\/authentication(?:[/?#]|$)/.test(path)) return HOME_PATH;
  return path;
}
