/**
 * The Firebase web configuration, read from NEXT_PUBLIC_* variables (inlined at build time) and
 * checked before use: SPEC §8's configuration errors become one clear start-up error.
 */
export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  /** `http://host:port` of the Auth emulator, when one is configured. */
  emulatorUrl?: string;
}

export type FirebaseConfigErrorCode =
  | 'argument-error'
  | 'invalid-api-key'
  | 'invalid-emulator-scheme'
  | 'emulator-config-failed'
  | 'already-initialized'
  | 'internal-error'
  | 'dependent-sdk-initialized-before-auth';

export class FirebaseConfigError extends Error {
  readonly code: FirebaseConfigErrorCode;
  constructor(code: FirebaseConfigErrorCode, message: string) {
    super(`Firebase configuration error (${code}): ${message}`);
    this.name = 'FirebaseConfigError';
    this.code = code;
  }
}

export interface RawFirebaseEnv {
  apiKey?: string;
  authDomain?: string;
  projectId?: string;
  emulatorHost?: string;
}

export function readFirebaseEnv(): RawFirebaseEnv {
  return {
    apiKey: process.env.NEXT_PUBLIC_FIREBASE_API_KEY,
    authDomain: process.env.NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN,
    projectId: process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID,
    emulatorHost: process.env.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST,
  };
}

/** True when sign-in runs against the Auth emulator (the embedded default). Needs no Firebase SDK. */
export function usesAuthEmulator(): boolean {
  return Boolean(readFirebaseEnv().emulatorHost);
}

/** Validate the raw values; throws FirebaseConfigError naming the variable to fix. */
export function parseFirebaseConfig(raw: RawFirebaseEnv): FirebaseWebConfig {
  if (!raw.apiKey) throw new FirebaseConfigError('argument-error', 'NEXT_PUBLIC_FIREBASE_API_KEY is not set');
  if (raw.apiKey.includes(':')) {
    throw new FirebaseConfigError('invalid-api-key', 'NEXT_PUBLIC_FIREBASE_API_KEY must not contain a colon');
  }
  if (!raw.projectId)
    throw new FirebaseConfigError('argument-error', 'NEXT_PUBLIC_FIREBASE_PROJECT_ID is not set');
  let emulatorUrl: string | undefined;
  if (raw.emulatorHost) {
    emulatorUrl = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw.emulatorHost)
      ? raw.emulatorHost
      : `http://${raw.emulatorHost}`;
    if (!/^https?:\/\//i.test(emulatorUrl)) {
      throw new FirebaseConfigError(
        'invalid-emulator-scheme',
        'NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST must begin with http:// or https:// (or be host:port)',
      );
    }
  }
  return {
    apiKey: raw.apiKey,
    authDomain: raw.authDomain || `${raw.projectId}.firebaseapp.com`,
    projectId: raw.projectId,
    emulatorUrl,
  };
}
