import { getApp, getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  getAuth,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
} from 'firebase/auth';
import {
  FirebaseConfigError,
  parseFirebaseConfig,
  readFirebaseEnv,
  type FirebaseWebConfig,
} from './firebaseConfig';

let cached: { app: FirebaseApp; auth: Auth; config: FirebaseWebConfig } | undefined;

function initialise(): { app: FirebaseApp; auth: Auth; config: FirebaseWebConfig } {
  const config = parseFirebaseConfig(readFirebaseEnv());
  const app = getApps().length ? getApp() : initializeApp(config);
  let auth: Auth;
  try {
    auth = initializeAuth(app, {
      persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
    });
  } catch (err) {
    // Hot reload re-runs this module: the Auth instance of the app already exists.
    if ((err as { code?: string }).code === 'auth/already-initialized') auth = getAuth(app);
    else throw new FirebaseConfigError('internal-error', String(err));
  }
  if (config.emulatorUrl && !auth.emulatorConfig) {
    // The browser talks to the emulator only through the app's own origin (a checked proxy route,
    // issue 40): the emulator's port answers any web page, so no page of ours calls it.
    const url = typeof window === 'undefined' ? config.emulatorUrl : window.location.origin;
    try {
      connectAuthEmulator(auth, url, { disableWarnings: true });
    } catch (err) {
      throw new FirebaseConfigError('emulator-config-failed', `cannot use the Auth emulator: ${String(err)}`);
    }
  }
  return { app, auth, config };
}

/** The browser's Firebase Auth instance, connected to the emulator when one is configured. */
export function firebaseAuth(): Auth {
  cached ??= initialise();
  return cached.auth;
}

export { usesAuthEmulator } from './firebaseConfig';
