import { cert, getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';

/** The Firebase project: a `demo-` id selects the emulator-only project of the embedded default. */
export function firebaseProjectId(): string {
  return process.env.FIREBASE_PROJECT_ID || process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID || 'demo-trendvakt';
}

export function usesAuthEmulator(): boolean {
  return Boolean(process.env.FIREBASE_AUTH_EMULATOR_HOST);
}

/** The process-wide firebase-admin app (emulator when FIREBASE_AUTH_EMULATOR_HOST is set). */
export function adminApp(): App {
  const existing = getApps().find((a) => a.name === '[DEFAULT]');
  if (existing) return existing;
  const projectId = firebaseProjectId();
  const serviceAccount = process.env.FIREBASE_SERVICE_ACCOUNT_JSON;
  if (!usesAuthEmulator() && projectId.startsWith('demo-')) {
    throw new Error(
      `Firebase project "${projectId}" is a demo project that only exists in the Auth emulator, but FIREBASE_AUTH_EMULATOR_HOST is not set. Start through npm start, or configure a real project.`,
    );
  }
  return initializeApp(
    serviceAccount ? { projectId, credential: cert(JSON.parse(serviceAccount)) } : { projectId },
  );
}

export function adminAuth(): Auth {
  return getAuth(adminApp());
}
