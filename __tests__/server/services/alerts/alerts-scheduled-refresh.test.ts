/** @jest-environment node */
// The scheduled refresh sends the signal alerts: the refresh-160 job (scheduler → refreshMarket →
// syncMarketData → recomputeAnalysis → deliverMarketMoved) stores the watcher's notification and e-mails the digest
// through a local SMTP sink, with no marketEvents listener registered; a user without an e-mail
// address gets the in-app notification only.
import { and, eq } from 'drizzle-orm';

import { MARKET_OSLO, type Signal } from '@/lib/constants';
import type { DbHandle } from '@/server/db';
import {
  analysisSnapshots,
  notificationDigests,
  notifications,
  users,
  watchlistItems,
} from '@/server/db/schema';
import { refreshJob } from '@/server/jobs/definitions';
import { JobScheduler, type Clock } from '@/server/jobs/scheduler';
import { DemoProvider, type MarketDataProvider, type TickerInfo } from '@/server/market-data';
import { findTickerBySymbol } from '@/server/repositories/marketRepository';
import { syncMarketData } from '@/server/services/market/marketSyncService';
import { createPriceAlert, getPriceAlerts } from '@/server/services/alerts/priceAlertService';

import { openTestDatabase } from '../../../helpers/db';
import { startSmtpSink, type SmtpSink } from '@/scripts/lib/smtpSink';

jest.setTimeout(180_000);

const SYMBOLS = ['EQNR', 'DNB', 'OSEBX.INDX'];

/** The demo provider limited to three Oslo series (the refresh asks for the whole market). */
class SmallOsloProvider extends DemoProvider implements MarketDataProvider {
  override async listSymbols(marketId: Parameters<DemoProvider['listSymbols']>[0]): Promise<TickerInfo[]> {
    return (await super.listSymbols(marketId)).filter((t) => SYMBOLS.includes(t.symbol));
  }
}

class FakeClock implements Clock {
  constructor(private t: Date) {}
  now(): Date {
    return new Date(this.t);
  }
  set(iso: string): void {
    this.t = new Date(iso);
  }
}

async function waitFor(done: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 50));
  if (!done()) throw new Error(`gave up waiting for ${what}`);
}

