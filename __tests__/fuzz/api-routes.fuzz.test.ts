/** @jest-environment node */
// Fuzzing every API route (routeTable.ts) with fast-check input derived from the route's zod
// schemas: for each field a value of the right kind or a wrong one (other types, huge, negative and
// fractional numbers, unicode, long strings, arrays for scalars, objects, null), fields left out,
// extra fields, bodies that are not objects or not JSON, odd path parameters and tokens. Over
// 10,000 requests in all, on one PGlite database with real Auth emulator tokens. Asserts that no
// request gets a 5xx and that no 4xx changes the database (a digest of every table but the rate
// limit counters, which count refused requests on purpose).
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { ZodType } from 'zod';
import { setDbHandle, type DbHandle } from '@/server/db';
import { RATE_LIMIT_DEFAULTS } from '@/server/http/rateLimit';
import { portfolios, portfolioTransactions, users, watchlistItems } from '@/server/db/schema';
import { clearPortfolioCaches } from '@/server/services/portfolio/portfolioCache';
import { startApiServer, type TestServer } from '../helpers/apiServer';
import { openTestDatabase } from '../helpers/db';
import { createTestAccount, type TestAccount } from '../helpers/emulator';
import { insertMarketFixture, T } from '../pages/api/portfolio/helpers';
import { FUZZ_ROUTES, type FuzzRoute } from './routeTable';

jest.setTimeout(600_000);

const TOTAL_REQUESTS = 10_000;
const RATE_LIMIT_BUCKETS = Object.keys(RATE_LIMIT_DEFAULTS).map((bucket) => bucket.toUpperCase());

// ---------------------------------------------------------------------------------------------
// Field kinds from zod 4 schemas

type Kind =
  | { type: 'number' }
  | { type: 'string' }
  | { type: 'boolean' }
  | { type: 'choice'; values: unknown[] }
  | { type: 'unknown' };

interface ZodDefLike {
  type?: string;
  in?: ZodType;
  out?: ZodType;
  innerType?: ZodType;
  options?: ZodType[];
  entries?: Record<string, unknown>;
  values?: unknown[];
  shape?: Record<string, ZodType>;
}

const defOf = (schema: ZodType): ZodDefLike => (schema as unknown as { def: ZodDefLike }).def ?? {};

/** The object shape a schema parses (through pipes, transforms, defaults, refinements). */
export function shapeOf(schema: ZodType | undefined): Record<string, ZodType> {
  if (!schema) return {};
  const def = defOf(schema);
  if (def.type === 'object') return (schema as unknown as { shape: Record<string, ZodType> }).shape;
  // A union of objects (e.g. `{ ids }` or `{ all: true }`): the fields of every option.
  if (def.type === 'union') return Object.assign({}, ...(def.options ?? []).map((o) => shapeOf(o)));
  for (const inner of [def.in, def.innerType, def.out]) {
    const shape = inner ? shapeOf(inner) : {};
    if (Object.keys(shape).length > 0) return shape;
  }
  return {};
}

function kindOf(schema: ZodType, depth = 0): Kind {
  const def = defOf(schema);
  if (depth > 10) return { type: 'unknown' };
  switch (def.type) {
    case 'number':
    case 'int':
    case 'bigint':
      return { type: 'number' };
    case 'string':
      return { type: 'string' };
    case 'boolean':
      return { type: 'boolean' };
    case 'enum':
      return { type: 'choice', values: Object.values(def.entries ?? {}) };
    case 'literal':
      return { type: 'choice', values: def.values ?? [] };
    case 'union': {
      const kinds = (def.options ?? []).map((o) => kindOf(o, depth + 1));
      const values = kinds.flatMap((k) => (k.type === 'choice' ? k.values : []));
      return values.length === kinds.length && values.length > 0 ? { type: 'choice', values } : kinds[0];
    }
    case 'pipe': {
      // A preprocess or transform: what finally validates is the output side.
      const out = def.out ? kindOf(def.out, depth + 1) : { type: 'unknown' as const };
      return out.type !== 'unknown' ? out : def.in ? kindOf(def.in, depth + 1) : out;
    }
    default:
      return def.innerType ? kindOf(def.innerType, depth + 1) : { type: 'unknown' };
  }
}

// ---------------------------------------------------------------------------------------------
// Arbitraries

interface Known {
  ids: number[];
  uids: string[];
}

