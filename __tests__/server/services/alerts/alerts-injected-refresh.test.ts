/** @jest-environment node */
// Signal alerts with an injected refresh: who gets a notification (held in a subscribed portfolio,
// watched with alerts on), who does not (flag off, sold out, in-app off), never twice for a session;
// the e-mail digest through a local SMTP sink (one per user and session, retried, unsubscribe link);
// and the sync path calling the listener with the changes against the snapshots before it.
import { and, eq, sql } from 'drizzle-orm';

import { MARKET_OSLO } from '@/lib/constants';
import type { DbHandle } from '@/server/db';
import {
  analysisSnapshots,
  markets,
  notificationSettings,
  notifications,
  portfolios,
  portfolioTransactions,
  tickers,
  trackRecords,
  users,
  watchlistItems,
} from '@/server/db/schema';
import { upsertDailyBars } from '@/server/repositories/marketRepository';
import { notifySignalChanges, type SignalRefresh } from '@/server/services/alerts/alertService';
import { createMailer } from '@/server/services/alerts/mailer';
import { recomputeAnalysis } from '@/server/services/market/analysisSnapshotService';
import { deliverMarketMoved } from '@/server/services/market/marketMoved';
import { unsubscribe } from '@/server/services/alerts/notificationService';

import { openTestDatabase, testDbKinds } from '../../../helpers/db';
import { walkBars } from '../../domain/trackRecord/fixtures';
import { startSmtpSink, type SmtpSink } from '@/scripts/lib/smtpSink';
import { OSLO_MARKET } from '../../../helpers/markets';

jest.setTimeout(60_000);

const EQNR = 1;
const DNB = 2;
const SESSION = '2026-11-20';

const refresh = (changes: SignalRefresh['changes'], session = SESSION): SignalRefresh => ({
  marketId: MARKET_OSLO,
  session,
  changes,
});
const EQNR_TO_SELL = {
  tickerId: EQNR,
  timeframe: 'overall' as const,
  previousSignal: 'hold' as const,
  signal: 'sell' as const,
};
const DNB_MEDIUM_TO_BUY = {
  tickerId: DNB,
  timeframe: 2 as const,
  previousSignal: 'hold' as const,
  signal: 'buy' as const,
};

