import { forgetUser } from '@/server/auth/authCache';
import type { Db } from '@/server/db';
import { ADMIN_GROUP_ID } from '@/lib/constants';
import { findUserByEmail, updateUser } from '@/server/repositories/userRepository';
import { toUserDto } from './userService';
import type { UserDto } from '@/lib/types/user';

export const SUBSCRIPTION_STATUSES = ['active', 'inactive'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

async function userByEmailOrThrow(db: Db, email: string) {
  const user = await findUserByEmail(db, email);
  if (!user) throw new Error(`No user with email ${email} (the person must register first)`);
  return user;
}

/** Put the user with this email in the admin group (group_id 1). */
export async function promoteToAdmin(db: Db, email: string): Promise<UserDto> {
  const user = await userByEmailOrThrow(db, email);
  forgetUser(user.uid);
  return toUserDto((await updateUser(db, user.uid, { groupId: ADMIN_GROUP_ID }))!);
}

/** Set the subscription status of the user with this email. */
export async function setSubscriptionStatus(
  db: Db,
  email: string,
  status: SubscriptionStatus,
): Promise<UserDto> {
  const user = await userByEmailOrThrow(db, email);
  forgetUser(user.uid);
  return toUserDto((await updateUser(db, user.uid, { subscriptionStatus: status }))!);
}
