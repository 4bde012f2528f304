/** @jest-environment node */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import {
  FirebaseModeError,
  listenHost,
  resolveFirebaseMode,
  serverFirebaseMode,
} from '@/server/auth/firebaseMode';

describe('resolveFirebaseMode: one decision for the start script and the server', () => {
  it.each([
    // [env, projectId, demo]
    [{}, 'demo-trendvakt', true],
    [{ NEXT_PUBLIC_FIREBASE_PROJECT_ID: 'trendvakt-prod' }, 'trendvakt-prod', false],
    // The finding: only the server variable set. It must decide the mode for both sides.
    [{ FIREBASE_PROJECT_ID: 'trendvakt-prod' }, 'trendvakt-prod', false],
    [{ FIREBASE_PROJECT_ID: 'demo-x', NEXT_PUBLIC_FIREBASE_PROJECT_ID: 'demo-x' }, 'demo-x', true],
    [{ FIREBASE_PROJECT_ID: 'demo-x', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }, 'demo-x', true],
    [{ FIREBASE_PROJECT_ID: 'demonstration' }, 'demonstration', false],
  ] as const)('%j → %s (demo %s)', (env, projectId, demo) => {
    const mode = resolveFirebaseMode(env);
    expect(mode.projectId).toBe(projectId);
    expect(mode.demo).toBe(demo);
  });

  it.each([
    // Issue 40: a proxy in front of the demo stack makes every client loopback.
    [
      { FIREBASE_PROJECT_ID: 'demo-x', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', TRUST_PROXY: '1' },
      /TRUST_PROXY \("1"\) is set in emulator mode/,
    ],
    [
      { NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', TRUST_PROXY: 'true' },
      /TRUST_PROXY \("true"\) is set in emulator mode/,
    ],
    [
      { FIREBASE_PROJECT_ID: 'trendvakt-prod', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' },
      /FIREBASE_AUTH_EMULATOR_HOST is set/,
    ],
    [
      {
        NEXT_PUBLIC_FIREBASE_PROJECT_ID: 'trendvakt-prod',
        NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      },
      /NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST is set/,
    ],
    [
      {
        FIREBASE_PROJECT_ID: 'trendvakt-prod',
        FIREBASE_AUTH_EMULATOR_HOST: 'x:1',
        NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: 'x:1',
      },
      /FIREBASE_AUTH_EMULATOR_HOST and NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST are set/,
    ],
    [
      { FIREBASE_PROJECT_ID: 'trendvakt-prod', NEXT_PUBLIC_FIREBASE_PROJECT_ID: 'demo-trendvakt' },
      /FIREBASE_PROJECT_ID \("trendvakt-prod"\) and NEXT_PUBLIC_FIREBASE_PROJECT_ID \("demo-trendvakt"\)/,
    ],
  ])('refuses %j', (env, message) => {
    expect(() => resolveFirebaseMode(env)).toThrow(FirebaseModeError);
    expect(() => resolveFirebaseMode(env)).toThrow(message);
  });

  it('names both project variables and the demo- rule in the refusal', () => {
    expect(() =>
      resolveFirebaseMode({
        FIREBASE_PROJECT_ID: 'trendvakt-prod',
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      }),
    ).toThrow(
      /"trendvakt-prod" \(FIREBASE_PROJECT_ID \/ NEXT_PUBLIC_FIREBASE_PROJECT_ID\) does not start with "demo-"/,
    );
  });

  it('the server also refuses a demo project without the emulator', () => {
    expect(() => serverFirebaseMode({})).toThrow(/FIREBASE_AUTH_EMULATOR_HOST is not set/);
    expect(serverFirebaseMode({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).emulatorHost).toBe(
      '127.0.0.1:9099',
    );
    expect(serverFirebaseMode({ FIREBASE_PROJECT_ID: 'trendvakt-prod' }).demo).toBe(false);
  });
});

describe('listenHost', () => {
  it.each([
    [{}, true, '127.0.0.1'],
    [{}, false, undefined],
    [{ HOST: '0.0.0.0' }, true, '0.0.0.0'],
    [{ HOST: '::1' }, false, '::1'],
    [{ HOST: '  ' }, true, '127.0.0.1'],
  ] as const)('%j, demo %s → %s', (env, demo, host) => {
    expect(listenHost(env, { demo })).toBe(host);
  });
});

describe('npm start with an emulator host and a real project', () => {
  it('exits at once with a message naming the variables', () => {
    const cwd = process.cwd();
    const env: Record<string, string | undefined> = { PATH: process.env.PATH, HOME: process.env.HOME };
    Object.assign(env, {
      FIREBASE_PROJECT_ID: 'trendvakt-prod',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      // Never touch the real ./data or build: the refusal must come before either.
      DATA_DIR: path.join(cwd, 'nonexistent-data-dir-for-test'),
      NEXT_DIST_DIR: '.next-never-built',
    });
    const result = spawnSync(
      process.execPath,
      [path.join(cwd, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/start.ts'],
      { cwd, env: env as NodeJS.ProcessEnv, encoding: 'utf8', timeout: 60_000 },
    );
    expect(result.status === 0 && result.signal === null).toBe(false);
    expect(result.stderr).toMatch(/Refusing to start: FIREBASE_AUTH_EMULATOR_HOST is set/);
    expect(result.stderr).toMatch(/"trendvakt-prod"/);
    expect(result.stdout).not.toMatch(/starting the Firebase Auth emulator|building the app/);
  }, 60_000);
});
