import { forgetUser } from '@/server/auth/authCache';
import type { Db } from '@/server/db';
import type { UserRow } from '@/server/db/schema';
import { conflictError, forbiddenError, notFoundError } from '@/server/services/errors';
import {
  fillMissingEmail,
  findUser,
  insertUserIfAbsent,
  isUniqueViolation,
  updateUser,
  USERS_EMAIL_UNIQUE_INDEX,
} from '@/server/repositories/userRepository';
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

/** The email of a verified token, normalised for storage; none when the token has none. */
function tokenEmail(email: string | undefined): string | null {
  const trimmed = email?.trim();
  return trimmed ? trimmed : null;
}

/**
 * Create the caller's own backend user. Idempotent: a second call returns the stored user
 * unchanged — except that a row without an email gets the token's, when no one else has it. The
 * email is always the verified token's, never the body's; a token without one stores none. Another
 * user with the same email (case-insensitive) is 409 EMAIL_IN_USE.
 */
export async function createOwnUser(
  db: Db,
  caller: { uid: string; email?: string },
  input: CreateUserInput,
): Promise<{ user: UserDto; created: boolean }> {
  const email = tokenEmail(caller.email);
  try {
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
    if (!created && user.email === null && email) {
      const filled = await fillMissingEmail(db, caller.uid, email);
      if (filled) return { user: toUserDto(filled), created };
    }
    return { user: toUserDto(user), created };
  } catch (err) {
    if (isUniqueViolation(err, USERS_EMAIL_UNIQUE_INDEX)) {
      throw conflictError('EMAIL_IN_USE', 'Another account is registered with this email address');
    }
    throw err;
  }
}

/** The caller's backend user; 403 for anyone else's uid, 404 when not created yet. */
export async function getCurrentUser(db: Db, callerUid: string, uid: string): Promise<UserDto> {
  if (uid !== callerUid) throw forbiddenError('FORBIDDEN', 'You can only read your own user');
  const row = await findUser(db, uid);
  if (!row) throw notFoundError('User not found');
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
  if (!row) throw notFoundError('User not found');
  forgetUser(uid);
  return toUserDto(row);
}
