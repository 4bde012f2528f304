import path from 'node:path';
import { loadEnvConfig } from '@next/env';
import { resolveFirebaseMode, type FirebaseMode } from '@/server/auth/firebaseMode';

export { DEFAULT_PROJECT_ID } from '@/server/auth/firebaseMode';
export const DEFAULT_AUTH_EMULATOR_PORT = 9099;

/**
 * Load `.env*` the way Next does, then fill in the embedded defaults: without a real Firebase
 * project the app runs against the Auth emulator of the `demo-trendvakt` project. The mode is
 * decided by server/auth/firebaseMode — the same function the server uses — from the same project
 * id, and it throws (naming the variables) when an emulator host is set for a non-demo project.
 * Returns whether the emulator is to be used.
 */
export function loadEnvironment(opts: { dev?: boolean } = {}): {
  useEmulator: boolean;
  emulatorPort: number;
  mode: FirebaseMode;
} {
  loadEnvConfig(process.cwd(), opts.dev ?? false, { info: () => {}, error: console.error });
  const env = process.env;
  const mode = resolveFirebaseMode(env);
  const { projectId } = mode;
  const useEmulator = mode.demo;
  const emulatorPort = Number(env.AUTH_EMULATOR_PORT || DEFAULT_AUTH_EMULATOR_PORT);
  // Browser and server always agree on the project.
  env.NEXT_PUBLIC_FIREBASE_PROJECT_ID = projectId;
  env.FIREBASE_PROJECT_ID = projectId;
  if (useEmulator) {
    const host = `127.0.0.1:${emulatorPort}`;
    env.NEXT_PUBLIC_FIREBASE_API_KEY ||= 'demo-api-key';
    env.NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN ||= `${projectId}.firebaseapp.com`;
    env.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST = host;
    env.FIREBASE_AUTH_EMULATOR_HOST = host;
  }
  env.DATA_DIR = path.resolve(env.DATA_DIR || './data');
  env.PORT ||= '3000';
  // No telemetry calls: the app runs offline.
  env.NEXT_TELEMETRY_DISABLED = '1';
  return { useEmulator, emulatorPort, mode: { ...mode, emulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST } };
}