const NASTY_STRINGS = [
  '',
  ' ',
  '0',
  '-1',
  '1e308',
  '-1e308',
  'NaN',
  'Infinity',
  '-0',
  '9007199254740993',
  '1.5',
  '0x10',
  '1,5',
  '__proto__',
  'constructor',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '\uFEFF',
  '\u202e',
  '💥🚀',
  'Lerøy Seafood',
  'true',
  'null',
  'undefined',
  '2026-02-30',
  '2026-11-24',
  '1900-01-01',
  '9999-12-31',
  '-000001-01-01',
  'nordnet',
];

const nastyNumber = fc.oneof(
  fc.integer(),
  fc.integer({ min: -3, max: 300 }),
  fc.double({ noNaN: false }),
  fc.constantFrom(
    0,
    -1,
    1,
    2,
    3,
    4,
    160,
    226,
    2 ** 31,
    2 ** 53,
    -(2 ** 53),
    1e308,
    -1e308,
    0.1,
    1e-10,
    123456789.123456789,
  ),
);

const nastyString = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 4 },
  { arbitrary: fc.string({ maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 200, maxLength: 3000 }), weight: 1 },
  { arbitrary: fc.integer({ min: 90_000, max: 130_000 }).map((n) => 'å'.repeat(n)), weight: 1 },
);

const nastyScalar = fc.oneof(nastyNumber, nastyString, fc.boolean(), fc.constant(null));
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: nastyScalar, weight: 6 },
  { arbitrary: fc.array(nastyScalar, { maxLength: 4 }), weight: 2 },
  { arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), nastyScalar, { maxKeys: 3 }), weight: 1 },
  { arbitrary: fc.constant({ __proto__: { admin: true } }), weight: 1 },
);

/** A plausible value for a field of this kind: known ids, real dates, enum members. */
function plausible(name: string, kind: Kind, known: Known): fc.Arbitrary<unknown> {
  if (/date|^from$|^to$/i.test(name))
    return fc.oneof(
      fc
        .date({ min: new Date('1990-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
      fc.constantFrom('2026-11-20', '2025-06-30'),
    );
  switch (kind.type) {
    case 'number':
      return fc.oneof(
        fc.constantFrom(...known.ids),
        fc.integer({ min: 1, max: 10 }),
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        fc.constantFrom(160, 226, 2026),
      );
    case 'boolean':
      return fc.boolean();
    case 'choice':
      return fc.constantFrom(...kind.values);
    case 'string':
      return fc.oneof(
        fc.string({ maxLength: 30 }),
        fc.constantFrom('eq', 'Equinor', 'NOK', 'technical_score'),
      );
    default:
      return nastyScalar;
  }
}

function fieldValue(name: string, schema: ZodType, known: Known): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: plausible(name, kindOf(schema), known), weight: 3 },
    { arbitrary: nastyValue, weight: 2 },
  );
}

/** A JSON body: the schema's fields (each may be missing) plus extra ones, or no object at all. */
function bodyArbitrary(
  schema: ZodType | undefined,
  known: Known,
): fc.Arbitrary<{ json?: unknown; raw?: string }> {
  const shape = shapeOf(schema);
  const fields = Object.fromEntries(
    Object.entries(shape).map(([name, s]) => [name, fieldValue(name, s, known)]),
  );
  const object = fc
    .tuple(
      fc.record(fields, { requiredKeys: [] }),
      fc.dictionary(
        fc.constantFrom('extra', 'uid', 'group_id', 'subscription_status', 'email', 'user_uid', 'id'),
        nastyValue,
        {
          maxKeys: 2,
        },
      ),
    )
    .map(([known, extra]) => ({ json: { ...extra, ...known } as unknown }));
  // Every field present (mostly plausible values: reaches the service) or any of them left out.
  const complete = fc.record(fields).map((values) => ({ json: values as unknown }));
  return fc.oneof(
    { arbitrary: complete, weight: 4 },
    { arbitrary: object, weight: 5 },
    { arbitrary: nastyValue.map((json) => ({ json })), weight: 1 },
    {
      arbitrary: fc
        .constantFrom('{', '{"a":', 'null', '[]', '"x"', '{"portfolio_name":"\\ud800"}', '\u0000')
        .map((raw) => ({ raw })),
      weight: 1,
    },
  );
}

