/** @jest-environment node */
// Issue 40: UNSUBSCRIBE_SECRET=x was accepted (one token revealed it, then tokens for any uid could
// be forged) and tokens never expired. Now: at least 32 bytes, a version and an expiry.
import crypto from 'node:crypto';
import {
  UNSUBSCRIBE_TOKEN_DAYS,
  createUnsubscribeToken,
  unsubscribeSecret,
  verifyUnsubscribeToken,
} from '@/server/services/alerts/unsubscribeToken';

const SECRET = Buffer.from('0123456789abcdef0123456789abcdef', 'utf8'); // 32 bytes
const NOW = new Date('2026-11-28T12:00:00Z');

describe('unsubscribe tokens', () => {
  it('refuses an UNSUBSCRIBE_SECRET under 32 bytes and takes one of 32', () => {
    expect(() => unsubscribeSecret({ UNSUBSCRIBE_SECRET: 'x' })).toThrow(/at least 32 bytes \(it is 1\)/);
    expect(() => unsubscribeSecret({ UNSUBSCRIBE_SECRET: 'a'.repeat(31) })).toThrow(/at least 32 bytes/);
    expect(unsubscribeSecret({ UNSUBSCRIBE_SECRET: 'a'.repeat(32) })).toHaveLength(32);
  });

  it('works until its expiry (90 days) and not after', () => {
    const token = createUnsubscribeToken('uid-1', SECRET, NOW);
    // 2026-11-28T12:00:00Z is 1795867200 s; + 90 × 86 400 = 1803643200.
    expect(token.split('.').slice(0, 3)).toEqual([
      'v2',
      Buffer.from('uid-1').toString('base64url'),
      '1803643200',
    ]);
    expect(UNSUBSCRIBE_TOKEN_DAYS).toBe(90);
    expect(verifyUnsubscribeToken(token, SECRET, new Date('2027-02-26T11:59:59Z'))).toBe('uid-1');
    expect(verifyUnsubscribeToken(token, SECRET, new Date('2027-02-26T12:00:00Z'))).toBeNull();
  });

  it('refuses another secret, a changed expiry or uid, and the old unversioned format', () => {
    const token = createUnsubscribeToken('uid-1', SECRET, NOW);
    expect(verifyUnsubscribeToken(token, Buffer.from('another secret of thirty-two b.'), NOW)).toBeNull();
    const [v, uid, , sig] = token.split('.');
    expect(verifyUnsubscribeToken([v, uid, '9999999999', sig].join('.'), SECRET, NOW)).toBeNull();
    const other = Buffer.from('uid-2').toString('base64url');
    expect(verifyUnsubscribeToken([v, other, '1803643200', sig].join('.'), SECRET, NOW)).toBeNull();
    // The issue-17 format: <uid>.<HMAC of "unsubscribe:<uid>">, valid forever: refused now.
    const legacy = `${uid}.${crypto.createHmac('sha256', SECRET).update('unsubscribe:uid-1').digest('base64url')}`;
    expect(verifyUnsubscribeToken(legacy, SECRET, NOW)).toBeNull();
  });
});
