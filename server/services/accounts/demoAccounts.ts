import type { Auth } from 'firebase-admin/auth';
import type { Db } from '@/server/db';
import { users } from '@/server/db/schema';
import { DEMO_ACCOUNTS } from '@/lib/demoAccounts';
import { resolveFirebaseMode } from '@/server/auth/firebaseMode';

/**
 * Make sure every demo account exists in the Auth emulator and the database. Idempotent: existing
 * accounts and rows are left as they are (an admin may have changed them).
 */
export async function ensureDemoAccounts(
  db: Db,
  auth: Auth,
): Promise<{ createdAuth: number; createdDb: number }> {
  // Known passwords for an admin: only ever in a demo- project, which exists only in the emulator.
  const mode = resolveFirebaseMode(process.env);
  if (!mode.demo || !mode.emulatorHost) {
    throw new Error(
      `Demo accounts are only seeded for a demo- Firebase project in the Auth emulator (project "${mode.projectId}", ` +
        `FIREBASE_AUTH_EMULATOR_HOST ${mode.emulatorHost ? 'set' : 'not set'}).`,
    );
  }
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
        emailVerified: true,
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
