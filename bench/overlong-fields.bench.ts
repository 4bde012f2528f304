/**
 * Over-long input benchmark (issue 23 item 2): prints figures, asserts nothing. Run with
 * `npx tsx bench/overlong-fields.bench.ts`. For every exported request schema in lib/schemas and
 * each of its top-level fields, the time to refuse that field set to an over-long string (60 000
 * characters, and the "0." + 40 000 zeros + "1"). Target: every answer well under a
 * millisecond-scale budget; the old quadratic check took over a second on the zeros.
 */
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import * as article from '@/lib/schemas/article';
import * as billing from '@/lib/schemas/billing';
import * as market from '@/lib/schemas/market';
import * as portfolio from '@/lib/schemas/portfolio';
import * as signals from '@/lib/schemas/signals';
import * as user from '@/lib/schemas/user';

const OVERLONG = { 'x × 60 000': 'x'.repeat(60_000), '0.0…01 (40 000 zeros)': `0.${'0'.repeat(40_000)}1` };
const TODAY = '2026-06-30';

function shapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  if (def.type === 'object') return def.shape as Record<string, z.ZodType>;
  for (const key of ['in', 'innerType', 'schema']) {
    const inner = def[key];
    if (inner instanceof z.ZodType) {
      const shape = shapeOf(inner);
      if (Object.keys(shape).length) return shape;
    }
  }
  return {};
}

let worst = { ms: 0, what: '' };
let count = 0;
for (const [moduleName, mod] of Object.entries({ article, billing, market, portfolio, signals, user })) {
  for (const [name, value] of Object.entries(mod)) {
    let schema: unknown = value;
    if (typeof value === 'function' && /Schema$/.test(name))
      schema = (value as (t: string) => unknown)(TODAY);
    if (!(schema instanceof z.ZodType)) continue;
    for (const field of Object.keys(shapeOf(schema))) {
      for (const [label, long] of Object.entries(OVERLONG)) {
        const start = performance.now();
        for (let i = 0; i < 10; i++) schema.safeParse({ [field]: long });
        const ms = (performance.now() - start) / 10;
        count += 1;
        if (ms > worst.ms) worst = { ms, what: `${moduleName}.${name}.${field} = ${label}` };
      }
    }
  }
}
console.log(`over-long fields: ${count} schema fields × values parsed`);
console.log(`slowest refusal: ${worst.ms.toFixed(3)} ms (${worst.what})`);
