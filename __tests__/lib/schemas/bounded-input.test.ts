/** @jest-environment node */
// Bounded input (issue 23 item 2), checked over every schema in lib/schemas rather than one by one:
// - every string schema reachable from an export caps its length as its FIRST check, before any
//   trim, lower-casing, pattern or transform runs;
// - no regular expression in lib/schemas has a quantifier inside a quantified group (nested
//   quantifiers), two adjacent unbounded quantifiers over overlapping characters, or an unbounded
//   quantifier in a pattern that is not anchored at the start (retried at every position: the
//   /0+$/ that made a 40 000-zero quantity take over a second);
// - the 40 000-zero quantity of the issue is refused by the schema.
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import * as article from '@/lib/schemas/article';
import * as billing from '@/lib/schemas/billing';
import * as market from '@/lib/schemas/market';
import * as portfolio from '@/lib/schemas/portfolio';
import * as signals from '@/lib/schemas/signals';
import * as user from '@/lib/schemas/user';

const modules = { article, billing, market, portfolio, signals, user };
const TODAY = '2026-06-30';

type Def = { type: string; checks?: { _zod: { def: { check: string } } }[] } & Record<string, unknown>;
const isSchema = (v: unknown): v is z.ZodType => v instanceof z.ZodType;

/** Every string schema inside `schema`, with where it is. */
function stringSchemas(
  schema: z.ZodType,
  at: string,
  out: { at: string; def: Def }[],
  seen = new Set<unknown>(),
) {
  if (seen.has(schema)) return;
  seen.add(schema);
  const def = schema._zod.def as unknown as Def;
  if (def.type === 'string') out.push({ at, def });
  const children: [string, unknown][] = [];
  // A pipe's output schema receives what its (already checked) string input let through.
  const pipedFromString = def.type === 'pipe' && isSchema(def.in) && def.in._zod.def.type === 'string';
  for (const key of [
    'in',
    ...(pipedFromString ? [] : ['out']),
    'innerType',
    'element',
    'keyType',
    'valueType',
    'left',
    'right',
    'schema',
  ]) {
    if (def[key]) children.push([key, def[key]]);
  }
  for (const [i, option] of ((def.options as unknown[]) ?? []).entries())
    children.push([`option ${i}`, option]);
  for (const [i, item] of ((def.items as unknown[]) ?? []).entries()) children.push([`item ${i}`, item]);
  const shape = def.shape as Record<string, unknown> | undefined;
  if (shape) for (const [key, value] of Object.entries(shape)) children.push([key, value]);
  for (const [key, child] of children) if (isSchema(child)) stringSchemas(child, `${at}.${key}`, out, seen);
}

function exportedSchemas(): { name: string; schema: z.ZodType }[] {
  const found: { name: string; schema: z.ZodType }[] = [];
  for (const [moduleName, mod] of Object.entries(modules)) {
    for (const [name, value] of Object.entries(mod)) {
      if (isSchema(value)) found.push({ name: `${moduleName}.${name}`, schema: value });
      else if (typeof value === 'function' && /Schema$|Param$/.test(name)) {
        // Schema factories take today's date (or a parameter name).
        const made: unknown = (value as (arg: string) => unknown)(name.endsWith('Param') ? 'x' : TODAY);
        if (isSchema(made)) found.push({ name: `${moduleName}.${name}()`, schema: made });
      }
    }
  }
  return found;
}