describe('alerts from the scheduled refresh', () => {
  let handle: DbHandle;
  let sink: SmtpSink;
  const saved = { SMTP_URL: process.env.SMTP_URL, UNSUBSCRIBE_SECRET: process.env.UNSUBSCRIBE_SECRET };

  beforeAll(async () => {
    sink = await startSmtpSink();
    process.env.SMTP_URL = sink.url;
    process.env.UNSUBSCRIBE_SECRET = 'test-secret-for-alert-links-0123456789abcdef';
    handle = await openTestDatabase('pglite');
    // Stored up to Friday 20 November 2026; the job then fetches Monday 23 November.
    await syncMarketData(handle.db, {
      provider: new DemoProvider(),
      to: '2026-11-20',
      markets: [MARKET_OSLO],
      symbols: SYMBOLS,
      historyYears: 3,
      trackRecords: false,
    });
  });
  afterAll(async () => {
    process.env.SMTP_URL = saved.SMTP_URL;
    process.env.UNSUBSCRIBE_SECRET = saved.UNSUBSCRIBE_SECRET;
    if (saved.SMTP_URL === undefined) delete process.env.SMTP_URL;
    if (saved.UNSUBSCRIBE_SECRET === undefined) delete process.env.UNSUBSCRIBE_SECRET;
    await handle.close();
    await sink.close();
  });

  it('refresh-160 notifies the watchers of a changed medium-term signal, by e-mail where there is an address', async () => {
    const db = handle.db;
    const eqnr = (await findTickerBySymbol(db, MARKET_OSLO, 'EQNR'))!;
    await db.insert(users).values([
      // Alerts go to active subscribers only (issue 23 item 5).
      {
        uid: 'watcher',
        email: 'watcher@example.test',
        firstName: 'Walt',
        language: 'en',
        subscriptionStatus: 'active',
        emailVerified: true,
      },
      { uid: 'no-mail', email: null, subscriptionStatus: 'active' },
      // Watches nothing; a price alert on DNB that any close crosses (issue 25).
      {
        uid: 'pricer',
        email: 'pricer@example.test',
        language: 'en',
        subscriptionStatus: 'active',
        emailVerified: true, // mail goes to verified addresses only (issue 23 item 4)
      },
    ]);
    const dnb = (await findTickerBySymbol(db, MARKET_OSLO, 'DNB'))!;
    const priceAlert = await createPriceAlert(db, 'pricer', {
      ticker_id: dnb.id,
      direction: 'above',
      price: 0.01,
      note: null,
    });
    await db.insert(watchlistItems).values([
      { userUid: 'watcher', tickerId: eqnr.id, alerts: true },
      { userUid: 'no-mail', tickerId: eqnr.id, alerts: true },
    ]);

    // Friday's stored medium-term signal becomes one that Monday's analysis of the demo data does
    // not give (checked below), so the refresh sees a change.
    const mediumLatest = and(
      eq(analysisSnapshots.tickerId, eqnr.id),
      eq(analysisSnapshots.timeframe, 2),
      eq(analysisSnapshots.isLatest, true),
    );
    const [friday] = await db.select().from(analysisSnapshots).where(mediumLatest);
    expect(friday.date).toBe('2026-11-20');
    const stored: Signal = friday.signal === 'buy' ? 'sell' : 'buy';
    await db.update(analysisSnapshots).set({ signal: stored }).where(mediumLatest);

    const clock = new FakeClock(new Date('2026-11-23T18:44:00Z')); // Monday 19:44 in Oslo
    const jobs = new JobScheduler({
      db,
      kind: handle.kind,
      jobs: [refreshJob(MARKET_OSLO, { provider: () => new SmallOsloProvider() })],
      clock,
      log: () => {},
    });
    clock.set('2026-11-23T18:45:30Z'); // 19:45:30: the refresh slot of 19:45 (EODHD's publication) is due
    await jobs.tick();

    const [monday] = await db.select().from(analysisSnapshots).where(mediumLatest);
    expect(monday.date).toBe('2026-11-23');
    expect(monday.signal).not.toBe(stored);

    const rows = await db
      .select({
        uid: notifications.userUid,
        tickerId: notifications.tickerId,
        session: notifications.session,
      })
      .from(notifications)
      .orderBy(notifications.userUid);
    expect(rows).toEqual([
      { uid: 'no-mail', tickerId: eqnr.id, session: '2026-11-23' },
      { uid: 'pricer', tickerId: dnb.id, session: '2026-11-23' },
      { uid: 'watcher', tickerId: eqnr.id, session: '2026-11-23' },
    ]);
    const [watched] = await db.select().from(notifications).where(eq(notifications.userUid, 'watcher'));
    expect(watched.changes).toContainEqual({ timeframe: 2, previous_signal: stored, signal: monday.signal });

    // The digest goes out in the background after the job; only to the user with an address.
    await waitFor(() => sink.received.length > 1, 'the digest e-mails');
    const mailTo = (to: string) => sink.received.find((m) => m.to.includes(to))!;
    expect(sink.received.map((m) => m.to).sort()).toEqual([
      ['pricer@example.test'],
      ['watcher@example.test'],
    ]);
    expect(mailTo('watcher@example.test').decoded).toContain('Hi Walt,');
    expect(mailTo('watcher@example.test').decoded).toContain('Equinor ASA (EQNR)');
    // The price alert's digest (English: public/locales/en/alerts.json change.price.above).
    const priced = mailTo('pricer@example.test').decoded;
    expect(priced).toContain('DNB');
    expect(priced).toMatch(/Price alert: the close \d+(\.\d+)? is above 0\.01/);
    const [alertRow] = (await getPriceAlerts(db, 'pricer')).filter((a) => a.id === priceAlert.id);
    expect(alertRow.triggered_session).toBe('2026-11-23');
    const digests = await db
      .select({ uid: notificationDigests.userUid, session: notificationDigests.session })
      .from(notificationDigests)
      .orderBy(notificationDigests.userUid);
    expect(digests).toEqual([
      { uid: 'pricer', session: '2026-11-23' },
      { uid: 'watcher', session: '2026-11-23' },
    ]);
  });
});
