import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { addInlineScriptHashes } from './cspHashes';

// Everything that goes into the Next build: when its hash changes, `npm start` builds again.
const BUILD_INPUTS = [
  'package-lock.json',
  'next.config.js',
  'next-i18next.config.js',
  'tsconfig.json',
  'instrumentation.ts',
  'proxy.ts',
  'pages',
  'components',
  'layouts',
  'stores',
  'services',
  'lib',
  'styles',
  'public',
  'server',
];
const SKIP_DIRS = new Set(['node_modules', '.next', 'data', '__tests__']);

function* walk(entry: string): Generator<string> {
  if (!fs.existsSync(entry)) return;
  const stat = fs.statSync(entry);
  if (stat.isFile()) {
    yield entry;
    return;
  }
  for (const name of fs.readdirSync(entry).sort()) {
    if (SKIP_DIRS.has(name)) continue;
    yield* walk(path.join(entry, name));
  }
}

/** A hash of the build's source files and of the public env it bakes in. */
export function buildFingerprint(root = process.cwd(), env: NodeJS.ProcessEnv = process.env): string {
  const hash = crypto.createHash('sha256');
  for (const input of BUILD_INPUTS) {
    for (const file of walk(path.join(root, input))) {
      hash.update(path.relative(root, file));
      hash.update(fs.readFileSync(file));
    }
  }
  for (const key of Object.keys(env)
    .filter((k) => k.startsWith('NEXT_PUBLIC_'))
    .sort()) {
    hash.update(`${key}=${env[key]}`);
  }
  // The Content-Security-Policy (next.config.js) lists Stripe's hosts only when it is configured.
  hash.update(`stripe=${Boolean(env.STRIPE_SECRET_KEY)}`);
  return hash.digest('hex');
}

const stampFile = (distDir: string) => path.join(distDir, 'trendvakt-build-fingerprint');

/** Is there a production build of exactly these sources? */
export function buildIsCurrent(distDir: string, fingerprint: string): boolean {
  try {
    return (
      fs.existsSync(path.join(distDir, 'BUILD_ID')) &&
      fs.readFileSync(stampFile(distDir), 'utf8') === fingerprint
    );
  } catch {
    return false;
  }
}

export function markBuild(distDir: string, fingerprint: string): void {
  fs.writeFileSync(stampFile(distDir), fingerprint);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Run `fn` holding `<distDir>.lock` (a directory, created atomically), so two processes never
 * build into one folder at once (jest runs the two integration suites that need a build on two
 * workers). A lock whose owner process is gone is taken over.
 */
async function withDistLock<T>(distDir: string, fn: () => Promise<T>): Promise<T> {
  const lockDir = `${distDir}.lock`;
  const owner = path.join(lockDir, 'pid');
  for (;;) {
    try {
      fs.mkdirSync(lockDir);
      fs.writeFileSync(owner, String(process.pid));
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.existsSync(owner) ? fs.readFileSync(owner, 'utf8') : NaN);
      // No pid yet: the owner is between mkdir and write; wait for it.
      if (Number.isInteger(pid) && !alive(pid)) fs.rmSync(lockDir, { recursive: true, force: true });
      else await sleep(1000);
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lockDir, { recursive: true, force: true });
  }
}

/**
 * Make sure `distDir` holds a production build of these sources for `env` (its NEXT_PUBLIC_*
 * values are baked in): `next build`, then the Content-Security-Policy's inline script hashes,
 * then the fingerprint stamp. Returns whether it had to build.
 */
export async function ensureBuild(opts: {
  distDir: string;
  env: NodeJS.ProcessEnv;
  build: (env: NodeJS.ProcessEnv) => Promise<void>;
  log?: (msg: string) => void;
}): Promise<boolean> {
  const distDir = path.resolve(opts.distDir);
  const fingerprint = buildFingerprint(process.cwd(), opts.env);
  if (buildIsCurrent(distDir, fingerprint)) {
    opts.log?.('the production build is current');
    return false;
  }
  return withDistLock(distDir, async () => {
    // Another process may have built it while this one waited for the lock.
    if (buildIsCurrent(distDir, fingerprint)) return false;
    opts.log?.('building the app (next build)…');
    await opts.build({ ...opts.env, NEXT_DIST_DIR: path.relative(process.cwd(), distDir) });
    const { hashes } = addInlineScriptHashes(distDir);
    opts.log?.(`${hashes} inline script hashes added to the Content-Security-Policy`);
    markBuild(distDir, fingerprint);
    return true;
  });
}
