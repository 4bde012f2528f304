import path from 'node:path';
import { loadEnvConfig } from '@next/env';

export const DEFAULT_PROJECT_ID = 'demo-trendvakt';
export const DEFAULT_AUTH_EMULATOR_PORT = 9099;

/**
 * Load `.env*` the way Next does, then fill in the embedded defaults: without a real Firebase
 * project the app runs against the Auth emulator of the `demo-trendvakt` project.
 * Returns whether the emulator is to be used.
 */
export function loadEnvironment(opts: { dev?: boolean } = {}): {
  useEmulator: boolean;
  emulatorPort: number;
} {
  loadEnvConfig(process.cwd(), opts.dev ?? false, { info: () => {}, error: console.error });
  const env = process.env;
  const projectId = env.NEXT_PUBLIC_FIREBASE_PROJECT_ID || DEFAULT_PROJECT_ID;
  const useEmulator = projectId.startsWith('demo-');
  const emulatorPort = Number(env.AUTH_EMULATOR_PORT || DEFAULT_AUTH_EMULATOR_PORT);
  env.NEXT_PUBLIC_FIREBASE_PROJECT_ID = projectId;
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
  return { useEmulator, emulatorPort };
}