describe('every string in lib/schemas is length-capped before anything else runs', () => {
  const schemas = exportedSchemas();

  it('finds the schemas (the scan itself works)', () => {
    // Counted by hand from the modules: at least the request schemas of every route family.
    const names = schemas.map((s) => s.name);
    for (const expected of [
      'user.createUserSchema',
      'portfolio.createTransactionSchema()',
      'portfolio.createPortfolioSchema',
      'article.articleWriteSchema',
      'billing.demoSessionSchema',
      'signals.unsubscribeSchema',
      'market.homeDashboardQuerySchema',
    ]) {
      expect(names).toContain(expected);
    }
  });

  it.each(exportedSchemas().map((s) => [s.name, s.schema] as const))('%s', (_name, schema) => {
    const strings: { at: string; def: Def }[] = [];
    stringSchemas(schema, '', strings);
    const uncapped = strings
      .filter(({ def }) => {
        // The cap must come first and abort: zod runs a string's later checks even after one failed.
        const first = def.checks?.[0]?._zod.def as { check: string; abort?: boolean } | undefined;
        return first?.check !== 'max_length' || first.abort !== true;
      })
      .map(({ at, def }) => `${at || '(root)'}: first check ${def.checks?.[0]?._zod.def.check ?? 'none'}`);
    expect(uncapped).toEqual([]);
  });

  it('a string schema without a cap is caught by the scan (the check can fail)', () => {
    const strings: { at: string; def: Def }[] = [];
    stringSchemas(z.object({ a: z.string().trim().max(5) }), '', strings);
    expect(strings[0].def.checks?.[0]?._zod.def.check).toBe('overwrite');
  });
});

/** Regular-expression literals in a TypeScript source (good enough for this code base's style). */
function regexLiterals(source: string): string[] {
  const found: string[] = [];
  const re = /(?<=[=(,:?|&!\s]|return\s)\/((?:\\.|\[(?:\\.|[^\]\\])*\]|[^/\\\n[])+)\/[dgimsuy]*/g;
  for (const line of source.split('\n')) {
    if (/^\s*(\/\/|\*|\/\*)/.test(line)) continue;
    for (const m of line.matchAll(re)) found.push(m[1]);
  }
  return found;
}

interface Atom {
  chars: string; // a rough character set: 'd' digits, 's' space, 'w' word, '.' any, or the literal
  quantifier: '' | 'bounded' | 'unbounded';
  group?: Atom[][];
}

/** Split a pattern into atoms with their quantifiers (groups recursively, alternatives listed). */
function parse(pattern: string, start = 0): { alternatives: Atom[][]; end: number } {
  const alternatives: Atom[][] = [[]];
  let i = start;
  while (i < pattern.length) {
    const c = pattern[i];
    let atom: Atom | undefined;
    if (c === ')') break;
    if (c === '|') {
      alternatives.push([]);
      i += 1;
      continue;
    }
    if (c === '(') {
      let j = i + 1;
      if (pattern[j] === '?') j += pattern[j + 1] === '<' && /[=!]/.test(pattern[j + 2]) ? 3 : 2;
      if (pattern[j - 1] === '<' || pattern[j - 1] === 'P') while (pattern[j] !== '>') j += 1;
      const inner = parse(pattern, j);
      atom = { chars: 'group', quantifier: '', group: inner.alternatives };
      i = inner.end + 1;
    } else if (c === '[') {
      let j = i + 1;
      while (pattern[j] !== ']') j += pattern[j] === '\\' ? 2 : 1;
      const body = pattern.slice(i + 1, j);
      atom = { chars: body.startsWith('^') ? '.' : body, quantifier: '' };
      i = j + 1;
    } else if (c === '\\') {
      const e = pattern[i + 1];
      atom = {
        chars: /[dDsSwW]/.test(e) ? e.toLowerCase() : e === 'p' || e === 'u' ? 'w' : e,
        quantifier: '',
      };
      i += e === 'p' ? pattern.indexOf('}', i) - i + 1 : e === 'u' ? 6 : 2;
    } else if (c === '^' || c === '$') {
      atom = { chars: c, quantifier: '' };
      i += 1;
    } else {
      atom = { chars: c === '.' ? '.' : c, quantifier: '' };
      i += 1;
    }
    const q = /^(?:[*+]|\{\d+,\}|\?|\{\d+(?:,\d+)?\})\??/.exec(pattern.slice(i));
    if (q) {
      atom.quantifier = /^[*+]|,\}/.test(q[0]) ? 'unbounded' : 'bounded';
      i += q[0].length;
    }
    alternatives[alternatives.length - 1].push(atom);
  }
  return { alternatives, end: i };
}

const hasQuantifier = (alts: Atom[][]): boolean =>
  alts.some((seq) =>
    seq.some((a) => a.quantifier !== '' || (a.group !== undefined && hasQuantifier(a.group))),
  );

