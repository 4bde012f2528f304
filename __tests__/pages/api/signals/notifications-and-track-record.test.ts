/** @jest-environment node */
// The issue-17 routes with real emulator tokens: notifications (list, unread, read, another user's
// ids, settings, language, unsubscribe without sign-in), the watchlist alerts switch, and the
// track record of a ticker (forward returns equal close[t+22] / close[t] - 1 from its bars) and of
// a market, each behind the subscription like the other market routes.
import { and, eq } from 'drizzle-orm';
import * as notificationsIndex from '@/pages/api/v1/notifications/index';
import * as notificationsRead from '@/pages/api/v1/notifications/read';
import * as notificationsSettings from '@/pages/api/v1/notifications/settings';
import * as notificationsUnsubscribe from '@/pages/api/v1/notifications/unsubscribe';
import * as marketTrackRecord from '@/pages/api/v1/signals/track-record';
import * as tickerTrackRecord from '@/pages/api/v1/ticker/[id]/track-record';
import * as watchlistByTicker from '@/pages/api/v1/watchlist/[tickerId]';
import * as watchlistIndex from '@/pages/api/v1/watchlist/index';
import { setDbHandle, type DbHandle } from '@/server/db';
import { dailyBars, notifications, users, watchlistItems } from '@/server/db/schema';
import { loadBars, upsertDailyBars } from '@/server/repositories/marketRepository';
import { invalidateMarketCache } from '@/server/services/market/marketCache';
import { recomputeAnalysis } from '@/server/services/market/marketSyncService';
import { createUnsubscribeToken } from '@/server/services/alerts/unsubscribeToken';
import { startApiServer, type TestServer } from '../../../helpers/apiServer';
import { openTestDatabase, testDbKinds } from '../../../helpers/db';
import { createTestAccount, type TestAccount } from '../../../helpers/emulator';
import { walkBars } from '../../../server/domain/trackRecord/fixtures';
import { insertMarketFixture, T } from '../portfolio/helpers';

const ROUTES = {
  '/api/v1/notifications': notificationsIndex,
  '/api/v1/notifications/read': notificationsRead,
  '/api/v1/notifications/settings': notificationsSettings,
  '/api/v1/notifications/unsubscribe': notificationsUnsubscribe,
  '/api/v1/signals/track-record': marketTrackRecord,
  '/api/v1/ticker/[id]/track-record': tickerTrackRecord,
  '/api/v1/watchlist': watchlistIndex,
  '/api/v1/watchlist/[tickerId]': watchlistByTicker,
};

type Entry = {
  date: string;
  signal: string;
  close: number;
  return_22: number | null;
  return_66: number | null;
  index_return_22: number | null;
  index_return_66: number | null;
};

