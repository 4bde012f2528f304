/** @jest-environment node */
// Your data is yours (issue 23 item 7): the export and delete round trip over real Auth emulator
// tokens. The export holds the caller's profile, portfolios with transactions and watchlist (and
// nothing of another user), also without a subscription; DELETE answers 204, after which the token
// is refused, no row of any table mentions the user, and the emulator account is gone.
import { sql } from 'drizzle-orm';
import * as exportRoute from '@/pages/api/v1/user/export';
import * as userRoute from '@/pages/api/v1/user/index';
import { adminAuth } from '@/server/auth/firebaseAdmin';
import { EXPORTED_TABLES, deleteOwnAccount } from '@/server/services/accounts/accountService';
import { notificationDigests, priceAlerts } from '@/server/db/schema';
import { DomainError } from '@/server/services/errors';
import { startApiServer, type TestServer } from '../../helpers/apiServer';
import { T, addOk, call, createPortfolio, setUp, tearDown, type Ctx } from './portfolio/helpers';

jest.setTimeout(120_000);

describe('GET /api/v1/user/export and DELETE /api/v1/user', () => {
  let ctx: Ctx;
  let server: TestServer;
  const saved = process.env.RATE_LIMIT_WRITE;

  beforeAll(async () => {
    process.env.RATE_LIMIT_WRITE = 'off';
    ctx = await setUp('pglite');
    server = await startApiServer({ '/api/v1/user/export': exportRoute, '/api/v1/user': userRoute });
  });
  afterAll(async () => {
    if (saved === undefined) delete process.env.RATE_LIMIT_WRITE;
    else process.env.RATE_LIMIT_WRITE = saved;
    await server?.close();
    await tearDown(ctx);
  });

  /** Every row of every table, as text, that mentions `uid`. */
  async function rowsMentioning(uid: string): Promise<string[]> {
    const tables = (
      (await ctx.db.db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      )) as unknown as { rows: { table_name: string }[] }
    ).rows.map((r) => r.table_name);
    const found: string[] = [];
    for (const table of tables) {
      const res = (await ctx.db.db.execute(
        sql.raw(`select x::text as r from "${table}" x where x::text like '%${uid}%'`),
      )) as unknown as { rows: { r: string }[] };
      found.push(...res.rows.map((r) => `${table}: ${r.r}`));
    }
    return found;
  }

  it('exports only the caller’s data, to any signed-in user', async () => {
    const mine = await createPortfolio(ctx, ctx.alice, 'Alices pensjon');
    await addOk(ctx, ctx.alice, {
      portfolio_id: mine,
      date: '2026-01-05',
      event_id: 1,
      ticker_id: T.EQNR,
      quantity: 10,
      price: 300,
    });
    await call(ctx, ctx.alice, 'POST', '/api/v1/watchlist', { body: { ticker_id: T.DNB } });
    await createPortfolio(ctx, ctx.bob, 'Bobs hemmelige');

    const res = await server.request('GET', '/api/v1/user/export', { token: ctx.alice.idToken });
    expect(res.status).toBe(200);
    const body = res.body as {
      profile: { uid: string; email: string };
      portfolios: { name: string; transactions: { quantity: string; price: string }[] }[];
      watchlist: { tickerId: number }[];
    };
    expect(body.profile).toMatchObject({ uid: ctx.alice.uid, email: ctx.alice.email });
    expect(body.portfolios.map((p) => p.name)).toEqual(['Alices pensjon']);
    expect(body.portfolios[0].transactions).toHaveLength(1);
    expect(Number(body.portfolios[0].transactions[0].quantity)).toBe(10);
    expect(body.watchlist.map((w) => w.tickerId)).toEqual([T.DNB]);
    expect(JSON.stringify(body)).not.toContain('Bobs hemmelige');
    expect(JSON.stringify(body)).not.toContain(ctx.bob.uid);

    // No subscription needed.
    expect((await server.request('GET', '/api/v1/user/export', { token: ctx.newcomer.idToken })).status).toBe(
      200,
    );
    expect((await server.request('GET', '/api/v1/user/export')).status).toBe(401);
  });

  it('exports every table with a user column (issue 40: price_alerts and notification_digests were missing)', async () => {
    // The schema's tables with a column that references users.uid, or is named uid / user_uid.
    const found = (
      (await ctx.db.db.execute(sql`
        select distinct kcu.table_name as t
          from information_schema.table_constraints tc
          join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name
          join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name
         where tc.constraint_type = 'FOREIGN KEY' and ccu.table_name = 'users' and ccu.column_name = 'uid'
        union
        select table_name from information_schema.columns
         where table_schema = 'public' and column_name in ('uid', 'user_uid')`)) as unknown as {
        rows: { t: string }[];
      }
    ).rows.map((r) => r.t);
    // deleted_accounts holds uids of accounts that no longer exist: never the caller's own data.
    const missing = found.filter((t) => t !== 'deleted_accounts' && !(t in EXPORTED_TABLES));
    expect(missing).toEqual([]);
    expect(found).toEqual(expect.arrayContaining(['price_alerts', 'notification_digests', 'images']));

    await ctx.db.db.insert(priceAlerts).values({
      userUid: ctx.alice.uid,
      tickerId: T.EQNR,
      direction: 'above',
      price: 400,
      note: 'selg halvparten',
    });
    await ctx.db.db
      .insert(notificationDigests)
      .values({ userUid: ctx.alice.uid, countryId: 160, session: '2026-01-05' });
    const res = await server.request('GET', '/api/v1/user/export', { token: ctx.alice.idToken });
    const body = res.body as Record<string, unknown>;
    for (const key of Object.values(EXPORTED_TABLES)) expect(body).toHaveProperty(key);
    expect(body.price_alerts).toEqual([expect.objectContaining({ note: 'selg halvparten', price: 400 })]);
    expect(body.notification_digests).toEqual([expect.objectContaining({ session: '2026-01-05' })]);
  });

  it('refuses a deletion without a recent sign-in', async () => {
    const stale = { uid: 'someone', auth_time: Math.floor(Date.now() / 1000) - 3600 };
    const deps = { deleteIdentity: jest.fn(), forget: jest.fn() };
    await expect(deleteOwnAccount(ctx.db.db, stale, deps)).rejects.toMatchObject({
      code: 'RECENT_SIGN_IN_REQUIRED',
    });
    await expect(deleteOwnAccount(ctx.db.db, stale, deps)).rejects.toBeInstanceOf(DomainError);
    expect(deps.deleteIdentity).not.toHaveBeenCalled();
  });

  it('deletes the account: 204, token refused, no row left, emulator account gone, others untouched', async () => {
    expect((await rowsMentioning(ctx.alice.uid)).length).toBeGreaterThan(0);
    const res = await server.request('DELETE', '/api/v1/user', {
      token: ctx.alice.idToken,
      headers: { 'X-Requested-With': 'trendvakt' },
    });
    expect(res.status).toBe(204);
    expect((await server.request('GET', '/api/v1/user/export', { token: ctx.alice.idToken })).status).toBe(
      401,
    );
    // Only the deleted-account list names her (so a restore deletes her again, issue 40).
    expect(await rowsMentioning(ctx.alice.uid)).toEqual([
      expect.stringMatching(new RegExp(`^deleted_accounts: \\(${ctx.alice.uid},`)),
    ]);
    await expect(adminAuth().getUser(ctx.alice.uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    // Bob keeps everything.
    expect((await rowsMentioning(ctx.bob.uid)).length).toBeGreaterThan(0);
    expect((await adminAuth().getUser(ctx.bob.uid)).uid).toBe(ctx.bob.uid);
  });
});