describe.each(testDbKinds())('alerts (%s)', (kind) => {
  let handle: DbHandle;
  let sink: SmtpSink;

  beforeAll(async () => {
    process.env.UNSUBSCRIBE_SECRET = 'test-secret-for-alert-links-0123456789abcdef';
    handle = await openTestDatabase(kind);
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await handle.close();
    await sink.close();
  });

  beforeEach(async () => {
    const db = handle.db;
    sink.received.length = 0;
    await db.execute(
      sql`truncate notification_digests, notification_settings, notifications, watchlist_items, portfolio_transactions, portfolios, users, analysis_snapshots, track_records, daily_bars, tickers, markets restart identity cascade`,
    );
    await db.insert(markets).values(OSLO_MARKET);
    await db.insert(tickers).values([
      {
        id: EQNR,
        countryId: MARKET_OSLO,
        symbol: 'EQNR',
        name: 'Equinor',
        searchName: 'equinor',
        exchange: 'OL',
        currency: 'NOK',
      },
      {
        id: DNB,
        countryId: MARKET_OSLO,
        symbol: 'DNB',
        name: 'DNB Bank',
        searchName: 'dnb bank',
        exchange: 'OL',
        currency: 'NOK',
      },
    ]);
    // Mail goes to verified addresses only (issue 23 item 4): everyone here verified theirs, except
    // 'unverified', who typed an address they never confirmed (it may be a stranger's).
    const active = { subscriptionStatus: 'active', emailVerified: true };
    await db.insert(users).values([
      { uid: 'holder', email: 'holder@example.test', firstName: 'Hanne', language: 'nb', ...active },
      { uid: 'flag-off', email: 'off@example.test', ...active },
      { uid: 'sold-out', email: 'sold@example.test', ...active },
      { uid: 'watcher', email: 'watcher@example.test', firstName: 'Walt', language: 'en', ...active },
      { uid: 'watch-no-alerts', email: 'quiet@example.test', ...active },
      { uid: 'in-app-off', email: 'inappoff@example.test', ...active },
      { uid: 'unverified', email: 'stranger@example.test', subscriptionStatus: 'active' },
      // Issue 23 item 5: a cancelled subscriber watching DNB with alerts on gets nothing.
      { uid: 'cancelled', email: 'cancelled@example.test', subscriptionStatus: 'canceled' },
    ]);
    const [held, off, sold, inAppOff] = await db
      .insert(portfolios)
      .values([
        { userUid: 'holder', name: 'Main', subscription: true },
        { userUid: 'flag-off', name: 'Quiet', subscription: false },
        { userUid: 'sold-out', name: 'Sold', subscription: true },
        { userUid: 'in-app-off', name: 'Mail only', subscription: true },
      ])
      .returning({ id: portfolios.id });
    const buy = (portfolioId: number, date = '2024-01-02') => ({
      portfolioId,
      tickerId: EQNR,
      date,
      eventId: 1,
      quantity: '10',
      price: '250',
    });
    await db
      .insert(portfolioTransactions)
      .values([
        buy(held.id),
        buy(off.id),
        buy(sold.id),
        { ...buy(sold.id, '2024-06-03'), eventId: 2 },
        buy(inAppOff.id),
      ]);
    await db.insert(watchlistItems).values([
      { userUid: 'watcher', tickerId: DNB, alerts: true },
      { userUid: 'watch-no-alerts', tickerId: DNB, alerts: false },
      { userUid: 'holder', tickerId: EQNR, alerts: true },
      { userUid: 'cancelled', tickerId: DNB, alerts: true },
      { userUid: 'unverified', tickerId: DNB, alerts: true },
    ]);
    await db.insert(notificationSettings).values({ userUid: 'in-app-off', inApp: false, email: true });
  });

  const stored = () =>
    handle.db
      .select({
        uid: notifications.userUid,
        tickerId: notifications.tickerId,
        session: notifications.session,
      })
      .from(notifications)
      .orderBy(notifications.userUid, notifications.tickerId);

  it('stores one notification per affected user and ticker, none for flags off or shares sold', async () => {
    // EQNR changes twice (overall and medium term) and the holder also watches it: still one row.
    const result = await notifySignalChanges(
      handle.db,
      refresh([EQNR_TO_SELL, { ...EQNR_TO_SELL, timeframe: 2 }, DNB_MEDIUM_TO_BUY]),
      { mailer: null },
    );
    expect(await stored()).toEqual([
      { uid: 'holder', tickerId: EQNR, session: SESSION },
      { uid: 'unverified', tickerId: DNB, session: SESSION }, // in the app: yes
      { uid: 'watcher', tickerId: DNB, session: SESSION },
    ]);
    expect(result.created).toBe(3);
    const [row] = await handle.db
      .select({ changes: notifications.changes })
      .from(notifications)
      .where(eq(notifications.userUid, 'holder'));
    expect(row.changes).toEqual([
      { timeframe: 'overall', previous_signal: 'hold', signal: 'sell' },
      { timeframe: 2, previous_signal: 'hold', signal: 'sell' },
    ]);
  });

  it('never notifies twice for the same session, and again for the next one', async () => {
    await notifySignalChanges(handle.db, refresh([EQNR_TO_SELL]), { mailer: null });
    const again = await notifySignalChanges(handle.db, refresh([EQNR_TO_SELL]), { mailer: null });
    expect(again.created).toBe(0);
    expect(await stored()).toHaveLength(1);
    await notifySignalChanges(
      handle.db,
      refresh([{ ...EQNR_TO_SELL, previousSignal: 'sell', signal: 'hold' }], '2026-11-23'),
      { mailer: null },
    );
    expect((await stored()).map((r) => r.session)).toEqual([SESSION, '2026-11-23']);
  });

  it('ignores short- and long-term changes and changes that are none', async () => {
    const result = await notifySignalChanges(
      handle.db,
      refresh([
        { tickerId: EQNR, timeframe: 1, previousSignal: 'hold', signal: 'buy' },
        { tickerId: EQNR, timeframe: 3, previousSignal: 'sell', signal: 'hold' },
        { tickerId: DNB, timeframe: 'overall', previousSignal: 'buy', signal: 'buy' },
      ]),
      { mailer: null },
    );
    expect(result.created).toBe(0);
    expect(await stored()).toEqual([]);
  });

  it('sends one digest per user and session in their language, retried, with a working unsubscribe link', async () => {
    const mailer = createMailer({ SMTP_URL: sink.url, MAIL_FROM: 'Trendvakt <alerts@trendvakt.test>' });
    sink.refuseNext(1); // the first message fails once and is retried
    const first = await notifySignalChanges(handle.db, refresh([EQNR_TO_SELL, DNB_MEDIUM_TO_BUY]), {
      mailer,
      baseUrl: 'https://app.example',
      retry: { attempts: 3, delayMs: 10 },
    });
    const outcomes = await first.emails;
    // 'unverified' watches DNB too: notified in the app, but no mail to an unconfirmed address.
    expect(outcomes.map((o) => [o.uid, o.sent]).sort()).toEqual([
      ['holder', true],
      ['in-app-off', true],
      ['watcher', true],
    ]);
    expect(outcomes.reduce((n, o) => n + o.attempts, 0)).toBe(4);
    expect(sink.received.map((m) => m.to[0]).sort()).toEqual([
      'holder@example.test',
      'inappoff@example.test',
      'watcher@example.test',
    ]);

    const nb = sink.received.find((m) => m.to[0] === 'holder@example.test')!.decoded;
    expect(nb).toMatch(/Subject: =\?UTF-8\?Q\?Trendvakt|Subject: Trendvakt/);
    expect(nb).toContain('Content-Type: text/plain');
    expect(nb).toContain('Content-Type: text/html');
    expect(nb).toContain('Hei Hanne,');
    expect(nb).toContain('Samlet signal: Hold → Selg');
    expect(nb).toContain('Equinor (EQNR)');
    const en = sink.received.find((m) => m.to[0] === 'watcher@example.test')!.decoded;
    expect(en).toContain('Hi Walt,');
    expect(en).toContain('https://app.example/en/market/analysis?tickerID=2&timeframe=2');

    // The same session again: no second e-mail.
    const second = await notifySignalChanges(handle.db, refresh([EQNR_TO_SELL, DNB_MEDIUM_TO_BUY]), {
      mailer,
    });
    expect(await second.emails).toEqual([]);
    expect(sink.received).toHaveLength(3);

    // The unsubscribe link works without signing in and only with its own signature.
    const token = decodeURIComponent(
      /unsubscribe\?token=([A-Za-z0-9%._-]+)/.exec(en.replace(/=\r?\n/g, ''))![1],
    );
    await expect(unsubscribe(handle.db, `${token}x`)).rejects.toMatchObject({
      name: 'DomainError',
      kind: 'invalid',
      code: 'INVALID_TOKEN',
    });
    await unsubscribe(handle.db, token);
    const [setting] = await handle.db
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userUid, 'watcher'));
    expect(setting.email).toBe(false);
  });

  it('the analysis reports the changes against the snapshots before it, and delivery sends exactly those', async () => {
    const db = handle.db;
    const bars = walkBars(5, 500);
    await upsertDailyBars(db, EQNR, bars.slice(0, 499));
    const calls: SignalRefresh[] = [];
    const notify = async (_db: unknown, r: SignalRefresh) => {
      calls.push(r);
      return { created: 0, users: 0, emails: Promise.resolve([]) };
    };
    const first = await recomputeAnalysis(db, { tickerIds: [EQNR] });
    await deliverMarketMoved(db, first.moved, { notify });
    expect(calls).toEqual([]); // the first analysis of a ticker tells nobody anything
    // The same pass stored the ticker's track record, one row per timeframe.
    const records = await db.select().from(trackRecords).where(eq(trackRecords.tickerId, EQNR));
    expect(records.map((r) => [r.timeframe, r.through]).sort()).toEqual([
      [1, bars[498].date],
      [2, bars[498].date],
      [3, bars[498].date],
    ]);

    // State before the refresh: pretend the stored medium-term signal and overall score were others.
    const [latest] = await db
      .select()
      .from(analysisSnapshots)
      .where(and(eq(analysisSnapshots.tickerId, EQNR), eq(analysisSnapshots.timeframe, 2)));
    const other = latest.signal === 'sell' ? 'buy' : 'sell';
    await db
      .update(analysisSnapshots)
      .set({ signal: other, overallScore: other === 'buy' ? 0.9 : -0.9 })
      .where(and(eq(analysisSnapshots.tickerId, EQNR), eq(analysisSnapshots.timeframe, 2)));

    await upsertDailyBars(db, EQNR, bars.slice(499));
    const second = await recomputeAnalysis(db, { tickerIds: [EQNR] });
    await deliverMarketMoved(db, second.moved, { notify });
    const [after] = await db
      .select()
      .from(analysisSnapshots)
      .where(
        and(
          eq(analysisSnapshots.tickerId, EQNR),
          eq(analysisSnapshots.timeframe, 2),
          eq(analysisSnapshots.isLatest, true),
        ),
      );
    expect(after.date).toBe(bars[499].date);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toEqual(second.moved[0]);
    expect(calls[0].marketId).toBe(MARKET_OSLO);
    expect(calls[0].session).toBe(bars[499].date);
    expect(calls[0].changes).toContainEqual({
      tickerId: EQNR,
      timeframe: 2,
      previousSignal: other,
      signal: after.signal,
    });
  });
});
