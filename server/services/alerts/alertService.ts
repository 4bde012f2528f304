/**
 * Signal alerts (issue 17). `notifySignalChanges` is the listener of a market refresh: given the
 * market, the session it reached and the signals that changed, it stores one notification per
 * interested user and ticker (none twice for the same session) and, when SMTP_URL is set, sends each
 * user with e-mail on one digest for the session — in the background, with retries, so the refresh
 * never waits for a mail server. marketMoved.deliverMarketMoved (the one delivery path) calls it with
 * what recomputeAnalysis reported as moved.
 *
 * The same notifications and digest carry the chart patterns that completed on a held or watched
 * share (issue 42: the same interested users as the signal changes) and, for users who turned the
 * ex-date alerts on (income settings), the dividends going ex on a share they hold in any of their
 * portfolios (issue 41). Both are lines of the (user, ticker, session) notification, added once.
 */
import { errorText } from '@/server/logging/describeError';
import { isMarketId, marketById, type MarketId } from '@/lib/constants';
import type { NotificationChangeDto, SignalChangeDto } from '@/lib/types/signals';
import type { Db } from '@/server/db';
import {
  alertedChangesByTicker,
  holdsShares,
  planAlerts,
  planExDateAlerts,
  planPatternAlerts,
  type ExDateHolding,
  type ExDividend,
  type PlannedAlert,
  type SignalChange,
  type SignalRefresh,
  type TriggeredPriceAlert,
} from '@/server/domain/alerts';
import { normalizeTransactions, type Transaction } from '@/server/domain/portfolio';
import { listExDateAlertUsers } from '@/server/repositories/incomeSettingsRepository';
import { listTickerRows } from '@/server/repositories/marketRepository';
import {
  addNotificationLines,
  claimDigest,
  finishDigest,
  insertNotifications,
  listAlertWatchers,
  listRecipients,
  listSubscribedTransactions,
  listUsersTransactions,
  type RecipientRow,
} from '@/server/repositories/notificationRepository';

import { buildDigestMessage, mailLanguage, type DigestItem } from './alertEmail';
import { createMailer, sendWithRetry, type Mailer } from './mailer';
import { toTransactionInput } from '@/server/services/portfolio';
import { createUnsubscribeToken } from './unsubscribeToken';

export type { SignalChange, SignalRefresh };

export interface NotifyOptions {
  /** The mailer (default: from SMTP_URL; null sends nothing). */
  mailer?: Mailer | null;
  /** Base URL of the links in e-mails (default APP_BASE_URL, else http://localhost:PORT). */
  baseUrl?: string;
  /** Retries of one e-mail (default 3 tries, 2 s then 4 s apart). */
  retry?: { attempts?: number; delayMs?: number };
}

export interface DigestOutcome {
  uid: string;
  sent: boolean;
  attempts: number;
  error?: string;
}

export interface NotifyResult {
  /** Notifications stored now (pairs already notified for the session are not counted). */
  created: number;
  /** Users told about at least one ticker. */
  users: number;
  /** Settles when every digest of this refresh was sent or gave up; never rejects. */
  emails: Promise<DigestOutcome[]>;
}

function toChangeDto(c: SignalChange): SignalChangeDto {
  return { timeframe: c.timeframe, previous_signal: c.previousSignal, signal: c.signal };
}

/** (user, ticker) pairs interested in `tickerIds`: shares held in a subscribed portfolio, or watched with alerts on. */
async function interestedUsers(db: Db, tickerIds: number[]): Promise<{ uid: string; tickerId: number }[]> {
  const [transactions, watchers] = await Promise.all([
    listSubscribedTransactions(db, tickerIds),
    listAlertWatchers(db, tickerIds),
  ]);
  const byHolding = new Map<string, { uid: string; tickerId: number; rows: typeof transactions }>();
  for (const row of transactions) {
    const key = `${row.portfolioId}:${row.tickerId}`;
    const holding = byHolding.get(key) ?? { uid: row.uid, tickerId: row.tickerId, rows: [] };
    holding.rows.push(row);
    byHolding.set(key, holding);
  }
  const holders: { uid: string; tickerId: number }[] = [];
  for (const holding of byHolding.values()) {
    try {
      if (holdsShares(normalizeTransactions(holding.rows.map(toTransactionInput)))) holders.push(holding);
    } catch {
      // A history the portfolio rules reject (it cannot be stored through the API) holds nothing.
    }
  }
  return [...holders, ...watchers];
}

