/** Request schemas of the track-record and notification routes (issue 17). */
import { z } from 'zod';

import { cappedString } from './text';
import { marketIdParam, tickerIdParam, timeframeParam } from './market';

/** GET /api/v1/ticker/{id}/track-record?timeframe=. */
export const trackRecordQuerySchema = z
  .looseObject({ id: tickerIdParam, timeframe: timeframeParam })
  .transform((q) => ({ tickerId: q.id, timeframe: q.timeframe }));

/** GET /api/v1/signals/track-record?countryID=&timeframe=. */
export const marketTrackRecordQuerySchema = z
  .looseObject({ countryID: marketIdParam('countryID'), timeframe: timeframeParam })
  .transform((q) => ({ countryId: q.countryID, timeframe: q.timeframe }));

function lastValue(value: unknown): unknown {
  return Array.isArray(value) ? value[value.length - 1] : value;
}

/** GET /api/v1/notifications?unread=true|false (default false: all, newest first). */
export const notificationListQuerySchema = z
  .looseObject({
    unread: z.preprocess(
      lastValue,
      z
        .enum(['true', 'false', '1', '0'], { error: 'unread must be true or false' })
        .optional()
        .transform((v) => v === 'true' || v === '1'),
    ),
  })
  .transform((q) => ({ unread: q.unread }));

/** Most notifications one request returns. */
export const NOTIFICATION_LIST_LIMIT = 100;

/** POST /api/v1/notifications/read: `{ ids: [..] }` or `{ all: true }`. */
export const markReadSchema = z.union([
  z.strictObject({ ids: z.array(z.number().int().positive()).min(1).max(NOTIFICATION_LIST_LIMIT) }),
  z.strictObject({ all: z.literal(true) }),
]);

export const LANGUAGES = ['nb', 'en'] as const;

/** PUT /api/v1/notifications/settings: any of in_app, email, language. */
export const notificationSettingsSchema = z
  .strictObject({
    in_app: z.boolean().optional(),
    email: z.boolean().optional(),
    language: z.enum(LANGUAGES).optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { error: 'nothing to change' });

/** POST /api/v1/notifications/unsubscribe: the signed token of an e-mail's link. */
export const unsubscribeSchema = z.strictObject({ token: cappedString(500).trim().min(3).max(500) });

/** PATCH /api/v1/watchlist/{tickerId}: alerts on or off. */
export const watchlistAlertsSchema = z.strictObject({ alerts: z.boolean() });
