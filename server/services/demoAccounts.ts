import type { Auth } from 'firebase-admin/auth';
import type { Db } from '@/server/db';
import { users } from '@/server/db/schema';
import { ADMIN_GROUP_ID, DEFAULT_GROUP_ID, SUBSCRIPTION_ACTIVE } from '@/lib/constants';

export interface DemoAccount {
  uid: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  groupId: number;
  subscriptionStatus: string;
}

/** The three demo accounts of DESIGN.md §3 (emulator only; the README lists them). */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    uid: 'demo-admin',
    email: 'admin@trendvakt.test',
    password: 'trendvakt-admin',
    firstName: 'Astrid',
    lastName: 'Admin',
    groupId: ADMIN_GROUP_ID,
    subscriptionStatus: SUBSCRIPTION_ACTIVE,
  },
  {
    uid: 'demo-investor',
    email: 'investor@trendvakt.test',
    password: 'trendvakt-investor',
    firstName: 'Ingrid',
    lastName: 'Investor',
    groupId: DEFAULT_GROUP_ID,
    subscriptionStatus: SUBSCRIPTION_ACTIVE,
  },
  {
    uid: 'demo-newcomer',
    email: 'newcomer@trendvakt.test',
    password: 'trendvakt-newcomer',
    firstName: 'Nils',
    lastName: 'Newcomer',
    groupId: DEFAULT_GROUP_ID,
    subscriptionStatus: 'inactive',
  },
];

/**
 * Make sure every demo account exists in the Auth emulator and the database. Idempotent: existing
 * accounts and rows are left as they are (an admin may have changed them).
 */
export async function ensureDemoAccounts(
  db: Db,
  auth: Auth,
): Promise<{ createdAuth: number; createdDb: number }> {
  let createdAuth = 0;
  let createdDb = 0;
  for (const account of DEMO_ACCOUNTS) {
    try {
      await auth.createUser({
        uid: account.uid,
        email: account.email,
        password: account.password,
        displayName: `${account.firstName} ${account.lastName}`,
        emailVerified: true,
      });
      createdAuth += 1;
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code !== 'auth/uid-already-exists' && code !== 'auth/email-already-exists') throw err;
    }
    const inserted = await db
      .insert(users)
      .values({
        uid: account.uid,
        firstName: account.firstName,
        lastName: account.lastName,
        email: account.email,
        acceptTerms: true,
        acceptedTermsAt: new Date(),
        groupId: account.groupId,
        subscriptionStatus: account.subscriptionStatus,
      })
      .onConflictDoNothing({ target: users.uid })
      .returning({ uid: users.uid });
    createdDb += inserted.length;
  }
  return { createdAuth, createdDb };
}
