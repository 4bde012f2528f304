import { ADMIN_GROUP_ID, SUBSCRIPTION_ACTIVE } from '@/lib/constants';
import type { UserRow } from '@/server/db/schema';
import { HttpError } from '@/server/http/errors';

/** SPEC §6: only an 'active' subscription unlocks market data, portfolios and the watchlist. */
export function hasActiveSubscription(user: Pick<UserRow, 'subscriptionStatus'>): boolean {
  return user.subscriptionStatus === SUBSCRIPTION_ACTIVE;
}

/** SPEC §6: the Admin section is for active subscribers in group 1 (the menu gating agrees). */
export function isAdmin(user: Pick<UserRow, 'groupId' | 'subscriptionStatus'>): boolean {
  return user.groupId === ADMIN_GROUP_ID && hasActiveSubscription(user);
}

/** Throw 403 unless the user has an active subscription. */
export function requireActiveSubscription(user: UserRow | undefined): asserts user is UserRow {
  if (!user) throw new HttpError(403, 'USER_NOT_REGISTERED', 'Complete your registration first');
  if (!hasActiveSubscription(user)) {
    throw new HttpError(403, 'SUBSCRIPTION_REQUIRED', 'This needs an active subscription');
  }
}

/** Throw 403 unless the user is an active subscriber in the admin group (group_id 1). */
export function requireAdmin(user: UserRow | undefined): asserts user is UserRow {
  if (!user) throw new HttpError(403, 'USER_NOT_REGISTERED', 'Complete your registration first');
  if (!isAdmin(user)) throw new HttpError(403, 'ADMIN_REQUIRED', 'Admins only');
}
