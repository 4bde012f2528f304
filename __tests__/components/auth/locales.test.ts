/** The auth and profile texts: nb and en have the same keys, and every key the code uses exists. */
import fs from 'node:fs';
import path from 'node:path';
import type { AuthErrorKey } from '@/lib/authErrors';

const root = path.resolve(__dirname, '../../..');
const load = (lang: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.join(root, 'public/locales', lang, `${ns}.json`), 'utf8'));

function keysOf(obj: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keysOf(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

function has(obj: Record<string, unknown>, key: string): boolean {
  let node: unknown = obj;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object' || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' && node.trim() !== '';
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe.each(['auth', 'profile'])('%s.json', (ns) => {
  it('has the same keys in nb and en, none empty', () => {
    const nb = keysOf(load('nb', ns)).sort();
    const en = keysOf(load('en', ns)).sort();
    expect(nb).toEqual(en);
    for (const key of nb) {
      expect(has(load('nb', ns), key)).toBe(true);
      expect(has(load('en', ns), key)).toBe(true);
    }
  });

  it('uses the same {{placeholders}} and <tags> in both languages', () => {
    const nb = load('nb', ns);
    const en = load('en', ns);
    const marks = (text: string) =>
      [...text.matchAll(/{{\s*(\w+)\s*}}|<(\w+)>/g)].map((m) => m[1] ?? m[2]).sort();
    for (const key of keysOf(nb)) {
      const get = (obj: Record<string, unknown>) =>
        key.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown>)[p], obj);
      expect([key, marks(get(nb) as string)]).toEqual([key, marks(get(en) as string)]);
    }
  });
});

describe('keys used in the code', () => {
  const files = [
    ...sourceFiles(path.join(root, 'components/auth')),
    ...['login', 'register', 'forgot-password', 'logout'].map((p) =>
      path.join(root, `pages/authentication/${p}.tsx`),
    ),
    path.join(root, 'pages/user/profile.tsx'),
  ];

  it.each(files.map((f) => [path.relative(root, f), f]))('%s', (_name, file) => {
    const text = fs.readFileSync(file, 'utf8');
    const nsMatch = text.match(/useTranslation\('(\w+)'\)/);
    if (!nsMatch) return;
    const defaultNs = nsMatch[1];
    const used = [
      ...[...text.matchAll(/\bt\('([\w.:]+)'/g)].map((m) => m[1]),
      ...[...text.matchAll(/i18nKey="([\w.:]+)"/g)].map((m) => m[1]),
    ];
    for (const raw of used) {
      const [ns, key] = raw.includes(':') ? raw.split(':') : [defaultNs, raw];
      for (const lang of ['nb', 'en'])
        expect([lang, raw, has(load(lang, ns), key)]).toEqual([lang, raw, true]);
    }
  });

  it('has a text for every error key of lib/authErrors.ts', () => {
    const source = fs.readFileSync(path.join(root, 'lib/authErrors.ts'), 'utf8');
    const keys = [...source.matchAll(/'(errors\.\w+)'/g)].map((m) => m[1] as AuthErrorKey);
    expect(keys.length).toBeGreaterThan(15);
    for (const key of new Set(keys))
      for (const lang of ['nb', 'en'])
        expect([lang, key, has(load(lang, 'auth'), key)]).toEqual([lang, key, true]);
  });
});