/** A (user, ticker)'s lines beyond the signal changes: completed patterns and ex-dates. */
interface ExtraLines {
  uid: string;
  tickerId: number;
  changes: NotificationChangeDto[];
}

/** One portfolio's events of one ticker in the ledger's form, or null when the rules reject them. */
function portfolioEvents(rows: Parameters<typeof toTransactionInput>[0][]): Transaction[] | null {
  try {
    return normalizeTransactions(rows.map(toTransactionInput));
  } catch {
    // A history the portfolio rules reject (it cannot be stored through the API) holds nothing.
    return null;
  }
}

/** Issue 41: the ex-date lines of `goingEx` for the users who turned ex-date alerts on and hold the share. */
async function exDateLines(db: Db, goingEx: readonly ExDividend[]): Promise<ExtraLines[]> {
  if (goingEx.length === 0) return [];
  const uids = await listExDateAlertUsers(db);
  const rows = await listUsersTransactions(db, uids, [...new Set(goingEx.map((d) => d.tickerId))]);
  const byHolding = new Map<
    string,
    { uid: string; tickerId: number; byPortfolio: Map<number, typeof rows> }
  >();
  for (const row of rows) {
    const key = `${row.uid}:${row.tickerId}`;
    const holding = byHolding.get(key) ?? { uid: row.uid, tickerId: row.tickerId, byPortfolio: new Map() };
    holding.byPortfolio.set(row.portfolioId, [...(holding.byPortfolio.get(row.portfolioId) ?? []), row]);
    byHolding.set(key, holding);
  }
  const holdings: ExDateHolding[] = [...byHolding.values()].map((h) => ({
    uid: h.uid,
    tickerId: h.tickerId,
    portfolios: [...h.byPortfolio.values()]
      .map(portfolioEvents)
      .filter((p): p is Transaction[] => p !== null),
  }));
  return planExDateAlerts(goingEx, holdings).map((a) => ({
    uid: a.uid,
    tickerId: a.tickerId,
    changes: [a.change],
  }));
}

/** The lines of several plans, one entry per (user, ticker), in the order given. */
function mergeLines(...plans: ExtraLines[][]): ExtraLines[] {
  const byPair = new Map<string, ExtraLines>();
  for (const plan of plans) {
    for (const p of plan) {
      const key = `${p.uid}\u0000${p.tickerId}`;
      const entry = byPair.get(key);
      if (entry) entry.changes = [...entry.changes, ...p.changes];
      else byPair.set(key, { uid: p.uid, tickerId: p.tickerId, changes: [...p.changes] });
    }
  }
  return [...byPair.values()];
}

/**
 * Store the notifications of a refresh and start its e-mail digests. Changes other than the overall
 * and the medium-term signal are ignored.
 */
export async function notifySignalChanges(
  db: Db,
  refresh: SignalRefresh,
  opts: NotifyOptions = {},
): Promise<NotifyResult> {
  const none: NotifyResult = { created: 0, users: 0, emails: Promise.resolve([]) };
  const byTicker = alertedChangesByTicker(refresh.changes);
  // Triggered price alerts are stored already (priceAlertService); they only join the e-mail digest.
  const priced = refresh.priceAlerts ?? [];
  const completed = refresh.patterns ?? [];
  const goingEx = refresh.exDividends ?? [];
  if (byTicker.size === 0 && priced.length === 0 && completed.length === 0 && goingEx.length === 0) {
    return none;
  }
  const watched = [...new Set([...byTicker.keys(), ...completed.map((p) => p.tickerId)])];
  const interested = watched.length === 0 ? [] : await interestedUsers(db, watched);
  const plan = byTicker.size === 0 ? [] : planAlerts(byTicker, interested);
  const extra = mergeLines(planPatternAlerts(completed, interested), await exDateLines(db, goingEx));
  if (plan.length === 0 && priced.length === 0 && extra.length === 0) return none;

  const recipients = new Map(
    (
      await listRecipients(db, [
        ...new Set([...plan.map((p) => p.uid), ...priced.map((a) => a.uid), ...extra.map((e) => e.uid)]),
      ])
    ).map((r) => [r.uid, r]),
  );
  const inApp = (uid: string) => recipients.get(uid)?.inApp === true;
  const inserted =
    plan.length === 0
      ? []
      : await insertNotifications(
          db,
          plan
            .filter((p) => inApp(p.uid))
            .map((p) => ({
              userUid: p.uid,
              tickerId: p.tickerId,
              session: refresh.session,
              changes: p.changes.map(toChangeDto),
            })),
        );
  // After the signal changes, so a pair with both has one notification with every line.
  const added = await addNotificationLines(
    db,
    extra
      .filter((e) => inApp(e.uid))
      .map((e) => ({ userUid: e.uid, tickerId: e.tickerId, session: refresh.session, changes: e.changes })),
  );

  const mailer = opts.mailer === undefined ? createMailer() : opts.mailer;
  const emails =
    mailer && isMarketId(refresh.marketId)
      ? sendDigests(db, mailer, refresh.marketId, refresh.session, plan, priced, extra, recipients, opts)
      : Promise.resolve([]);
  return {
    created: new Set([...inserted, ...added].map((n) => n.id)).size,
    users: new Set([...plan.map((p) => p.uid), ...extra.map((e) => e.uid)]).size,
    emails,
  };
}

