import { forgetUser } from '@/server/auth/authCache';
import type { Db } from '@/server/db';
import type { UserRow } from '@/server/db/schema';
import { forbidden, notFound } from '@/server/http/errors';
import { findUser, insertUserIfAbsent, updateUser } from '@/server/repositories/userRepository';
import { DEFAULT_GROUP_ID } from '@/lib/constants';
import type { CreateUserInput, UpdateUserInput } from '@/lib/schemas/user';
import type { UserDto } from '@/lib/types/user';

export function toUserDto(row: UserRow): UserDto {
  return {
    uid: row.uid,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    mobile: row.mobile,
    accept_terms: row.acceptTerms,
    stripe_customer_id: row.stripeCustomerId,
    subscription_status: row.subscriptionStatus,
    group_id: row.groupId,
  };
}

/**
 * Create the caller's own backend user. Idempotent: a second call returns the stored user
 * unchanged. The email comes from the verified token when it has one.
 */
export async function createOwnUser(
  db: Db,
  caller: { uid: string; email?: string },
  input: CreateUserInput,
): Promise<{ user: UserDto; created: boolean }> {
  const email = caller.email ?? input.email ?? '';
  const { user, created } = await insertUserIfAbsent(db, {
    uid: caller.uid,
    firstName: input.first_name,
    lastName: input.last_name,
    email,
    mobile: input.mobile,
    acceptTerms: true,
    acceptedTermsAt: new Date(),
    groupId: DEFAULT_GROUP_ID,
    subscriptionStatus: 'inactive',
  });
  return { user: toUserDto(user), created };
}

/** The caller's backend user; 403 for anyone else's uid, 404 when not created yet. */
export async function getCurrentUser(db: Db, callerUid: string, uid: string): Promise<UserDto> {
  if (uid !== callerUid) throw forbidden('FORBIDDEN', 'You can only read your own user');
  const row = await findUser(db, uid);
  if (!row) throw notFound('User not found');
  forgetUser(uid);
  return toUserDto(row);
}

/** Update the caller's own names and mobile. */
export async function updateOwnProfile(db: Db, uid: string, input: UpdateUserInput): Promise<UserDto> {
  const row = await updateUser(db, uid, {
    firstName: input.first_name,
    lastName: input.last_name,
    mobile: input.mobile,
  });
  if (!row) throw notFound('User not found');
  forgetUser(uid);
  return toUserDto(row);
}
