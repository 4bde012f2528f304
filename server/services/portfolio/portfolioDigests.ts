/**
 * Per portfolio revision, the digest of each ticker's transactions (digestOf, transactionDigests):
 * the key under which per-ticker figures are reused. Knowing them for a revision nobody has seen
 * costs a read of every transaction of the portfolio (portfolioAnalyticsInputs' cold read), so a
 * write that changes one ticker carries them over to the revision it makes: the digests of the
 * revision it replaced, with that ticker's recomputed (from its rows only, in the database).
 */
import type { Db } from '@/server/db';
import { touchPortfolio, transactionDigests } from '@/server/repositories/portfolioRepository';
import { sharedCache } from './portfolioCache';

const TEN_MINUTES = 10 * 60_000;

const digestCache = sharedCache<ReadonlyMap<number, string>>('digests', 64, TEN_MINUTES);

/** The portfolio's digests at `revision`, when known (read or carried over by a write). */
export function cachedDigests(
  portfolioId: number,
  revision: string,
): ReadonlyMap<number, string> | undefined {
  return digestCache.get(`${portfolioId}|${revision}`);
}

/** Remember the digests computed from the rows of `revision` (a cold read of the whole portfolio). */
export function rememberDigests(
  portfolioId: number,
  revision: string,
  digests: ReadonlyMap<number, string>,
): void {
  digestCache.set(`${portfolioId}|${revision}`, digests);
}

/** What a write to one ticker needs to carry the digests over once it has committed. */
export interface DigestCarry {
  portfolioId: number;
  tickerId: number;
  before: string;
  after: string;
  digest: string | undefined;
}

/**
 * Inside a write's database transaction, holding the portfolio's lock, after the ticker's rows
 * were written: read that ticker's new digest (and the revision being replaced), then mark the
 * portfolio as changed (touchPortfolio). Every transaction write takes the lock first, so nothing
 * else changed the portfolio between the two revisions.
 */
export async function touchAfterTickerWrite(
  tx: Db,
  uid: string,
  portfolioId: number,
  tickerId: number,
): Promise<DigestCarry | undefined> {
  const read = await transactionDigests(tx, uid, portfolioId, [tickerId]);
  const after = await touchPortfolio(tx, portfolioId);
  if (!read || after === undefined) return undefined;
  return { portfolioId, tickerId, before: read.revision, after, digest: read.digests.get(tickerId) };
}

/** After the write committed: the new revision's digests, when the replaced revision's are known. */
export function carryDigests(carry: DigestCarry | undefined): void {
  if (!carry) return;
  const before = digestCache.get(`${carry.portfolioId}|${carry.before}`);
  if (!before) return;
  const after = new Map(before);
  if (carry.digest === undefined) after.delete(carry.tickerId);
  else after.set(carry.tickerId, carry.digest);
  digestCache.set(`${carry.portfolioId}|${carry.after}`, after);
}
