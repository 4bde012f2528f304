import { forgetUser } from '@/server/auth/authCache';
import type { Db } from '@/server/db';
import type { UserRow } from '@/server/db/schema';
import { conflictError, forbiddenError, notFoundError } from '@/server/services/errors';
import {
  findUser,
  insertUserIfAbsent,
  isUniqueViolation,
  releaseUnverifiedEmail,
  syncTokenEmail,
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
    email_verified: row.emailVerified,
    mobile: row.mobile,
    accept_terms: row.acceptTerms,
    stripe_customer_id: row.stripeCustomerId,
    subscription_status: row.subscriptionStatus,
    group_id: row.groupId,
  };
}

/** The caller as the verified token names them. */
export interface TokenCaller {
  uid: string;
  email?: string;
  /** The token's `email_verified` claim. */
  emailVerified?: boolean;
}

/** The token's email normalised for storage (none when it has none), and whether it is verified. */
function tokenEmail(caller: TokenCaller): { email: string | null; verified: boolean } {
  const email = caller.email?.trim() || null;
  return { email, verified: email !== null && caller.emailVerified === true };
}

/**
 * Create the caller's own backend user. Idempotent: a second call returns the stored user, with the
 * token's email and verified flag brought up to date. The email is always the token's, never the
 * body's; a token without one stores none. A verified address is claimed from an account that holds
 * it unverified; another account holding it verified (case-insensitive) is 409 EMAIL_IN_USE.
 */
export async function createOwnUser(
  db: Db,
  caller: TokenCaller,
  input: CreateUserInput,
): Promise<{ user: UserDto; created: boolean }> {
  const { email, verified } = tokenEmail(caller);
  try {
    if (email && verified) await releaseUnverifiedEmail(db, email, caller.uid);
    const { user, created } = await insertUserIfAbsent(db, {
      uid: caller.uid,
      firstName: input.first_name,
      lastName: input.last_name,
      email,
      emailVerified: verified,
      mobile: input.mobile,
      acceptTerms: true,
      acceptedTermsAt: new Date(),
      groupId: DEFAULT_GROUP_ID,
      subscriptionStatus: 'inactive',
    });
    if (created) return { user: toUserDto(user), created };
    forgetUser(caller.uid);
    return { user: toUserDto(await syncTokenEmail(db, user, email, verified)), created };
  } catch (err) {
    if (isUniqueViolation(err, USERS_EMAIL_UNIQUE_INDEX)) {
      throw conflictError('EMAIL_IN_USE', 'Another account is registered with this email address');
    }
    throw err;
  }
}

/**
 * The caller's backend user; 403 for anyone else's uid, 404 when not created yet. The token's email
 * and verified flag are stored when they changed (a verification after registration lands here).
 */
export async function getCurrentUser(db: Db, caller: TokenCaller, uid: string): Promise<UserDto> {
  if (uid !== caller.uid) throw forbiddenError('FORBIDDEN', 'You can only read your own user');
  const row = await findUser(db, uid);
  if (!row) throw notFoundError('User not found');
  forgetUser(uid);
  const { email, verified } = tokenEmail(caller);
  return toUserDto(await syncTokenEmail(db, row, email, verified));
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
