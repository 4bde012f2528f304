/** @jest-environment node */
// Issue 40 item 1: no upload can exhaust the server's memory. Before: the byte cap was 8 MB and the
// reader collected every record before the 10,000-row cap was counted (an 8 MB file of
// one-character lines: 4 million records, 2.2 GB RSS, 192 s of CPU), and any number of a user's
// imports could run at once.
import http from 'node:http';
import { eq } from 'drizzle-orm';
import { IMPORT_MAX_BYTES } from '@/lib/schemas/portfolio';
import { users } from '@/server/db/schema';
import { testDbKinds } from '../../../helpers/db';
import type { TestAccount } from '../../../helpers/emulator';
import { call, createPortfolio, errorOf, setUp, tearDown, type Ctx } from './helpers';

const MB = 1024 * 1024;
/** A file of `bytes` bytes: "a\n" repeated (half as many one-character lines). */
const shortLines = (bytes: number) => Buffer.alloc(bytes, 'a\n');

describe.each(testDbKinds())('bounded imports (%s)', (kind) => {
  let ctx: Ctx;
  const portfolioOf = new Map<string, number>();
  const upload = (account: TestAccount, raw: Buffer, query = 'format=nordnet&dryRun=true') =>
    call(ctx, account, 'POST', `/api/v1/portfolio-import/${portfolioOf.get(account.uid)}?${query}`, {
      raw,
      headers: { 'Content-Type': 'text/csv' },
    });

  beforeAll(async () => {
    // The hourly import limit (20) is another guard; this file sends more uploads than that.
    process.env.RATE_LIMIT_IMPORT = 'off';
    ctx = await setUp(kind);
    // The newcomer subscribes too: three users importing at once.
    await ctx.db.db
      .update(users)
      .set({ subscriptionStatus: 'active' })
      .where(eq(users.uid, ctx.newcomer.uid));
    for (const account of [ctx.alice, ctx.bob, ctx.newcomer])
      portfolioOf.set(account.uid, await createPortfolio(ctx, account, 'Grenser'));
  }, 120_000);
  afterAll(async () => {
    delete process.env.RATE_LIMIT_IMPORT;
    await tearDown(ctx);
  });

  it('caps an upload at 2 MB by default: the 8 MB file of one-character lines is 413 without being read', async () => {
    expect(IMPORT_MAX_BYTES).toBe(2 * MB);
    const res = await upload(ctx.alice, shortLines(8 * MB));
    expect(res.status).toBe(413);
    expect(errorOf(res.body).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('holds the text to 2 MB whatever its encoding: 3 MB of UTF-8 is 413, a UTF-16 file may take twice the bytes', async () => {
    // 3 MB without a byte-order mark: read whole (the route reads up to 4 MB for UTF-16), then refused.
    const res = await upload(ctx.alice, shortLines(3 * MB));
    expect(res.status).toBe(413);
    expect(errorOf(res.body)).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      details: { bytes: 3 * MB, max: 2 * MB },
    });
    // 3 MB of UTF-16 (BOM FF FE, then "a\n" as two-byte characters: 786,431 lines) passes the byte
    // check and is refused by its line count instead.
    const utf16 = Buffer.alloc(3 * MB);
    utf16[0] = 0xff;
    utf16[1] = 0xfe;
    for (let i = 2; i + 3 < utf16.length; i += 4) {
      utf16[i] = 0x61; // 'a'
      utf16[i + 2] = 0x0a; // '\n'
    }
    const wide = await upload(ctx.alice, utf16);
    expect(wide.status).toBe(413);
    expect(errorOf(wide.body).code).toBe('IMPORT_TOO_MANY_ROWS');
  });

  it('refuses a 2 MB file of one-character lines by its line count, before parsing, for the Nordnet and the mapped format', async () => {
    // 2 MB = 2,097,152 bytes of "a\n": 1,048,576 lines, a header and 1,048,575 data rows.
    const file = shortLines(2 * MB);
    for (const query of ['format=nordnet&dryRun=true', 'format=mapped&broker=Any&dryRun=true']) {
      const res = await upload(ctx.alice, file, query);
      expect(res.status).toBe(413);
      expect(errorOf(res.body)).toMatchObject({
        code: 'IMPORT_TOO_MANY_ROWS',
        details: { rows: 1_048_575, max: 10_000 },
      });
    }
  });

  it('three such uploads at once (three users) raise the RSS by less than 100 MB', async () => {
    const file = shortLines(2 * MB);
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 2);
    try {
      const answers = await Promise.all([ctx.alice, ctx.bob, ctx.newcomer].map((a) => upload(a, file)));
      expect(answers.map((r) => r.status)).toEqual([413, 413, 413]);
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    // Three 2 MB bodies, their copies and the answers: a few tens of MB at most. Before the fix,
    // each file's million records alone took several hundred MB.
    expect((peak - before) / MB).toBeLessThan(100);
  });

  it("answers a user's second import while the first is in flight 429 with Retry-After, and frees the slot after", async () => {
    const url = new URL(ctx.server.url);
    const id = portfolioOf.get(ctx.bob.uid)!;
    const body = Buffer.from('Id\tBokføringsdag\n');
    /** An upload whose body is held back after 4 bytes, so it stays in flight until finished. */
    const held = () => {
      const req = http.request({
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: `/api/v1/portfolio-import/${id}?format=nordnet&dryRun=true`,
        headers: {
          Authorization: `Bearer ${ctx.bob.idToken}`,
          'X-Requested-With': 'trendvakt',
          'Content-Type': 'text/csv',
          'Content-Length': String(body.length),
        },
      });
      const answer = new Promise<{ status: number; retryAfter: unknown; text: string }>((resolve, reject) => {
        req.on('response', (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], text }),
          );
        });
        req.on('error', reject);
      });
      req.write(body.subarray(0, 4));
      return { answer, finish: () => req.end(body.subarray(4)) };
    };
    // Two imports of bob at once: whichever takes the slot first waits for its body; the other is
    // refused at once.
    const uploads = [held(), held()];
    const refused = await Promise.race(uploads.map((u, index) => u.answer.then((a) => ({ ...a, index }))));
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.text).error.code).toBe('IMPORT_IN_FLIGHT');
    expect(refused.retryAfter).toBe('5');
    // Another user is not held up by bob's import.
    expect((await upload(ctx.alice, Buffer.from('x'))).status).toBe(200);
    const running = uploads[1 - refused.index];
    running.finish();
    uploads[refused.index].finish();
    expect((await running.answer).status).toBe(200);
    // The slot is free again.
    expect((await upload(ctx.bob, Buffer.from('x'))).status).toBe(200);
  });
});