const asQueryValues = (value: unknown): string[] => {
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? '')));
  if (typeof value === 'string') return [value];
  return [JSON.stringify(value) ?? ''];
};

function queryArbitrary(route: FuzzRoute, known: Known): fc.Arbitrary<[string, string][]> {
  const params = new Set([...route.path.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]));
  const shape = Object.entries(shapeOf(route.query)).filter(([name]) => !params.has(name));
  const fields = Object.fromEntries(shape.map(([name, s]) => [name, fieldValue(name, s, known)]));
  return fc
    .tuple(
      fc.record(fields, { requiredKeys: [] }),
      fc.dictionary(fc.string({ maxLength: 6 }), nastyString, { maxKeys: 2 }),
    )
    .map(([values, extra]) => {
      const out: [string, string][] = [];
      for (const [key, value] of Object.entries({ ...extra, ...values }))
        for (const v of asQueryValues(value)) out.push([key, v]);
      return out;
    });
}

function pathParam(known: Known): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...known.ids.map(String), ...known.uids), weight: 4 },
    { arbitrary: fc.integer({ min: -5, max: 2 ** 40 }).map(String), weight: 2 },
    {
      arbitrary: fc.oneof(
        fc.constantFrom(...NASTY_STRINGS.filter((s) => s !== '')),
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
      ),
      weight: 2,
    },
  );
}

const rawBodyArbitrary = fc.oneof(
  fc.constantFrom(
    '',
    'Id\tBokføringsdag\tHandelsdag\tOppgjørsdag\tPortefølje\tTransaksjonstype\tVerdipapir\tISIN\tAntall\tKurs\tBeløp\tValuta\n',
    'Id;Handelsdag;Transaksjonstype;Verdipapir;ISIN;Antall;Kurs\n1;2026-01-02;KJØPT;Equinor;NO0010096985;10;300\n',
  ),
  fc.string({ maxLength: 500 }),
  fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
);

// ---------------------------------------------------------------------------------------------

function routeFiles(dir: string, prefix = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return routeFiles(path.join(dir, entry.name), rel);
    return /\.(ts|tsx|js)$/.test(entry.name) ? [rel] : [];
  });
}

