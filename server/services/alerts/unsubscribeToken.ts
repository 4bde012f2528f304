/**
 * Signed unsubscribe tokens for alert e-mails (issue 17): `<uid in base64url>.<HMAC-SHA256>`, so the
 * link turns e-mail alerts off without signing in and cannot be forged for another user. The secret
 * is UNSUBSCRIBE_SECRET, or one generated once into DATA_DIR/unsubscribe-secret.
 */
import crypto from 'node:crypto';
import path from 'node:path';

import { dataDir } from '@/server/db/client';
import { readOrCreateSecret } from '@/server/secretFiles';

let cachedSecret: { key: string; secret: Buffer } | undefined;

/** The HMAC secret: from the environment, else read from (or generated into) DATA_DIR. */
export function unsubscribeSecret(env: Record<string, string | undefined> = process.env): Buffer {
  if (env.UNSUBSCRIBE_SECRET) return Buffer.from(env.UNSUBSCRIBE_SECRET, 'utf8');
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

function mac(uid: string, secret: Buffer): string {
  return crypto.createHmac('sha256', secret).update(`unsubscribe:${uid}`).digest('base64url');
}

/** A token that unsubscribes `uid` from alert e-mails. */
export function createUnsubscribeToken(uid: string, secret: Buffer = unsubscribeSecret()): string {
  return `${Buffer.from(uid, 'utf8').toString('base64url')}.${mac(uid, secret)}`;
}

/** The uid a token was made for, or null when it is malformed or not signed with `secret`. */
export function verifyUnsubscribeToken(token: string, secret: Buffer = unsubscribeSecret()): string | null {
  const [encoded, signature, extra] = token.split('.');
  if (!encoded || !signature || extra !== undefined) return null;
  const uid = Buffer.from(encoded, 'base64url').toString('utf8');
  if (!uid) return null;
  const expected = Buffer.from(mac(uid, secret));
  const given = Buffer.from(signature);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? uid : null;
}
