/** @jest-environment node */
// firebase-tools (half of the dependency tree) is only for the demo's Auth emulator: a dev
// dependency, and nothing the server runs may import it (only scripts/ start the emulator).
import fs from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const RUNTIME_DIRS = ['pages', 'server', 'lib', 'components', 'layouts', 'stores', 'services', 'styles'];
const RUNTIME_FILES = ['next.config.js', 'proxy.ts', 'instrumentation.ts', 'next-i18next.config.js'];

function* sources(dir: string): Generator<string> {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(full);
    else if (/\.(ts|tsx|js|mjs|cjs)$/.test(entry.name)) yield full;
  }
}

describe('firebase-tools', () => {
  it('is a dev dependency in package.json and in the lock file', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
    const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
    expect(pkg.dependencies['firebase-tools']).toBeUndefined();
    expect(pkg.devDependencies['firebase-tools']).toBeDefined();
    expect(lock.packages[''].dependencies).toEqual(pkg.dependencies);
    expect(lock.packages[''].devDependencies).toEqual(pkg.devDependencies);
    expect(lock.packages['node_modules/firebase-tools'].dev).toBe(true);
    // Everything the app needs at run time stays a production package.
    for (const name of Object.keys(pkg.dependencies))
      expect([name, lock.packages[`node_modules/${name}`].dev ?? false]).toEqual([name, false]);
  });

  it('is imported by no runtime code', () => {
    const files = [
      ...RUNTIME_DIRS.flatMap((d) => [...sources(path.join(root, d))]),
      ...RUNTIME_FILES.map((f) => path.join(root, f)),
    ];
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.filter((file) =>
      /(?:from\s+|require\(\s*|import\(\s*)['"]firebase-tools(?:\/[^'"]*)?['"]|['"]firebase-tools['"]/.test(
        fs.readFileSync(file, 'utf8'),
      ),
    );
    expect(offenders.map((f) => path.relative(root, f))).toEqual([]);
  });
});