/** Default base URL of e-mail links. */
export function appBaseUrl(env: Record<string, string | undefined> = process.env): string {
  return (env.APP_BASE_URL || `http://localhost:${env.PORT || 3000}`).replace(/\/+$/, '');
}

/** One digest per user with e-mail on; each claimed first, so a repeated refresh sends nothing twice. */
async function sendDigests(
  db: Db,
  mailer: Mailer,
  marketId: MarketId,
  session: string,
  plan: readonly PlannedAlert[],
  priced: readonly TriggeredPriceAlert[],
  extra: readonly ExtraLines[],
  recipients: ReadonlyMap<string, RecipientRow>,
  opts: NotifyOptions,
): Promise<DigestOutcome[]> {
  try {
    const tickers = new Map((await listTickerRows(db, { countryId: marketId })).map((t) => [t.id, t]));
    const byUser = new Map<string, DigestItem[]>();
    // One item per (user, ticker): its signal changes first, then its triggered price alerts, patterns, ex-dates.
    const add = (uid: string, tickerId: number, changes: NotificationChangeDto[]) => {
      const ticker = tickers.get(tickerId);
      const recipient = recipients.get(uid);
      // A user without an e-mail address still gets the in-app notification.
      if (!ticker || !recipient?.emailOn || !recipient.email) return;
      const items = byUser.get(uid) ?? [];
      const item = items.find((i) => i.tickerId === tickerId);
      if (item) item.changes = [...item.changes, ...changes];
      else
        items.push({
          tickerId,
          symbol: ticker.symbol,
          name: ticker.name,
          currency: ticker.currency,
          changes,
        });
      byUser.set(uid, items);
    };
    for (const p of plan) add(p.uid, p.tickerId, p.changes.map(toChangeDto));
    for (const a of priced) {
      add(a.uid, a.tickerId, [
        { kind: 'price', alert_id: a.alertId, direction: a.direction, price: a.price, close: a.close },
      ]);
    }
    for (const e of extra) add(e.uid, e.tickerId, e.changes);
    const outcomes: DigestOutcome[] = [];
    // One user at a time: a digest run is small, and a slow server should not get a burst.
    for (const [uid, items] of byUser) {
      const recipient = recipients.get(uid)!;
      const to = recipient.email;
      if (!to || !(await claimDigest(db, uid, marketId, session))) continue;
      const message = buildDigestMessage({
        to,
        language: mailLanguage(recipient.language),
        firstName: recipient.firstName,
        session,
        marketName: marketById(marketId).name,
        items,
        baseUrl: opts.baseUrl ?? appBaseUrl(),
        unsubscribeToken: createUnsubscribeToken(uid),
      });
      try {
        const attempts = await sendWithRetry(mailer, message, opts.retry);
        await finishDigest(db, { uid, countryId: marketId, session }, { sent: true, attempts });
        outcomes.push({ uid, sent: true, attempts });
      } catch (err) {
        const attempts = (err as { attempts?: number }).attempts ?? 1;
        // Stored in notification_digests and logged: redacted (a mailer's error can quote addresses).
        const error = errorText(err);
        console.error(`alerts: the digest for ${uid} (${session}) was not sent: ${error}`);
        await finishDigest(db, { uid, countryId: marketId, session }, { sent: false, attempts, error });
        outcomes.push({ uid, sent: false, attempts, error });
      }
    }
    return outcomes;
  } catch (err) {
    console.error(`alerts: the e-mail digests stopped: ${errorText(err)}`);
    return [];
  }
}
