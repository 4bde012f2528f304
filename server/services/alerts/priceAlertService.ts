/**
 * Price alerts (issue 25): the user's list (GET, POST, DELETE, re-arm) and the check at each market
 * refresh. A triggered alert becomes a line of the (user, ticker, session) notification — the same
 * notifications and e-mail digest as the signal alerts — and is marked triggered until re-armed.
 */
import { currencyForCountry, type MarketId } from '@/lib/constants';
import { MAX_PRICE_ALERTS, type PriceAlertDto } from '@/lib/types/priceAlerts';
import type { PriceAlertCreate } from '@/lib/schemas/priceAlerts';
import type { PriceAlertChangeDto } from '@/lib/types/signals';
import type { Db } from '@/server/db';
import { crossedPriceAlerts } from '@/server/domain/priceAlerts';
import { findTickerById } from '@/server/repositories/marketRepository';
import {
  appendNotificationChanges,
  deletePriceAlert,
  findPriceAlert,
  insertPriceAlert,
  listArmedPriceAlerts,
  listPriceAlerts,
  markPriceAlertsTriggered,
  rearmPriceAlert,
  type PriceAlertRow,
} from '@/server/repositories/priceAlertRepository';
import { listRecipients } from '@/server/repositories/notificationRepository';

import { conflictError, notFoundError } from '../errors';

function toDto(row: PriceAlertRow): PriceAlertDto {
  return {
    id: row.id,
    ticker_id: row.tickerId,
    symbol: row.symbol,
    long_name: row.name,
    country_id: row.countryId as MarketId,
    currency: currencyForCountry(row.countryId),
    direction: row.direction === 'below' ? 'below' : 'above',
    price: row.price,
    note: row.note,
    created_at: row.createdAt.toISOString(),
    triggered_at: row.triggeredAt ? row.triggeredAt.toISOString() : null,
    triggered_session: row.triggeredSession,
    triggered_close: row.triggeredClose,
  };
}

const alertNotFound = () => notFoundError('Price alert not found', 'PRICE_ALERT_NOT_FOUND');

export async function getPriceAlerts(db: Db, uid: string): Promise<PriceAlertDto[]> {
  return (await listPriceAlerts(db, uid)).map(toDto);
}

/** Create an alert (404 unknown ticker, 409 PRICE_ALERT_LIMIT at MAX_PRICE_ALERTS). */
export async function createPriceAlert(db: Db, uid: string, input: PriceAlertCreate): Promise<PriceAlertDto> {
  const ticker = await findTickerById(db, input.ticker_id);
  if (!ticker) throw notFoundError('Ticker not found', 'TICKER_NOT_FOUND');
  const id = await insertPriceAlert(
    db,
    {
      userUid: uid,
      tickerId: input.ticker_id,
      direction: input.direction,
      price: input.price,
      note: input.note,
    },
    MAX_PRICE_ALERTS,
  );
  if (id === null) {
    throw conflictError('PRICE_ALERT_LIMIT', `At most ${MAX_PRICE_ALERTS} price alerts per user`, {
      limit: MAX_PRICE_ALERTS,
    });
  }
  return toDto((await findPriceAlert(db, uid, id))!);
}

export async function removePriceAlert(db: Db, uid: string, id: number): Promise<void> {
  if (!(await deletePriceAlert(db, uid, id))) throw alertNotFound();
}

/** Arm a triggered alert again (the alert as it is now). */
export async function rearmAlert(db: Db, uid: string, id: number): Promise<PriceAlertDto> {
  if (!(await rearmPriceAlert(db, uid, id))) throw alertNotFound();
  return toDto((await findPriceAlert(db, uid, id))!);
}

export interface PriceAlertCheckResult {
  /** Alerts this check triggered (each at most once). */
  triggered: {
    id: number;
    uid: string;
    tickerId: number;
    direction: 'above' | 'below';
    price: number;
    close: number;
  }[];
}

/**
 * The refresh's price-alert step: the armed alerts crossed by the session's closes are marked
 * triggered (at `now`) and become notification lines for the session. Users with in-app
 * notifications off, or without an active subscription, get none (their alert is still marked). Hooked into the signal-alert delivery
 * of recomputeAnalysis (one call per market and session).
 */
export async function checkPriceAlerts(
  db: Db,
  refresh: { session: string; closes: ReadonlyMap<number, number>; now: Date },
): Promise<PriceAlertCheckResult> {
  const armed = await listArmedPriceAlerts(db, [...refresh.closes.keys()]);
  const crossed = crossedPriceAlerts(armed, refresh.closes);
  if (crossed.length === 0) return { triggered: [] };
  const marked = await markPriceAlertsTriggered(db, crossed, refresh.session, refresh.now);
  const triggered = crossed.filter((a) => marked.has(a.id));
  const recipients = new Map(
    (await listRecipients(db, [...new Set(triggered.map((a) => a.userUid))])).map((r) => [r.uid, r]),
  );
  const byPair = new Map<
    string,
    { userUid: string; tickerId: number; session: string; changes: PriceAlertChangeDto[] }
  >();
  for (const a of triggered) {
    // Only active subscribers with in-app notifications on (listRecipients leaves out the others:
    // issue 23, alerts stop with the subscription); the alert is marked triggered either way.
    if (recipients.get(a.userUid)?.inApp !== true) continue;
    const key = `${a.userUid}|${a.tickerId}`;
    const entry = byPair.get(key) ?? {
      userUid: a.userUid,
      tickerId: a.tickerId,
      session: refresh.session,
      changes: [],
    };
    entry.changes = [
      ...entry.changes,
      {
        kind: 'price',
        alert_id: a.id,
        direction: a.direction === 'below' ? 'below' : 'above',
        price: a.price,
        close: a.close,
      },
    ];
    byPair.set(key, entry);
  }
  await appendNotificationChanges(db, [...byPair.values()]);
  return {
    triggered: triggered.map((a) => ({
      id: a.id,
      uid: a.userUid,
      tickerId: a.tickerId,
      direction: a.direction === 'below' ? ('below' as const) : ('above' as const),
      price: a.price,
      close: a.close,
    })),
  };
}