describe.each(testDbKinds())('notifications and track record API (%s)', (kind) => {
  let db: DbHandle;
  let server: TestServer;
  let alice: TestAccount;
  let bob: TestAccount;
  let newcomer: TestAccount;
  const as = (account: TestAccount, method: string, path: string, body?: unknown) =>
    server.request(method, path, { token: account.idToken, body });

  beforeAll(async () => {
    process.env.UNSUBSCRIBE_SECRET = 'api-test-secret-0123456789abcdef0123456789';
    db = await openTestDatabase(kind);
    setDbHandle(db);
    invalidateMarketCache();
    await insertMarketFixture(db);
    server = await startApiServer(ROUTES);
    [alice, bob, newcomer] = await Promise.all([
      createTestAccount('alice'),
      createTestAccount('bob'),
      createTestAccount('newcomer'),
    ]);
    await db.db.insert(users).values([
      { uid: alice.uid, email: alice.email, subscriptionStatus: 'active' },
      { uid: bob.uid, email: bob.email, subscriptionStatus: 'active' },
      { uid: newcomer.uid, email: newcomer.email, subscriptionStatus: 'inactive' },
    ]);
    // EQNR gets 500 sessions of a trending walk and the index a rising line; the sync computes the record.
    await db.db.delete(dailyBars).where(eq(dailyBars.tickerId, T.EQNR));
    const bars = walkBars(7, 500);
    await upsertDailyBars(db.db, T.EQNR, bars);
    await upsertDailyBars(
      db.db,
      T.OSEBX,
      bars.map((b, i) => ({
        ...b,
        open: 1000 + i,
        high: 1000 + i,
        low: 1000 + i,
        close: 1000 + i,
        volume: 1,
      })),
    );
    await recomputeAnalysis(db.db, { tickerIds: [T.EQNR], force: true });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    setDbHandle(undefined);
    invalidateMarketCache();
    await db?.close();
  });

  describe('track record', () => {
    it("returns the entries, with forward returns equal to close[t+h] / close[t] - 1 of the ticker's bars", async () => {
      const res = await as(alice, 'GET', `/api/v1/ticker/${T.EQNR}/track-record?timeframe=1`);
      expect(res.status).toBe(200);
      const body = res.body as { ticker_id: number; timeframe: number; through: string; entries: Entry[] };
      expect(body.ticker_id).toBe(T.EQNR);
      expect(body.timeframe).toBe(1);
      expect(body.entries.length).toBeGreaterThan(3);

      const sessions = (await loadBars(db.db, T.EQNR)).filter((b) => b.volume > 0);
      const at = (date: string) => sessions.findIndex((b) => b.date === date);
      expect(body.through).toBe(sessions[sessions.length - 1].date);
      for (const e of body.entries) {
        const t = at(e.date);
        expect(e.close).toBe(sessions[t].close);
        const expected = (h: number) =>
          t + h < sessions.length ? sessions[t + h].close / sessions[t].close - 1 : null;
        if (expected(22) === null) expect(e.return_22).toBeNull();
        else expect(e.return_22).toBeCloseTo(expected(22)!, 12);
        if (expected(66) === null) expect(e.return_66).toBeNull();
        else expect(e.return_66).toBeCloseTo(expected(66)!, 12);
        // The index closes 1000 + i on the same calendar: its return over the same dates.
        if (e.return_22 !== null) {
          const i0 = Date.parse(e.date) / 86_400_000 - Date.parse('2015-01-01') / 86_400_000;
          const i22 = Date.parse(sessions[t + 22].date) / 86_400_000 - Date.parse('2015-01-01') / 86_400_000;
          expect(e.index_return_22).toBeCloseTo((1000 + i22) / (1000 + i0) - 1, 12);
        }
      }
      // The last entries cannot have 66 sessions after them.
      expect(
        body.entries.some((e) => e.return_66 === null) ||
          sessions.length - 1 - at(body.entries.at(-1)!.date) >= 66,
      ).toBe(true);
    });

    it('answers an empty record for a ticker without one, 404 for an unknown one, 400 for a bad timeframe', async () => {
      const empty = await as(alice, 'GET', `/api/v1/ticker/${T.MOWI}/track-record`);
      expect(empty.status).toBe(200);
      expect(empty.body).toMatchObject({ ticker_id: T.MOWI, timeframe: 2, through: null, entries: [] });
      expect((await as(alice, 'GET', '/api/v1/ticker/9999/track-record')).status).toBe(404);
      expect((await as(alice, 'GET', `/api/v1/ticker/${T.EQNR}/track-record?timeframe=4`)).status).toBe(400);
    });

    it('summarises the market over the last 1, 3 and 5 years', async () => {
      const res = await as(alice, 'GET', '/api/v1/signals/track-record?countryID=160&timeframe=1');
      expect(res.status).toBe(200);
      const body = res.body as {
        tickers: number;
        periods: { years: number; summary: { buy: { count: number }; sell: { count: number } } }[];
      };
      expect(body.tickers).toBe(1);
      expect(body.periods.map((p) => p.years)).toEqual([1, 3, 5]);
      const record = (await as(alice, 'GET', `/api/v1/ticker/${T.EQNR}/track-record?timeframe=1`)).body as {
        entries: Entry[];
      };
      // 500 days from 2015-01-01: five years back covers every entry.
      const five = body.periods[2].summary;
      expect(five.buy.count + five.sell.count).toBe(record.entries.length);
    });

    it('needs a token and an active subscription', async () => {
      expect((await server.request('GET', `/api/v1/ticker/${T.EQNR}/track-record`)).status).toBe(401);
      expect((await as(newcomer, 'GET', `/api/v1/ticker/${T.EQNR}/track-record`)).status).toBe(403);
      expect((await as(newcomer, 'GET', '/api/v1/signals/track-record?countryID=160')).status).toBe(403);
    });
  });

  describe('notifications', () => {
    let aliceIds: number[];
    let bobId: number;

    beforeAll(async () => {
      const change = [{ timeframe: 'overall', previous_signal: 'hold', signal: 'buy' }];
      const rows = await db.db
        .insert(notifications)
        .values([
          { userUid: alice.uid, tickerId: T.EQNR, session: '2024-12-27', changes: change },
          { userUid: alice.uid, tickerId: T.DNB, session: '2024-12-30', changes: change },
          { userUid: bob.uid, tickerId: T.EQNR, session: '2024-12-30', changes: change },
        ])
        .returning({ id: notifications.id, uid: notifications.userUid });
      aliceIds = rows.filter((r) => r.uid === alice.uid).map((r) => r.id);
      bobId = rows.find((r) => r.uid === bob.uid)!.id;
    });

    it("lists only the caller's notifications, newest session first, with the unread count", async () => {
      const res = await as(alice, 'GET', '/api/v1/notifications');
      expect(res.status).toBe(200);
      const body = res.body as {
        unread: number;
        items: { id: number; symbol: string; session: string; read: boolean }[];
      };
      expect(body.unread).toBe(2);
      expect(body.items.map((i) => [i.symbol, i.session, i.read])).toEqual([
        ['DNB', '2024-12-30', false],
        ['EQNR', '2024-12-27', false],
      ]);
      expect((await as(alice, 'GET', '/api/v1/notifications?unread=maybe')).status).toBe(400);
    });

    it("marks read by id (another user's ids change nothing) and all at once", async () => {
      const foreign = await as(alice, 'POST', '/api/v1/notifications/read', { ids: [bobId] });
      expect(foreign).toMatchObject({ status: 200, body: { updated: 0, unread: 2 } });
      const [bobRow] = await db.db.select().from(notifications).where(eq(notifications.id, bobId));
      expect(bobRow.readAt).toBeNull();

      const one = await as(alice, 'POST', '/api/v1/notifications/read', { ids: [aliceIds[0]] });
      expect(one).toMatchObject({ status: 200, body: { updated: 1, unread: 1 } });
      const unread = (await as(alice, 'GET', '/api/v1/notifications?unread=true')).body as {
        items: { id: number }[];
      };
      expect(unread.items.map((i) => i.id)).toEqual([aliceIds[1]]);

      expect(await as(alice, 'POST', '/api/v1/notifications/read', { all: true })).toMatchObject({
        status: 200,
        body: { updated: 1, unread: 0 },
      });
      expect((await as(bob, 'GET', '/api/v1/notifications')).body).toMatchObject({ unread: 1 });
    });

    it('refuses a bad body with 400 and no token with 401', async () => {
      expect((await as(alice, 'POST', '/api/v1/notifications/read', { ids: [] })).status).toBe(400);
      expect((await as(alice, 'POST', '/api/v1/notifications/read', { all: false })).status).toBe(400);
      expect((await as(alice, 'POST', '/api/v1/notifications/read', { ids: ['x'] })).status).toBe(400);
      expect((await server.request('GET', '/api/v1/notifications')).status).toBe(401);
      expect((await as(alice, 'DELETE', '/api/v1/notifications')).status).toBe(405);
    });

    it("is a subscriber's feature: 403 without an active subscription", async () => {
      expect(await as(newcomer, 'GET', '/api/v1/notifications')).toMatchObject({
        status: 403,
        body: { error: { code: 'SUBSCRIPTION_REQUIRED' } },
      });
      expect((await as(newcomer, 'POST', '/api/v1/notifications/read', { all: true })).status).toBe(403);
    });

    it('keeps settings and the e-mail language per user', async () => {
      expect(await as(alice, 'GET', '/api/v1/notifications/settings')).toMatchObject({
        status: 200,
        body: { in_app: true, email: true, language: 'nb' },
      });
      const put = await as(alice, 'PUT', '/api/v1/notifications/settings', { email: false, language: 'en' });
      expect(put).toMatchObject({ status: 200, body: { in_app: true, email: false, language: 'en' } });
      expect((await as(bob, 'GET', '/api/v1/notifications/settings')).body).toMatchObject({
        email: true,
        language: 'nb',
      });
      expect((await as(alice, 'PUT', '/api/v1/notifications/settings', { language: 'de' })).status).toBe(400);
      expect((await as(alice, 'PUT', '/api/v1/notifications/settings', {})).status).toBe(400);
    });

    it('unsubscribes from e-mail with the signed link, without a token, and refuses a forged one', async () => {
      const token = createUnsubscribeToken(bob.uid);
      const forged = createUnsubscribeToken(bob.uid, Buffer.from('another secret'));
      expect(
        (await server.request('POST', '/api/v1/notifications/unsubscribe', { body: { token: forged } }))
          .status,
      ).toBe(400);
      const ok = await server.request('POST', '/api/v1/notifications/unsubscribe', { body: { token } });
      expect(ok).toMatchObject({ status: 200, body: { email: false } });
      expect((await as(bob, 'GET', '/api/v1/notifications/settings')).body).toMatchObject({
        email: false,
        in_app: true,
      });
    });
  });

  describe('watchlist alerts', () => {
    it('turns alerts on for an entry of the list, 404 for a ticker not on it, 400 for a bad body', async () => {
      expect((await as(alice, 'POST', '/api/v1/watchlist', { ticker_id: T.DNB })).status).toBe(201);
      const on = await as(alice, 'PATCH', `/api/v1/watchlist/${T.DNB}`, { alerts: true });
      expect(on).toMatchObject({ status: 200, body: { ticker_id: T.DNB, alerts: true } });
      const [row] = await db.db
        .select()
        .from(watchlistItems)
        .where(and(eq(watchlistItems.userUid, alice.uid), eq(watchlistItems.tickerId, T.DNB)));
      expect(row.alerts).toBe(true);
      expect((await as(bob, 'PATCH', `/api/v1/watchlist/${T.DNB}`, { alerts: true })).status).toBe(404);
      expect((await as(alice, 'PATCH', `/api/v1/watchlist/${T.DNB}`, { alerts: 'yes' })).status).toBe(400);
    });
  });
});