describe('API fuzzing', () => {
  it('the route table covers every route file under pages/api, each with its methods', () => {
    const files = routeFiles(path.join(process.cwd(), 'pages', 'api'))
      .map((f) => `api/${f}`)
      .sort();
    expect(FUZZ_ROUTES.map((r) => r.file).sort()).toEqual(files);
    for (const route of FUZZ_ROUTES) expect(route.methods.length).toBeGreaterThan(0);
  });

  it('the schema walker finds the fields of every schema in the table', () => {
    for (const route of FUZZ_ROUTES) {
      for (const schema of [route.query, ...Object.values(route.body ?? {})]) {
        if (schema) expect([route.file, Object.keys(shapeOf(schema)).length > 0]).toEqual([route.file, true]);
      }
    }
    // Spot checks worked out from lib/schemas.
    const tx = FUZZ_ROUTES.find((r) => r.path === '/api/v1/portfolioTransaction')!.body!.POST!;
    expect(Object.keys(shapeOf(tx)).sort()).toEqual(
      [
        'comment',
        'date',
        'event_id',
        'fee',
        'fx_rate',
        'portfolio_id',
        'price',
        'quantity',
        'split_from',
        'split_to',
        'ticker_id',
        'withholding_tax',
      ].sort(),
    );
    expect(kindOf(shapeOf(tx).ticker_id).type).toBe('number');
    expect(
      kindOf(shapeOf(FUZZ_ROUTES.find((r) => r.path === '/api/v1/portfolios')!.body!.POST!).subscription)
        .type,
    ).toBe('boolean');
  });

  describe('on PGlite with emulator tokens', () => {
    let db: DbHandle;
    let server: TestServer;
    let alice: TestAccount;
    let newcomer: TestAccount;
    let known: Known;
    let digest: () => Promise<string>;
    const saved: Record<string, string | undefined> = {};
    const statuses = new Map<number, number>();
    let requests = 0;

    beforeAll(async () => {
      // The fuzzer is one caller sending thousands of requests: limits would only answer 429.
      for (const bucket of RATE_LIMIT_BUCKETS) {
        saved[bucket] = process.env[`RATE_LIMIT_${bucket}`];
        process.env[`RATE_LIMIT_${bucket}`] = 'off';
      }
      db = await openTestDatabase('pglite');
      setDbHandle(db);
      clearPortfolioCaches();
      await insertMarketFixture(db);
      [alice, newcomer] = await Promise.all([createTestAccount('alice'), createTestAccount('newcomer')]);
      await db.db.insert(users).values([
        { uid: alice.uid, email: alice.email, acceptTerms: true, subscriptionStatus: 'active' },
        { uid: newcomer.uid, email: newcomer.email, acceptTerms: true, subscriptionStatus: 'inactive' },
      ]);
      const [p] = await db.db.insert(portfolios).values({ userUid: alice.uid, name: 'Fuzz' }).returning();
      const [tx] = await db.db
        .insert(portfolioTransactions)
        .values({
          portfolioId: p.id,
          date: '2026-01-05',
          eventId: 1,
          tickerId: T.EQNR,
          quantity: '10',
          price: '300',
          fee: '0',
          comment: '',
        })
        .returning();
      await db.db.insert(watchlistItems).values({ userUid: alice.uid, tickerId: T.DNB });
      known = { ids: [p.id, tx.id, ...Object.values(T)], uids: [alice.uid, newcomer.uid] };

      const tables = (
        (await db.db.execute(
          sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'rate_limits' order by table_name`,
        )) as unknown as { rows: { table_name: string }[] }
      ).rows.map((r) => r.table_name);
      expect(tables).toEqual(
        expect.arrayContaining(['users', 'portfolios', 'portfolio_transactions', 'watchlist_items']),
      );
      const union = tables.map((t) => `select '${t}:' || x::text as r from "${t}" x`).join(' union all ');
      digest = async () => {
        const res = (await db.db.execute(
          sql.raw(`select md5(coalesce(string_agg(r, '|' order by r), '')) as d from (${union}) s`),
        )) as unknown as { rows: { d: string }[] };
        return res.rows[0].d;
      };
      // Static paths before dynamic ones, as Next matches them (/portfolio/metadata before /portfolio/[id]).
      const byStaticFirst = [...FUZZ_ROUTES].sort(
        (a, b) => a.path.split('[').length - b.path.split('[').length,
      );
      server = await startApiServer(Object.fromEntries(byStaticFirst.map((r) => [r.path, r.module])));
    });

    afterAll(async () => {
      for (const bucket of RATE_LIMIT_BUCKETS) {
        if (saved[bucket] === undefined) delete process.env[`RATE_LIMIT_${bucket}`];
        else process.env[`RATE_LIMIT_${bucket}`] = saved[bucket];
      }
      await server?.close();
      setDbHandle(undefined);
      clearPortfolioCaches();
      await db?.close();
      const histogram = [...statuses.entries()].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}: ${n}`);
      console.log(`[fuzz] ${requests} requests; statuses ${histogram.join(', ')}`);
    });

    const pairs = FUZZ_ROUTES.flatMap((route) => route.methods.map((method) => [route, method] as const));
    const runsEach = Math.ceil(TOTAL_REQUESTS / pairs.length);

    it.each(pairs.map(([route, method]) => [`${method} ${route.path}`, route, method] as const))(
      '%s: no 5xx, and no 4xx changes the database',
      async (_name, route, method) => {
        const params = [...route.path.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]);
        const request = fc.record({
          params: fc.tuple(...params.map(() => pathParam(known))),
          query: route.query ? queryArbitrary(route, known) : fc.constant([] as [string, string][]),
          body: route.rawBody
            ? rawBodyArbitrary.map((raw) => ({ raw }) as { json?: unknown; raw?: string })
            : bodyArbitrary(route.body?.[method], known),
          token: fc.oneof(
            { arbitrary: fc.constant('alice'), weight: 14 },
            { arbitrary: fc.constant('newcomer'), weight: 2 },
            { arbitrary: fc.constant('none'), weight: 2 },
            { arbitrary: fc.constant('garbage'), weight: 2 },
          ),
          portfolioHeader: fc.oneof(
            { arbitrary: fc.constant(true), weight: 9 },
            { arbitrary: fc.constant(false), weight: 1 },
          ),
        });
        let before = await digest();
        await fc.assert(
          fc.asyncProperty(request, async (r) => {
            let url = route.path;
            params.forEach((name, i) => {
              url = url.replace(`[${name}]`, encodeURIComponent(r.params[i]));
            });
            const search = new URLSearchParams(r.query).toString();
            if (search) url += `?${search}`;
            const headers: Record<string, string> = {};
            if (route.portfolioHeader && r.portfolioHeader) headers['X-Requested-With'] = 'trendvakt';
            const token =
              r.token === 'alice'
                ? alice.idToken
                : r.token === 'newcomer'
                  ? newcomer.idToken
                  : r.token === 'garbage'
                    ? 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.'
                    : undefined;
            const raw = r.body.raw ?? (r.body.json === undefined ? undefined : JSON.stringify(r.body.json));
            if (raw !== undefined && !route.rawBody) headers['Content-Type'] = 'application/json';
            const sendsBody = method !== 'GET' && method !== 'DELETE';
            const res = await server.request(method, url, {
              token,
              headers,
              raw: sendsBody ? raw : undefined,
            });
            requests += 1;
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            const after = await digest();
            if (res.status >= 500)
              throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(res.body)}`);
            if (res.status >= 400 && after !== before)
              throw new Error(`${method} ${url} answered ${res.status} but changed the database`);
            before = after;
          }),
          { numRuns: runsEach, endOnFailure: true },
        );
      },
    );

    // Issue 23 item 2: an over-long string in every field of every route (body, query and path),
    // the other fields plausible, answers 4xx, never 5xx, and changes nothing. Among them the
    // issue's quantity of "0." + 40 000 zeros + "1". How long each takes is measured by
    // bench/overlong-fields.bench.ts, not asserted here.
    const OVERLONG = ['x'.repeat(60_000), `0.${'0'.repeat(40_000)}1`, ` ${'9'.repeat(30_000)} `];

    it.each(pairs.map(([route, method]) => [`${method} ${route.path}`, route, method] as const))(
      'over-long strings in every field of %s: no 5xx',
      async (_name, route, method) => {
        const params = [...route.path.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]);
        const bodyShape = route.rawBody ? {} : shapeOf(route.body?.[method]);
        const queryShape = shapeOf(route.query);
        const base = Object.fromEntries(
          Object.entries(bodyShape).map(([name, schema]) => [
            name,
            fc.sample(plausible(name, kindOf(schema), known), { numRuns: 1, seed: 23 })[0],
          ]),
        );
        const fields: { where: 'body' | 'query' | 'path'; name: string }[] = [
          ...Object.keys(bodyShape).map((name) => ({ where: 'body' as const, name })),
          ...Object.keys(queryShape)
            .filter((name) => !params.includes(name))
            .map((name) => ({ where: 'query' as const, name })),
          ...params.map((name) => ({ where: 'path' as const, name })),
        ];
        if (route.rawBody) fields.push({ where: 'body', name: '(raw body)' });
        let before = await digest();
        for (const field of fields) {
          for (const long of OVERLONG) {
            let url = route.path;
            for (const name of params) {
              url = url.replace(
                `[${name}]`,
                encodeURIComponent(
                  field.where === 'path' && field.name === name ? long : String(known.ids[0]),
                ),
              );
            }
            if (field.where === 'query') url += `?${new URLSearchParams([[field.name, long]]).toString()}`;
            const sendsBody = method !== 'GET' && method !== 'DELETE';
            const raw = route.rawBody
              ? long
              : JSON.stringify(field.where === 'body' ? { ...base, [field.name]: long } : base);
            const headers: Record<string, string> = { 'X-Requested-With': 'trendvakt' };
            if (!route.rawBody) headers['Content-Type'] = 'application/json';
            const res = await server.request(method, url, {
              token: alice.idToken,
              headers,
              raw: sendsBody ? raw : undefined,
            });
            requests += 1;
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            const where = `${method} ${route.path} ${field.where} ${field.name} (${long.length} chars)`;
            if (res.status >= 500)
              throw new Error(`${where} answered ${res.status}: ${JSON.stringify(res.body)}`);
            const after = await digest();
            if (res.status >= 400 && after !== before)
              throw new Error(`${where} answered ${res.status} but changed the database`);
            before = after;
          }
        }
      },
    );

    it('sent at least 10,000 requests in all', () => {
      expect(requests).toBeGreaterThanOrEqual(TOTAL_REQUESTS);
    });
  });
});
