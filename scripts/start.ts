// npm start / npm run dev — the whole app on embedded defaults, in one command:
// Auth emulator -> database migrations and seed -> build when needed -> Next.js on PORT.
import { errorText } from '@/server/logging/describeError';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { listenHost } from '@/server/auth/firebaseMode';
import { explicitDemoWarning, resolveBillingMode } from '@/server/services/billing';
import { loadEnvironment } from './lib/env';
import { emulatorRunning, foreignEmulatorMessage, startAuthEmulator } from './lib/emulator';
import { spawnChild, stopChildrenOnSignals } from './lib/processes';
import { ensureBuild } from './lib/build';
import { SERVER_NODE_FLAGS } from './lib/serverFlags';
import { prepareData } from './lib/prepare';

const dev = process.argv.includes('--dev');
/** Build (when the sources changed) and stop: CI builds the e2e app while the static checks run. */
const buildOnly = process.argv.includes('--build-only');
const log = (msg: string) => console.log(`[trendvakt] ${msg}`);

function run(child: ChildProcess, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${what} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

async function main(): Promise<void> {
  const { useEmulator, emulatorPort, mode } = loadEnvironment({ dev });
  const nextBin = path.join(process.cwd(), 'node_modules', 'next', 'dist', 'bin', 'next');
  const distDir = path.resolve(process.env.NEXT_DIST_DIR || '.next');
  const buildApp = () =>
    ensureBuild({
      distDir,
      env: process.env,
      build: (env) => run(spawnChild(process.execPath, [nextBin, 'build'], { env }), 'next build'),
      log,
    });
  if (buildOnly) {
    if (!(await buildApp())) log(`the build in ${distDir} is current`);
    return;
  }
  // Before anything starts: a real project without Stripe is refused (naming the variables).
  if (resolveBillingMode(process.env).explicitDemo) log(explicitDemoWarning(process.env));
  stopChildrenOnSignals();

  let emulator: Promise<unknown> = Promise.resolve();
  if (useEmulator) {
    const persistDir = path.join(process.env.DATA_DIR!, 'auth-emulator');
    if (await emulatorRunning(emulatorPort)) {
      // Only this copy's own emulator (e.g. `npm run dev` beside `npm start` in one folder).
      const foreign = foreignEmulatorMessage(persistDir, emulatorPort);
      if (foreign) throw new Error(foreign);
      log(`using this copy's Auth emulator, already running on port ${emulatorPort}`);
    } else {
      log(`starting the Firebase Auth emulator on port ${emulatorPort}…`);
      emulator = startAuthEmulator({
        projectId: process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID!,
        port: emulatorPort,
        persistDir,
      });
    }
  }

  // The build does not need the emulator or the database: run it while they start.
  const build: Promise<unknown> = dev ? Promise.resolve() : buildApp();

  await emulator;
  await prepareData({ seedAccounts: useEmulator, log });
  await build;

  const port = process.env.PORT!;
  // Emulator mode trusts unsigned tokens: listen on loopback only unless HOST says otherwise.
  const host = listenHost(process.env, mode);
  const shownHost = !host || host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  log(
    `serving http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}` +
      (host ? ` (listening on ${host} only)` : ' (listening on every interface)') +
      (useEmulator ? ' (Auth emulator, demo accounts in README.md)' : ''),
  );
  const server = spawnChild(process.execPath, [
    ...SERVER_NODE_FLAGS,
    nextBin,
    dev ? 'dev' : 'start',
    '-p',
    port,
    ...(host ? ['-H', host] : []),
  ]);
  server.on('exit', (code) => {
    log(`the Next.js server exited (${code}); stopping`);
    process.kill(process.pid, 'SIGTERM');
  });
  if (!dev) void warmBlog(port);
}

/**
 * The build writes the blog index without articles (the database is not open during the build);
 * one request after start regenerates it, so the first visitor already sees the articles.
 */
async function warmBlog(port: string): Promise<void> {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  for (const path of ['/blog', '/en/blog']) {
    await fetch(`http://127.0.0.1:${port}${path}`).catch(() => undefined);
  }
}

main().catch((err) => {
  console.error(`[trendvakt] ${errorText(err)}`);
  process.kill(process.pid, 'SIGTERM');
  process.exitCode = 1;
});
