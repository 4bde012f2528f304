/** The signed-in user's notifications and settings (issue 17), and the unsubscribe link of e-mails. */
import type { NotificationListResponse, NotificationSettingsDto } from '@/lib/types/signals';
import { NOTIFICATION_LIST_LIMIT } from '@/lib/schemas/signals';
import type { MarketId } from '@/lib/constants';
import type { Db } from '@/server/db';
import { DomainError } from '@/server/services/errors';
import {
  countUnread,
  getNotificationSettings,
  listNotifications,
  markRead,
  getUserLanguage,
  saveNotificationSettings,
  setUserLanguage,
} from '@/server/repositories/notificationRepository';

import { verifyUnsubscribeToken } from './unsubscribeToken';

export async function getNotifications(
  db: Db,
  uid: string,
  q: { unread: boolean },
): Promise<NotificationListResponse> {
  const [rows, unread] = await Promise.all([
    listNotifications(db, uid, { unread: q.unread, limit: NOTIFICATION_LIST_LIMIT }),
    countUnread(db, uid),
  ]);
  return {
    unread,
    items: rows.map((r) => ({
      id: r.id,
      ticker_id: r.tickerId,
      symbol: r.symbol,
      long_name: r.name,
      country_id: r.countryId as MarketId,
      session: r.session,
      changes: r.changes,
      read: r.readAt !== null,
      created_at: r.createdAt.toISOString(),
    })),
  };
}

/** Mark some (ids not the caller's are ignored) or all of the caller's notifications read. */
export async function markNotificationsRead(
  db: Db,
  uid: string,
  body: { ids: number[] } | { all: true },
): Promise<{ updated: number; unread: number }> {
  const updated = await markRead(db, uid, 'all' in body ? 'all' : body.ids);
  return { updated, unread: await countUnread(db, uid) };
}

export type SettingsResponse = NotificationSettingsDto & { language: 'nb' | 'en' };

export async function getSettings(db: Db, uid: string): Promise<SettingsResponse> {
  const [settings, language] = await Promise.all([
    getNotificationSettings(db, uid),
    getUserLanguage(db, uid),
  ]);
  if (language === undefined) throw new DomainError('not_found', 'USER_NOT_FOUND', 'No such user');
  return { in_app: settings.inApp, email: settings.email, language };
}

export async function updateSettings(
  db: Db,
  uid: string,
  body: { in_app?: boolean; email?: boolean; language?: 'nb' | 'en' },
): Promise<SettingsResponse> {
  const language = await getUserLanguage(db, uid);
  if (language === undefined) throw new DomainError('not_found', 'USER_NOT_FOUND', 'No such user');
  if (body.language && body.language !== language) await setUserLanguage(db, uid, body.language);
  if (body.in_app !== undefined || body.email !== undefined) {
    await saveNotificationSettings(db, uid, { inApp: body.in_app, email: body.email });
  }
  return getSettings(db, uid);
}

/** The unsubscribe link: turns e-mail alerts off for the token's user, without signing in. */
export async function unsubscribe(db: Db, token: string): Promise<{ email: false }> {
  const uid = verifyUnsubscribeToken(token);
  if (uid === null || (await getUserLanguage(db, uid)) === undefined) {
    throw new DomainError('invalid', 'INVALID_TOKEN', 'The unsubscribe link is invalid');
  }
  await saveNotificationSettings(db, uid, { email: false });
  return { email: false };
}
