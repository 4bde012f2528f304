import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { spawnChild, waitForHttp } from './processes';

export interface EmulatorOptions {
  projectId: string;
  port: number;
  /** Keep the emulator's accounts across restarts in this folder (import on start, export on exit). */
  persistDir?: string;
  quiet?: boolean;
}

const FIREBASE_BIN = path.join(process.cwd(), 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');

/** Is an Auth emulator already answering on this port? */
export async function emulatorRunning(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * The emulator a copy of the app started records itself in its data folder (`owner.json` beside
 * the accounts): port, process id, project. Another copy (another DATA_DIR) that finds an emulator
 * answering on its port can tell that it is not its own, and must not use it: the accounts would be
 * shared, and on exit the owner would export the other copy's sign-ups (issue 23 item 8).
 */
export interface EmulatorOwner {
  port: number;
  pid: number;
  projectId: string;
}

export function ownerFile(persistDir: string): string {
  return path.join(persistDir, 'owner.json');
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The running emulator recorded in `persistDir` for this port, or null (none, stale, or another port). */
export function emulatorOwnedBy(persistDir: string, port: number): EmulatorOwner | null {
  try {
    const owner = JSON.parse(fs.readFileSync(ownerFile(persistDir), 'utf8')) as EmulatorOwner;
    return owner.port === port && processAlive(owner.pid) ? owner : null;
  } catch {
    return null;
  }
}

/** Why a copy must not use the emulator it found on its port (null: it is its own). */
export function foreignEmulatorMessage(persistDir: string, port: number): string | null {
  if (emulatorOwnedBy(persistDir, port)) return null;
  return (
    `An Auth emulator is already running on port ${port}, but not this copy's (its data folder ` +
    `${path.dirname(persistDir)} records no emulator on that port). Using it would share accounts with ` +
    'another copy of the app. Stop the other copy, or give this one its own ports: ' +
    'AUTH_EMULATOR_PORT (it also takes the next two ports) and PORT.'
  );
}

/**
 * Start the Firebase Auth emulator (firebase-tools, no Java, UI off) and wait until it answers.
 * A `demo-` project id keeps it offline.
 */
export async function startAuthEmulator(opts: EmulatorOptions): Promise<ChildProcess> {
  if (!fs.existsSync(FIREBASE_BIN)) {
    throw new Error(
      'The Auth emulator needs firebase-tools, a dev dependency: install with `npm ci` (not --omit=dev), ' +
        'or configure a real Firebase project (NEXT_PUBLIC_FIREBASE_PROJECT_ID without the demo- prefix).',
    );
  }
  const configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trendvakt-firebase-'));
  const configFile = path.join(configDir, 'firebase.json');
  fs.writeFileSync(
    configFile,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: opts.port },
        // Own hub and logging ports, so that a test run's emulator can run beside npm start's.
        hub: { host: '127.0.0.1', port: opts.port + 1 },
        logging: { host: '127.0.0.1', port: opts.port + 2 },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const importing =
    opts.persistDir !== undefined &&
    fs.existsSync(path.join(opts.persistDir, 'firebase-export-metadata.json'));
  const args = [
    FIREBASE_BIN,
    'emulators:start',
    '--only',
    'auth',
    '--project',
    opts.projectId,
    '--config',
    configFile,
  ];
  if (opts.persistDir) {
    fs.mkdirSync(opts.persistDir, { recursive: true });
    if (importing) args.push('--import', opts.persistDir);
    args.push('--export-on-exit', opts.persistDir);
  }
  // The emulator hub writes its locator file (hub-<project>.json) into the temporary folder, where
  // a second copy of the app with the same project would find the first one's hub and, on exit,
  // export the first copy's accounts (issue 23 item 8). Each emulator gets its own temporary folder
  // beside its data (or beside its config when it persists nothing).
  const tmpDir = opts.persistDir ? path.join(path.dirname(opts.persistDir), 'auth-emulator-tmp') : configDir;
  fs.mkdirSync(tmpDir, { recursive: true, mode: 0o700 });
  const child = spawnChild(process.execPath, args, {
    stdio: opts.quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
    env: {
      ...process.env,
      TMPDIR: tmpDir,
      NO_UPDATE_NOTIFIER: '1',
      FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
    },
  });
  child.once('exit', () => {
    fs.rmSync(configDir, { recursive: true, force: true });
    if (opts.persistDir && emulatorOwnedBy(opts.persistDir, opts.port)?.pid === child.pid) {
      fs.rmSync(ownerFile(opts.persistDir), { force: true });
    }
  });
  await waitForHttp(`http://127.0.0.1:${opts.port}/`, 120_000, child);
  if (importing && opts.persistDir) await waitForImport(opts.port, opts.projectId, opts.persistDir, child);
  if (opts.persistDir && child.pid) {
    const owner: EmulatorOwner = { port: opts.port, pid: child.pid, projectId: opts.projectId };
    fs.writeFileSync(ownerFile(opts.persistDir), JSON.stringify(owner), { mode: 0o600 });
  }
  return child;
}

/** The number of accounts in an export of the Auth emulator (0 when it has none or cannot be read). */
function exportedAccounts(persistDir: string): number {
  try {
    const file = path.join(persistDir, 'auth_export', 'accounts.json');
    const users = (JSON.parse(fs.readFileSync(file, 'utf8')) as { users?: unknown[] }).users;
    return Array.isArray(users) ? users.length : 0;
  } catch {
    return 0;
  }
}

/**
 * Wait until an emulator started with `--import` holds the exported accounts: its port answers
 * before the import has run, and an account looked up in between is missing (a copy restarted
 * found none of its accounts; the demo accounts would be made again). At most 30 s.
 */
async function waitForImport(port: number, projectId: string, persistDir: string, child: ChildProcess) {
  const expected = exportedAccounts(persistDir);
  if (expected === 0) return;
  const url = `http://127.0.0.1:${port}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:batchGet?maxResults=${expected}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the Auth emulator exited with ${child.exitCode}`);
    try {
      const res = await fetch(url, {
        headers: { Authorization: 'Bearer owner' },
        signal: AbortSignal.timeout(2000),
      });
      const body = (await res.json()) as { users?: unknown[] };
      if ((body.users?.length ?? 0) >= expected) return;
    } catch {
      // Not answering yet: try again.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  // Best effort: an export made under another project id is imported under that id and this count
  // never comes; the app then starts anyway, as it did before this wait.
}

/** Sign an account in through the emulator's REST API and return its ID token (benches, scripts). */
export async function signInWithEmulator(port: number, email: string, password: string): Promise<string> {
  const res = await fetch(
    `http://127.0.0.1:${port}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=x`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await res.json()) as { idToken?: string; error?: { message: string } };
  if (!body.idToken) throw new Error(`sign-in of ${email} failed: ${body.error?.message ?? res.status}`);
  return body.idToken;
}
