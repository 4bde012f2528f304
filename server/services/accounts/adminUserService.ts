import { forgetUser } from '@/server/auth/authCache';
import type { Db } from '@/server/db';
import type { UserRow } from '@/server/db/schema';
import { ADMIN_GROUP_ID } from '@/lib/constants';
import {
  findUser,
  findUsersByEmail,
  findUsersByVerifiedEmail,
  updateUser,
} from '@/server/repositories/userRepository';
import { toUserDto } from './userService';
import type { UserDto } from '@/lib/types/user';

export const SUBSCRIPTION_STATUSES = ['active', 'inactive'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * The one user a CLI argument names: a uid (exact), else a VERIFIED email (case-insensitive; issue
 * 23 item 4: an address anyone can type at registration must not make its holder an admin). An
 * email that matches more than one user is refused — picking one could promote someone in another's
 * place.
 */
export async function resolveUser(db: Db, uidOrEmail: string): Promise<UserRow> {
  const value = uidOrEmail.trim();
  if (!value) throw new Error('Name a user by uid or email');
  const byUid = await findUser(db, value);
  if (byUid) return byUid;
  const byEmail = await findUsersByVerifiedEmail(db, value);
  if (byEmail.length === 0) {
    const unverified = await findUsersByEmail(db, value);
    if (unverified.length > 0) {
      throw new Error(
        `The email ${value} is not verified (uid ${unverified.map((u) => u.uid).join(', ')}): the person ` +
          'verifies it from the profile page first, or name the account by uid if you are sure it is theirs',
      );
    }
    throw new Error(`No user with uid or email ${value} (the person must register first)`);
  }
  if (byEmail.length > 1) {
    throw new Error(
      `${byEmail.length} users have the email ${value}: name the one you mean by uid (${byEmail
        .map((u) => u.uid)
        .join(', ')})`,
    );
  }
  return byEmail[0];
}

/** Put the user with this uid or email in the admin group (group_id 1). */
export async function promoteToAdmin(db: Db, uidOrEmail: string): Promise<UserDto> {
  const user = await resolveUser(db, uidOrEmail);
  forgetUser(user.uid);
  return toUserDto((await updateUser(db, user.uid, { groupId: ADMIN_GROUP_ID }))!);
}

/** Set the subscription status of the user with this uid or email. */
export async function setSubscriptionStatus(
  db: Db,
  uidOrEmail: string,
  status: SubscriptionStatus,
): Promise<UserDto> {
  const user = await resolveUser(db, uidOrEmail);
  forgetUser(user.uid);
  return toUserDto((await updateUser(db, user.uid, { subscriptionStatus: status }))!);
}
