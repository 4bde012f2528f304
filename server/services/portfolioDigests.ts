/**
 * Per portfolio revision, the digest of each ticker's transactions (transactionDigests): the key
 * under which per-ticker figures are reused. Reading them costs a pass over every transaction of
 * the portfolio, so a write that changes one ticker carries them over to the revision it makes:
 * the digests of the revision it replaced, with that ticker's recomputed (from its rows only).
 */
import type { Db } from '@/server/db';
import { touchPortfolio, transactionDigests } from '@/server/repositories/portfolioRepository';
import { sharedCache } from './portfolioCache';

const TEN_MINUTES = 10 * 60_000;

const digestCache = sharedCache<ReadonlyMap<number, string>>('digests', 64, TEN_MINUTES);

/** The caller's portfolio's digests at `revision`, from the memo or read; undefined when the portfolio is not theirs. */
export async function revisionDigests(
  db: Db,
  uid: string,
  portfolioId: number,
  revision: string,
): Promise<ReadonlyMap<number, string> | undefined> {
  const cached = digestCache.get(`${portfolioId}|${revision}`);
  if (cached) return cached;
  const read = await transactionDigests(db, uid, portfolioId);
  if (!read) return undefined;
  // The statement read its own revision: a write that landed after `revision` is filed under its own.
  digestCache.set(`${portfolioId}|${read.revision}`, read.digests);
  return read.digests;
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