/** Could two rough character sets share a character? (Unknown combinations count as overlapping.) */
function overlap(a: string, b: string): boolean {
  if (a === '^' || a === '$' || b === '^' || b === '$' || a === 'group' || b === 'group') return false;
  const sample = (set: string): string[] => {
    if (set === 'd') return ['0', '5'];
    if (set === 's') return [' '];
    if (set === 'w') return ['a', '0', '_'];
    if (set === '.') return ['a', '0', ' ', '.', '-'];
    return [];
  };
  const test = (set: string, ch: string) =>
    set === '.' ||
    (set.length === 1 && !/[dsw]/.test(set)
      ? set === ch
      : new RegExp(`[${set === 'd' ? '\\d' : set === 's' ? '\\s' : set === 'w' ? '\\w' : set}]`, 'u').test(
          ch,
        ));
  return (
    [...sample(a), ...sample(b), ...(a.length === 1 ? [a] : []), ...(b.length === 1 ? [b] : [])].some(
      (ch) => test(a, ch) && test(b, ch),
    ) ||
    (a.length > 1 && b.length > 1 && a === b)
  );
}

function problems(pattern: string): string[] {
  const found: string[] = [];
  const walk = (alts: Atom[][]) => {
    for (const seq of alts) {
      for (let k = 0; k < seq.length; k += 1) {
        const a = seq[k];
        if (a.group && a.quantifier === 'unbounded' && hasQuantifier(a.group))
          found.push('nested quantifier');
        if (a.group) walk(a.group);
        const next = seq[k + 1];
        if (
          next &&
          a.quantifier === 'unbounded' &&
          next.quantifier === 'unbounded' &&
          overlap(a.chars, next.chars)
        ) {
          found.push(`overlapping quantifiers ${a.chars} ${next.chars}`);
        }
      }
    }
  };
  const { alternatives } = parse(pattern);
  walk(alternatives);
  const anchored = alternatives.every((seq) => seq[0]?.chars === '^');
  if (!anchored && hasQuantifier(alternatives.map((seq) => seq.filter((a) => a.quantifier === 'unbounded'))))
    found.push('unbounded quantifier in a pattern not anchored at the start');
  return found;
}

describe('no super-linear regular expression in lib/schemas', () => {
  const dir = path.join(process.cwd(), 'lib', 'schemas');
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.ts'));

  it('the checker catches the known bad shapes', () => {
    expect(problems('0+$')).toContain('unbounded quantifier in a pattern not anchored at the start');
    expect(problems('^(a+)+$')).toContain('nested quantifier');
    expect(problems('^\\d+\\d*$')).toEqual(['overlapping quantifiers d d']);
    expect(problems('^\\s*\\d{1,12}\\s*$')).toEqual([]);
    expect(regexLiterals("const x = /^a+$/u;\nfoo.replace(/0+$/, '')")).toEqual(['^a+$', '0+$']);
  });

  it.each(files)('%s', (file) => {
    const source = fs.readFileSync(path.join(dir, file), 'utf8');
    const bad = regexLiterals(source)
      .map((pattern) => ({ pattern, problems: problems(pattern) }))
      .filter((r) => r.problems.length > 0);
    expect(bad).toEqual([]);
  });
});

describe('the 40 000 zeros of the issue', () => {
  it('a quantity of "0." + 40 000 zeros + "1" is refused by the schema', () => {
    const schema = portfolio.createTransactionSchema(TODAY);
    const result = schema.safeParse({
      portfolio_id: 1,
      date: '2026-01-02',
      event_id: 1,
      ticker_id: 1,
      quantity: `0.${'0'.repeat(40_000)}1`,
      price: '10',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['quantity']);
  });

  it('toDecimalString strips trailing zeros of a long run (linear helper), same result as by hand', () => {
    // "1." + 40 000 zeros is exactly 1.
    expect(portfolio.toDecimalString(`1.${'0'.repeat(40_000)}`)).toBe('1');
    expect(portfolio.toDecimalString('12.3400')).toBe('12.34');
  });
});
