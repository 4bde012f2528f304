/**
 * Signed unsubscribe tokens for alert e-mails (issue 17; version, expiry and a 32-byte secret since
 * issue 40): `v2.<uid in base64url>.<expiry>.<HMAC-SHA256>`, so the
 * link turns e-mail alerts off without signing in and cannot be forged for another user. The secret
 * is UNSUBSCRIBE_SECRET, or one generated once into DATA_DIR/unsubscribe-secret.
 */
import crypto from 'node:crypto';
import path from 'node:path';

import { dataDir } from '@/server/db/client';
import { readOrCreateSecret } from '@/server/secretFiles';

let cachedSecret: { key: string; secret: Buffer } | undefined;

/** The shortest UNSUBSCRIBE_SECRET accepted (bytes): a short one can be guessed from one token. */
export const UNSUBSCRIBE_SECRET_MIN_BYTES = 32;
/** How long an unsubscribe link works: the digests are daily, a link older than this is stale. */
export const UNSUBSCRIBE_TOKEN_DAYS = 90;
/** The token format's version: a change of format or key derivation refuses older tokens. */
const VERSION = 'v2';

/**
 * The HMAC secret: UNSUBSCRIBE_SECRET (at least UNSUBSCRIBE_SECRET_MIN_BYTES bytes, else a
 * configuration error: issue 40), else read from (or generated into) DATA_DIR.
 */
export function unsubscribeSecret(env: Record<string, string | undefined> = process.env): Buffer {
  if (env.UNSUBSCRIBE_SECRET) {
    const secret = Buffer.from(env.UNSUBSCRIBE_SECRET, 'utf8');
    if (secret.length < UNSUBSCRIBE_SECRET_MIN_BYTES) {
      throw new Error(
        `UNSUBSCRIBE_SECRET must be at least ${UNSUBSCRIBE_SECRET_MIN_BYTES} bytes (it is ${secret.length}); ` +
          'generate one with: openssl rand -hex 32',
      );
    }
    return secret;
  }
  const file = path.join(dataDir(), 'unsubscribe-secret');
  if (cachedSecret?.key === file) return cachedSecret.secret;
  // At least 32 bytes, written atomically with mode 0600 (a process that loses the race reads the winner's).
  const secret = Buffer.from(
    readOrCreateSecret(
      file,
      () => crypto.randomBytes(32).toString('hex'),
      (text) => (/^[0-9a-f]*$/i.test(text) ? Buffer.from(text, 'hex').length : 0),
    ),
    'hex',
  );
  cachedSecret = { key: file, secret };
  return secret;
}

function mac(uid: string, expires: number, secret: Buffer): string {
  return crypto
    .createHmac('sha256', secret)
    .update(`unsubscribe:${VERSION}:${expires}:${uid}`)
    .digest('base64url');
}

/**
 * A token that unsubscribes `uid` from alert e-mails until UNSUBSCRIBE_TOKEN_DAYS after `now`:
 * `v2.<uid in base64url>.<expiry, Unix seconds>.<HMAC-SHA256 of version, expiry and uid>`.
 */
export function createUnsubscribeToken(
  uid: string,
  secret: Buffer = unsubscribeSecret(),
  now: Date = new Date(),
): string {
  const expires = Math.floor(now.getTime() / 1000) + UNSUBSCRIBE_TOKEN_DAYS * 86_400;
  return `${VERSION}.${Buffer.from(uid, 'utf8').toString('base64url')}.${expires}.${mac(uid, expires, secret)}`;
}

/**
 * The uid a token was made for, or null when it is malformed, of another version (the old
 * two-part tokens included), expired at `now`, or not signed with `secret`.
 */
export function verifyUnsubscribeToken(
  token: string,
  secret: Buffer = unsubscribeSecret(),
  now: Date = new Date(),
): string | null {
  const [version, encoded, expiry, signature, extra] = token.split('.');
  if (version !== VERSION || !encoded || !expiry || !signature || extra !== undefined) return null;
  if (!/^\d{1,12}$/.test(expiry)) return null;
  const expires = Number(expiry);
  if (expires * 1000 <= now.getTime()) return null;
  const uid = Buffer.from(encoded, 'base64url').toString('utf8');
  if (!uid) return null;
  const expected = Buffer.from(mac(uid, expires, secret));
  const given = Buffer.from(signature);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? uid : null;
}
