/** @jest-environment node */
// Issue 41: the ex-date notification, and issue 42: a completed chart pattern in the signal alerts,
// through the refresh's one delivery path (recomputeAnalysis → deliverMarketMoved → notifySignalChanges).
// Ex-dates: told on the session of the ex-date (not the day before), once however often the session
// is delivered, only to users who turned it on and held the share before the ex-date (over all their
// portfolios, whatever a portfolio's alert flag), never about another user's holding; in the e-mail
// digest where the user's alerts go by e-mail. Patterns: once per share, kind and breakout date, to
// the holders (portfolio with alerts on) and watchers (alerts on) of the share.
import { eq, sql } from 'drizzle-orm';

import { MARKET_OSLO } from '@/lib/constants';
import type { NotificationChangeDto } from '@/lib/types/signals';
import type { DbHandle } from '@/server/db';
import {
  dividends,
  incomeSettings,
  markets,
  notificationSettings,
  notifications,
  portfolios,
  portfolioTransactions,
  tickers,
  users,
  watchlistItems,
} from '@/server/db/schema';
import { upsertDailyBars } from '@/server/repositories/marketRepository';
import { notifySignalChanges, type SignalRefresh } from '@/server/services/alerts/alertService';
import type { MailMessage } from '@/server/services/alerts/mailer';
import { recomputeAnalysis } from '@/server/services/market/analysisSnapshotService';
import { deliverMarketMoved } from '@/server/services/market/marketMoved';

import { openTestDatabase, testDbKinds } from '../../../helpers/db';
import { OSLO_MARKET } from '../../../helpers/markets';
import { walkBars } from '../../domain/trackRecord/fixtures';

jest.setTimeout(120_000);

const EQNR = 1;
const DNB = 2;
const bars = walkBars(5, 500);
// The ex-date is the last session of the series; the session before it is "the day before".
const EX_DATE = bars[499].date;
const DAY_BEFORE = bars[498].date;
const PAY_DATE = '2016-06-01';

