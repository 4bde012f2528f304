import { cert, getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { firebaseProjectIdOf, serverFirebaseMode } from './firebaseMode';

/** The Firebase project: a `demo-` id selects the emulator-only project of the embedded default. */
export function firebaseProjectId(): string {
  return firebaseProjectIdOf(process.env);
}

export function usesAuthEmulator(): boolean {
  return Boolean(process.env.FIREBASE_AUTH_EMULATOR_HOST);
}

/**
 * The process-wide firebase-admin app (emulator when FIREBASE_AUTH_EMULATOR_HOST is set). Fails
 * closed (server/auth/firebaseMode): an emulator host with a non-demo project, or a demo project
 * without the emulator, throws instead of verifying anything.
 */
export function adminApp(): App {
  const existing = getApps().find((a) => a.name === '[DEFAULT]');
  if (existing) return existing;
  const { projectId } = serverFirebaseMode(process.env);
  const serviceAccount = process.env.FIREBASE_SERVICE_ACCOUNT_JSON;
  return initializeApp(
    serviceAccount ? { projectId, credential: cert(JSON.parse(serviceAccount)) } : { projectId },
  );
}

export function adminAuth(): Auth {
  return getAuth(adminApp());
}
