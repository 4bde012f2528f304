import fs from 'node:fs';
import path from 'node:path';

// Every namespace must have the same keys in nb and en (a missing key shows as its key to users),
// no empty texts, and the same {{placeholders}} in both languages.
const LOCALES_DIR = path.join(process.cwd(), 'public', 'locales');
const LOCALES = ['nb', 'en'];

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

function flatten(value: Json, prefix = '', out: Record<string, Json> = {}): Record<string, Json> {
  if (value && typeof value === 'object') {
    const entries = Array.isArray(value)
      ? value.map((v, i) => [String(i), v] as const)
      : Object.entries(value);
    for (const [key, child] of entries) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out[prefix] = value;
  }
  return out;
}

function read(locale: string, ns: string): Record<string, Json> {
  return flatten(JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, locale, `${ns}.json`), 'utf8')) as Json);
}

const namespaces = [...new Set(LOCALES.flatMap((l) => fs.readdirSync(path.join(LOCALES_DIR, l))))]
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''))
  .sort();

const placeholders = (text: Json) =>
  typeof text === 'string' ? (text.match(/{{\s*[\w.]+\s*}}/g) ?? []).sort() : [];

describe('translations', () => {
  it('has the shell namespaces', () => {
    for (const ns of ['common', 'nav', 'settings', 'consent', 'errors', 'pages', 'help', 'legal']) {
      expect(namespaces).toContain(ns);
    }
  });

  describe.each(namespaces)('%s.json', (ns) => {
    it('exists in every locale', () => {
      for (const locale of LOCALES)
        expect(fs.existsSync(path.join(LOCALES_DIR, locale, `${ns}.json`))).toBe(true);
    });

    it('has the same keys in nb and en', () => {
      const nb = Object.keys(read('nb', ns)).sort();
      const en = Object.keys(read('en', ns)).sort();
      expect({
        missingInEn: nb.filter((k) => !en.includes(k)),
        missingInNb: en.filter((k) => !nb.includes(k)),
      }).toEqual({
        missingInEn: [],
        missingInNb: [],
      });
    });

    it('has no empty texts and the same placeholders in both languages', () => {
      const nb = read('nb', ns);
      const en = read('en', ns);
      for (const key of Object.keys(nb)) {
        expect([key, typeof nb[key] === 'string' && (nb[key] as string).trim() !== '']).toEqual([key, true]);
        expect([key, placeholders(nb[key])]).toEqual([key, placeholders(en[key])]);
      }
    });
  });
});