describe.each(testDbKinds())('ex-date and pattern alerts (%s)', (kind) => {
  let handle: DbHandle;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await handle.close();
  });

  beforeEach(async () => {
    const db = handle.db;
    await db.execute(
      sql`truncate income_settings, dividends, notification_digests, notification_settings, notifications, watchlist_items, portfolio_transactions, portfolios, users, analysis_snapshots, track_records, daily_bars, tickers, markets restart identity cascade`,
    );
    await db.insert(markets).values(OSLO_MARKET);
    const oslo = { countryId: MARKET_OSLO, exchange: 'OL', currency: 'NOK' };
    await db.insert(tickers).values([
      { id: EQNR, symbol: 'EQNR', name: 'Equinor', searchName: 'equinor', ...oslo },
      { id: DNB, symbol: 'DNB', name: 'DNB Bank', searchName: 'dnb bank', ...oslo },
    ]);
    const active = { subscriptionStatus: 'active', emailVerified: true, language: 'nb' };
    await db.insert(users).values([
      { uid: 'holder', email: 'holder@example.test', firstName: 'Hanne', ...active },
      { uid: 'off', email: 'off@example.test', ...active },
      { uid: 'other', email: 'other@example.test', ...active },
      { uid: 'late', email: 'late@example.test', ...active },
      { uid: 'watcher', email: 'watcher@example.test', ...active },
      { uid: 'quiet-watcher', email: 'quiet@example.test', ...active },
    ]);
    // Ex-date alerts on for everyone but 'off'; 'watcher' and 'quiet-watcher' hold nothing.
    await db.insert(incomeSettings).values(
      ['holder', 'off', 'other', 'late', 'watcher', 'quiet-watcher'].map((uid) => ({
        userUid: uid,
        holdingLimit: 0.2,
        sectorLimit: 0.4,
        currencyLimit: 0.8,
        exDateAlerts: uid !== 'off',
      })),
    );
    const [main, second, offP, otherP, lateP] = await db
      .insert(portfolios)
      .values([
        // The portfolio's signal-alert flag is off: the ex-date alert follows the user's own setting.
        { userUid: 'holder', name: 'Main', subscription: false },
        { userUid: 'holder', name: 'ASK', subscription: true },
        { userUid: 'off', name: 'Off', subscription: true },
        { userUid: 'other', name: 'Other', subscription: true },
        { userUid: 'late', name: 'Late', subscription: true },
      ])
      .returning({ id: portfolios.id });
    const trade = (portfolioId: number, tickerId: number, date: string, quantity: string, eventId = 1) => ({
      portfolioId,
      tickerId,
      date,
      eventId,
      quantity,
      price: '100',
    });
    await db.insert(portfolioTransactions).values([
      // holder: 60 + 50 − 10 = 100 EQNR before the ex-date, in two portfolios.
      trade(main.id, EQNR, '2015-03-02', '60'),
      trade(second.id, EQNR, '2015-03-02', '50'),
      trade(second.id, EQNR, '2016-01-04', '10', 2),
      // and 25 more bought ON the ex-date: not entitled, not counted.
      trade(main.id, EQNR, EX_DATE, '25'),
      trade(offP.id, EQNR, '2015-03-02', '10'),
      // another user's holding: DNB only.
      trade(otherP.id, DNB, '2015-03-02', '10'),
      // bought on the ex-date: holds EQNR now, but not before the ex-date.
      trade(lateP.id, EQNR, EX_DATE, '10'),
    ]);
    await db.insert(watchlistItems).values([
      { userUid: 'watcher', tickerId: DNB, alerts: true },
      { userUid: 'quiet-watcher', tickerId: DNB, alerts: false },
    ]);
    await db.insert(dividends).values({
      tickerId: EQNR,
      exDate: EX_DATE,
      payDate: PAY_DATE,
      amount: 3.5,
      currency: 'NOK',
      source: 'demo',
    });
  });

  const linesOf = async (kindOfLine: 'ex_date' | 'pattern') => {
    const rows = await handle.db
      .select({
        uid: notifications.userUid,
        tickerId: notifications.tickerId,
        changes: notifications.changes,
      })
      .from(notifications)
      .orderBy(notifications.userUid, notifications.tickerId);
    return rows.flatMap((r) =>
      (r.changes as NotificationChangeDto[])
        .filter((c) => 'kind' in c && c.kind === kindOfLine)
        .map((c) => ({ uid: r.uid, tickerId: r.tickerId, change: c })),
    );
  };

  it('tells the holder on the ex-date, not the day before, once, and nobody else', async () => {
    const db = handle.db;
    await upsertDailyBars(db, EQNR, bars.slice(0, 498));
    await upsertDailyBars(db, DNB, bars.slice(0, 498));
    // The first analysis (a first import) tells nobody anything.
    const first = await recomputeAnalysis(db, { trackRecords: false });
    expect(first.moved.flatMap((m) => m.exDividends ?? [])).toEqual([]);

    // The session before the ex-date: nothing about the dividend.
    await upsertDailyBars(db, EQNR, bars.slice(498, 499));
    await upsertDailyBars(db, DNB, bars.slice(498, 499));
    const dayBefore = await recomputeAnalysis(db, { trackRecords: false });
    expect(dayBefore.moved.every((m) => m.session === DAY_BEFORE)).toBe(true);
    expect(dayBefore.moved.flatMap((m) => m.exDividends ?? [])).toEqual([]);
    await deliverMarketMoved(db, dayBefore.moved);
    expect(await linesOf('ex_date')).toEqual([]);

    // The ex-date's session: the dividend goes ex.
    await upsertDailyBars(db, EQNR, bars.slice(499));
    await upsertDailyBars(db, DNB, bars.slice(499));
    const exDay = await recomputeAnalysis(db, { trackRecords: false });
    const moved = exDay.moved.find((m) => m.session === EX_DATE)!;
    expect(moved.exDividends).toEqual([
      { tickerId: EQNR, exDate: EX_DATE, payDate: PAY_DATE, amount: 3.5, currency: 'NOK' },
    ]);
    await deliverMarketMoved(db, exDay.moved);
    // Only 'holder': 'off' turned it off, 'other' holds DNB only, 'late' bought on the ex-date.
    // Quantity by hand: 60 + 50 − 10 = 100 (the 25 bought on the ex-date are not entitled).
    const expected = [
      {
        uid: 'holder',
        tickerId: EQNR,
        change: {
          kind: 'ex_date',
          ex_date: EX_DATE,
          pay_date: PAY_DATE,
          amount: 3.5,
          currency: 'NOK',
          quantity: 100,
        },
      },
    ];
    expect(await linesOf('ex_date')).toEqual(expected);

    // Delivered twice (a repeated run of the session): still one notification with one line.
    await deliverMarketMoved(db, exDay.moved);
    expect(await linesOf('ex_date')).toEqual(expected);
    // And a run that brings no new session finds no dividend going ex.
    const again = await recomputeAnalysis(db, { trackRecords: false, corrected: new Set([EQNR]) });
    expect(again.moved.flatMap((m) => m.exDividends ?? [])).toEqual([]);
    const stored = await db.select().from(notifications).where(eq(notifications.userUid, 'holder'));
    expect(stored).toHaveLength(1);
  });

  it('puts the ex-date in the e-mail digest where the alerts go by e-mail, and none with in-app off', async () => {
    const sent: MailMessage[] = [];
    await handle.db.insert(notificationSettings).values({ userUid: 'holder', inApp: false, email: true });
    const refresh: SignalRefresh = {
      marketId: MARKET_OSLO,
      session: EX_DATE,
      changes: [],
      exDividends: [{ tickerId: EQNR, exDate: EX_DATE, payDate: PAY_DATE, amount: 3.5, currency: 'NOK' }],
    };
    const result = await notifySignalChanges(handle.db, refresh, {
      mailer: { send: async (m) => void sent.push(m) },
      baseUrl: 'https://trendvakt.test',
    });
    expect(await result.emails).toEqual([{ uid: 'holder', sent: true, attempts: 1 }]);
    // In-app off: no bell notification, the e-mail only.
    expect(await linesOf('ex_date')).toEqual([]);
    expect(sent.map((m) => m.to)).toEqual(['holder@example.test']);
    // public/locales/nb/alerts.json change.exDate filled by hand: 3,50 kr × 100 shares = 350,00 kr;
    // EX_DATE 2016-05-14 and PAY_DATE 2016-06-01 in nb's medium date style. (Intl's spaces are
    // non-breaking: matched with \s.)
    expect(EX_DATE).toBe('2016-05-14');
    expect(sent[0].text).toContain('* Equinor (EQNR)');
    expect(sent[0].text).toMatch(
      /Eks\. utbytte 14\. mai 2016: 3,50\skr per aksje for dine 100 aksjer \(350,00\skr\), utbetales 1\. juni 2016/,
    );
  });

  it('adds a completed pattern to the alerts of holders and watchers, once per kind and breakout date, with the signal change of the session', async () => {
    const db = handle.db;
    const refresh: SignalRefresh = {
      marketId: MARKET_OSLO,
      session: EX_DATE,
      changes: [],
      patterns: [
        {
          tickerId: DNB,
          kind: 'double_bottom',
          direction: 'buy',
          breakoutDate: EX_DATE,
          targetZone: [212.5, 215],
          invalidation: 180,
        },
      ],
    };
    const first = await notifySignalChanges(db, refresh, { mailer: null });
    const line = {
      kind: 'pattern',
      pattern: 'double_bottom',
      direction: 'buy',
      breakout_date: EX_DATE,
      target_zone: [212.5, 215],
      invalidation: 180,
    };
    // 'other' holds DNB in a portfolio with alerts on, 'watcher' watches it with alerts on;
    // 'quiet-watcher' has its alerts off.
    expect(await linesOf('pattern')).toEqual([
      { uid: 'other', tickerId: DNB, change: line },
      { uid: 'watcher', tickerId: DNB, change: line },
    ]);
    expect(first.created).toBe(2);
    const again = await notifySignalChanges(db, refresh, { mailer: null });
    expect(again.created).toBe(0);
    expect(await linesOf('pattern')).toHaveLength(2);

    // The same session's signal change for DNB joins the same notification (one row, both lines).
    await notifySignalChanges(
      db,
      {
        ...refresh,
        patterns: [],
        changes: [{ tickerId: DNB, timeframe: 'overall', previousSignal: 'hold', signal: 'buy' }],
      },
      { mailer: null },
    );
    const [row] = await db.select().from(notifications).where(eq(notifications.userUid, 'watcher'));
    expect(row.changes).toEqual([line, { timeframe: 'overall', previous_signal: 'hold', signal: 'buy' }]);
  });
});
