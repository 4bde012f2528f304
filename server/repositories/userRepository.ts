import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '@/server/db';
import { users, type NewUserRow, type UserRow } from '@/server/db/schema';

/** The user with this uid, or undefined. */
export async function findUser(db: Db, uid: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.uid, uid)).limit(1);
  return rows[0];
}

/** Every user whose email matches, case-insensitively (at most one once the unique index exists). */
export async function findUsersByEmail(db: Db, email: string): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(10);
}

/** Every user whose VERIFIED email matches, case-insensitively. */
export async function findUsersByVerifiedEmail(db: Db, email: string): Promise<UserRow[]> {
  return (await findUsersByEmail(db, email)).filter((u) => u.emailVerified);
}

/** The one user with this email (case-insensitive), or undefined when none or several match. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const rows = await findUsersByEmail(db, email);
  return rows.length === 1 ? rows[0] : undefined;
}

/** The unique index on lower(email) (migration 0002's custom SQL). */
export const USERS_EMAIL_UNIQUE_INDEX = 'users_email_lower_unique';

/** Is `err` PostgreSQL's unique violation (23505), optionally of the named constraint or index? */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  // drizzle wraps driver errors; the PostgreSQL fields sit on the error or its cause.
  for (let e: unknown = err, depth = 0; e && depth < 3; e = (e as { cause?: unknown }).cause, depth += 1) {
    const { code, constraint: name, message } = e as { code?: string; constraint?: string; message?: string };
    if (code === '23505') return !constraint || name === constraint || Boolean(message?.includes(constraint));
  }
  return false;
}

/**
 * A verified owner claims an address (issue 23 item 4): any OTHER account that holds it unverified
 * loses it (its email becomes null), so that someone who registered a stranger's address first
 * cannot keep it or receive their mail. An account holding it verified keeps it.
 */
export async function releaseUnverifiedEmail(db: Db, email: string, claimantUid: string): Promise<number> {
  const released = await db
    .update(users)
    .set({ email: null, emailVerified: false, updatedAt: new Date() })
    .where(
      and(
        eq(sql`lower(${users.email})`, email.trim().toLowerCase()),
        ne(users.uid, claimantUid),
        eq(users.emailVerified, false),
      ),
    )
    .returning({ uid: users.uid });
  return released.length;
}

/**
 * Store the token's email and its verified flag on the user's row when they differ from what is
 * stored (the token is the truth: a verification or a change of address at the identity provider).
 * A verified address is claimed from unverified holders first; an address another account holds
 * verified is left alone (the row is returned unchanged).
 */
export async function syncTokenEmail(
  db: Db,
  row: UserRow,
  email: string | null,
  verified: boolean,
): Promise<UserRow> {
  if (!email) return row;
  if (row.email?.toLowerCase() === email.toLowerCase() && row.emailVerified === verified) return row;
  try {
    return await db.transaction(async (tx) => {
      if (verified) await releaseUnverifiedEmail(tx, email, row.uid);
      const [updated] = await tx
        .update(users)
        .set({ email, emailVerified: verified, updatedAt: new Date() })
        .where(eq(users.uid, row.uid))
        .returning();
      return updated ?? row;
    });
  } catch (err) {
    if (isUniqueViolation(err, USERS_EMAIL_UNIQUE_INDEX)) return row;
    throw err;
  }
}

/** Insert the user unless one with this uid exists; returns the stored row and whether it is new. */
export async function insertUserIfAbsent(
  db: Db,
  row: NewUserRow,
): Promise<{ user: UserRow; created: boolean }> {
  const inserted = await db.insert(users).values(row).onConflictDoNothing({ target: users.uid }).returning();
  if (inserted[0]) return { user: inserted[0], created: true };
  const existing = await findUser(db, row.uid);
  if (!existing) throw new Error(`User ${row.uid} vanished during insert`);
  return { user: existing, created: false };
}

export async function updateUser(
  db: Db,
  uid: string,
  patch: Partial<
    Pick<UserRow, 'firstName' | 'lastName' | 'mobile' | 'groupId' | 'subscriptionStatus' | 'stripeCustomerId'>
  >,
): Promise<UserRow | undefined> {
  const rows = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.uid, uid))
    .returning();
  return rows[0];
}
