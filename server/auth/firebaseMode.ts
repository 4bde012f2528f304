/**
 * The one decision about which Firebase Auth the app trusts, shared by the start script
 * (scripts/lib/env.ts), the CLI scripts and the server (server/auth/firebaseAdmin.ts).
 *
 * firebase-admin accepts UNSIGNED ID tokens whenever FIREBASE_AUTH_EMULATOR_HOST is set. That is
 * only acceptable for a `demo-` project, which exists nowhere but in the emulator: with a real
 * project id the same variable would let anyone forge a token for any account. So the mode fails
 * closed: an emulator host together with a non-demo project is a configuration error, never a
 * silently chosen mode.
 */

export const DEFAULT_PROJECT_ID = 'demo-trendvakt';

/**
 * The environment the decision reads: FIREBASE_PROJECT_ID, NEXT_PUBLIC_FIREBASE_PROJECT_ID,
 * FIREBASE_AUTH_EMULATOR_HOST and NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST (process.env fits).
 */
export type FirebaseEnv = Partial<Record<string, string | undefined>>;

export interface FirebaseMode {
  /** The project both firebase-admin and the browser use. */
  projectId: string;
  /** A `demo-` project: Auth emulator only, demo accounts may be seeded. */
  demo: boolean;
  /** The emulator address when one is configured (only ever for a demo project). */
  emulatorHost?: string;
}

export class FirebaseModeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FirebaseModeError';
  }
}

/** FIREBASE_PROJECT_ID, else NEXT_PUBLIC_FIREBASE_PROJECT_ID, else the demo project. */
export function firebaseProjectIdOf(env: FirebaseEnv): string {
  return env.FIREBASE_PROJECT_ID?.trim() || env.NEXT_PUBLIC_FIREBASE_PROJECT_ID?.trim() || DEFAULT_PROJECT_ID;
}

/**
 * Decide the Firebase mode from `env`, or throw FirebaseModeError with a message that names the
 * variables to fix:
 * - FIREBASE_PROJECT_ID and NEXT_PUBLIC_FIREBASE_PROJECT_ID set to different projects (the server
 *   would verify tokens of another project than the browser signs in to);
 * - FIREBASE_AUTH_EMULATOR_HOST (or its NEXT_PUBLIC_ twin) set while the project id does not start
 *   with `demo-`;
 * - an emulator host together with TRUST_PROXY (issue 40).
 */
export function resolveFirebaseMode(env: FirebaseEnv): FirebaseMode {
  const server = env.FIREBASE_PROJECT_ID?.trim();
  const browser = env.NEXT_PUBLIC_FIREBASE_PROJECT_ID?.trim();
  if (server && browser && server !== browser) {
    throw new FirebaseModeError(
      `FIREBASE_PROJECT_ID ("${server}") and NEXT_PUBLIC_FIREBASE_PROJECT_ID ("${browser}") name different ` +
        'Firebase projects: set both to the same project id (or set only one of them).',
    );
  }
  const projectId = firebaseProjectIdOf(env);
  const demo = projectId.startsWith('demo-');
  const emulatorVariables = (
    ['FIREBASE_AUTH_EMULATOR_HOST', 'NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST'] as const
  ).filter((name) => env[name]?.trim());
  if (emulatorVariables.length > 0 && !demo) {
    throw new FirebaseModeError(
      `Refusing to start: ${emulatorVariables.join(' and ')} ${emulatorVariables.length > 1 ? 'are' : 'is'} set, ` +
        `but the Firebase project "${projectId}" (FIREBASE_PROJECT_ID / NEXT_PUBLIC_FIREBASE_PROJECT_ID) ` +
        'does not start with "demo-". With an emulator host firebase-admin accepts unsigned tokens, so it ' +
        'may only be used with a demo- project. Unset FIREBASE_AUTH_EMULATOR_HOST and ' +
        'NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST for a real project, or use a demo- project id.',
    );
  }
  const trustProxy = env.TRUST_PROXY?.trim().toLowerCase();
  if (emulatorVariables.length > 0 && trustProxy && trustProxy !== '0' && trustProxy !== 'false') {
    // Issue 40: behind a proxy every request comes from loopback, so the emulator trust check
    // (loopback peers only) would let the whole network sign in with unsigned tokens.
    throw new FirebaseModeError(
      `Refusing to start: TRUST_PROXY ("${env.TRUST_PROXY}") is set in emulator mode. The demo stack ` +
        'accepts unsigned tokens and must not be served through a proxy; unset TRUST_PROXY, or configure ' +
        'a real Firebase project to serve the network.',
    );
  }
  const emulatorHost =
    env.FIREBASE_AUTH_EMULATOR_HOST?.trim() ||
    env.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST?.trim() ||
    undefined;
  return { projectId, demo, emulatorHost };
}

/**
 * The server's view: like resolveFirebaseMode, and a demo project also needs the emulator (a demo
 * project has no real accounts to verify tokens against).
 */
export function serverFirebaseMode(env: FirebaseEnv): FirebaseMode {
  const mode = resolveFirebaseMode(env);
  if (mode.demo && !env.FIREBASE_AUTH_EMULATOR_HOST?.trim()) {
    throw new FirebaseModeError(
      `Firebase project "${mode.projectId}" is a demo project that only exists in the Auth emulator, but ` +
        'FIREBASE_AUTH_EMULATOR_HOST is not set. Start through npm start, or configure a real project ' +
        '(FIREBASE_PROJECT_ID / NEXT_PUBLIC_FIREBASE_PROJECT_ID without the demo- prefix).',
    );
  }
  return mode;
}

/**
 * Where `next start` listens: HOST when set; otherwise 127.0.0.1 in emulator mode (anyone who can
 * reach the port could send an unsigned token for the demo admin), and every interface (undefined:
 * Next's default) with a real project.
 */
export function listenHost(
  env: Partial<Record<string, string | undefined>>,
  mode: Pick<FirebaseMode, 'demo'>,
): string | undefined {
  const host = env.HOST?.trim();
  if (host) return host;
  return mode.demo ? '127.0.0.1' : undefined;
}
