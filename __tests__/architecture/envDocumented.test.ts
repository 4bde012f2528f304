/** @jest-environment node */
// Every environment variable the code reads is in .env.example and in docs/configuration.md
// (issue 43): a newcomer configures the app from those two, never by grepping the code.
import fs from 'node:fs';
import path from 'node:path';
import { RATE_LIMIT_DEFAULTS } from '@/server/http/rateLimit';
import { ROOT, sourceFiles } from '../helpers/importGraph';

/** Set by Node, Next.js or jest, or set by our scripts for a child: not a setting of ours. */
const SET_BY_TOOLS = new Set([
  'NODE_ENV',
  'NODE_OPTIONS',
  'NEXT_PHASE',
  'NEXT_RUNTIME',
  'JEST_WORKER_ID',
  'NEXT_TELEMETRY_DISABLED',
]);

/** The variables a source text reads: `process.env.X`, `process.env['X']`, and `env.X` of an env object. */
function envReads(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)) names.add(match[1]);
  for (const match of text.matchAll(/process\.env\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\]/g)) names.add(match[1]);
  for (const match of text.matchAll(/\benv\.([A-Z][A-Z0-9_]{2,})\b/g)) names.add(match[1]);
  return [...names];
}

const CODE_DIRS = [
  'server',
  'pages',
  'lib',
  'components',
  'layouts',
  'stores',
  'services',
  'scripts',
  'bench',
  'e2e',
];
const ROOT_FILES = ['instrumentation.ts', 'proxy.ts', 'next.config.js', 'next-i18next.config.js'];

function codeReads(): Set<string> {
  const files = [...CODE_DIRS.flatMap((dir) => [...sourceFiles(dir)]), ...ROOT_FILES];
  const names = new Set<string>();
  for (const file of files) {
    const full = path.join(ROOT, file);
    if (!fs.existsSync(full)) continue;
    for (const name of envReads(fs.readFileSync(full, 'utf8'))) names.add(name);
  }
  // Read by name at run time (RATE_LIMIT_<BUCKET>).
  for (const bucket of Object.keys(RATE_LIMIT_DEFAULTS)) names.add(`RATE_LIMIT_${bucket.toUpperCase()}`);
  for (const name of SET_BY_TOOLS) names.delete(name);
  return names;
}

describe('environment variables', () => {
  const reads = codeReads();
  const example = fs.readFileSync(path.join(ROOT, '.env.example'), 'utf8');
  const configuration = fs.readFileSync(path.join(ROOT, 'docs/configuration.md'), 'utf8');
  const inExample = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));

  it('reads each form of a read (the check can fail)', () => {
    expect(
      envReads(
        "process.env.DATABASE_URL; process.env['SMTP_URL']; const env = process.env; env.PORT; x.env.lower",
      ),
    ).toEqual(['DATABASE_URL', 'SMTP_URL', 'PORT']);
  });

  it('finds the real reads', () => {
    for (const name of ['DATABASE_URL', 'EODHD_API_TOKEN', 'RATE_LIMIT_BILLING', 'STRIPE_SECRET_KEY']) {
      expect(reads).toContain(name);
    }
  });

  it('each one is in .env.example', () => {
    expect([...reads].filter((name) => !inExample.has(name)).sort()).toEqual([]);
  });

  it('each one is in docs/configuration.md', () => {
    expect([...reads].filter((name) => !configuration.includes(`\`${name}\``)).sort()).toEqual([]);
  });
});
