import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

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
export function buildFingerprint(root = process.cwd()): string {
  const hash = crypto.createHash('sha256');
  for (const input of BUILD_INPUTS) {
    for (const file of walk(path.join(root, input))) {
      hash.update(path.relative(root, file));
      hash.update(fs.readFileSync(file));
    }
  }
  for (const key of Object.keys(process.env)
    .filter((k) => k.startsWith('NEXT_PUBLIC_'))
    .sort()) {
    hash.update(`${key}=${process.env[key]}`);
  }
  // The Content-Security-Policy (next.config.js) lists Stripe's hosts only when it is configured.
  hash.update(`stripe=${Boolean(process.env.STRIPE_SECRET_KEY)}`);
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
