import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db';
import { users, type NewUserRow, type UserRow } from '@/server/db/schema';

/** The user with this uid, or undefined. */
export async function findUser(db: Db, uid: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.uid, uid)).limit(1);
  return rows[0];
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return rows[0];
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
