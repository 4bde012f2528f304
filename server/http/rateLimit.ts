/**
 * Rate limits kept in the database (table `rate_limits`), so they hold across several app
 * instances: a fixed window per bucket and caller, counted with one atomic upsert that PGlite and
 * PostgreSQL both run. The caller is the verified token's uid when signed in, else the client
 * address (X-Forwarded-For only when TRUST_PROXY says how many proxies to trust). Over the limit:
 * 429 with Retry-After and the one error body.
 *
 * Use: `POST: rateLimited('write', portfolioRoute(...))` — one wrapper around any route handler.
 */
import { errorText } from '@/server/logging/describeError';
import type { IncomingMessage } from 'node:http';
import { inArray, lt, sql } from 'drizzle-orm';
import { getDb, type Db } from '@/server/db';
import { rateLimits, type RateLimitBucketName } from '@/server/db/schema';
import { bearerToken, verifyIdToken } from '@/server/auth/verifyToken';
import type { RouteHandler } from './apiHandler';
import { HttpError } from './errors';

/** The buckets and what they guard. Add a bucket here (with its default) to use a new one. */
export const RATE_LIMIT_DEFAULTS = {
  /** POST /api/v1/user/create, by client address (every new account is a new uid). */
  signup: { limit: 10, windowSeconds: 3600 },
  /** Portfolio, transaction, watchlist and profile writes. */
  write: { limit: 120, windowSeconds: 60 },
  /** Broker file imports. */
  import: { limit: 20, windowSeconds: 3600 },
  /** Header search (autocomplete): one request per keystroke after the debounce. */
  search: { limit: 120, windowSeconds: 60 },
  /** Article and image writes (admin). */
  content: { limit: 60, windowSeconds: 60 },
  /** POST /api/v1/notifications/unsubscribe (the link in alert e-mails, no sign-in), by client address. */
  unsubscribe: { limit: 30, windowSeconds: 3600 },
  /** Checkout, portal and the demo payment actions, per user (issue 23 item 9). */
  billing: { limit: 10, windowSeconds: 60 },
  /** The public stock pages' API (no sign-in), by client address (issue 40). */
  public: { limit: 120, windowSeconds: 60 },
} as const satisfies Record<RateLimitBucketName, RateLimitRule>;

export type RateLimitBucket = keyof typeof RATE_LIMIT_DEFAULTS;

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

/** Buckets counted per client address even when the caller is signed in. */
const BY_ADDRESS: ReadonlySet<RateLimitBucket> = new Set(['signup', 'unsubscribe', 'public']);

const envName = (bucket: RateLimitBucket) => `RATE_LIMIT_${bucket.toUpperCase()}`;

/**
 * The rule for a bucket: `RATE_LIMIT_<BUCKET>=<limit>/<seconds>` (e.g. `RATE_LIMIT_WRITE=120/60`)
 * overrides the default; `off` disables the bucket. A malformed value is a configuration error.
 */
export function rateLimitRule(
  bucket: RateLimitBucket,
  env: Partial<Record<string, string | undefined>> = process.env,
): RateLimitRule | undefined {
  const raw = env[envName(bucket)]?.trim();
  if (!raw) return RATE_LIMIT_DEFAULTS[bucket];
  if (raw.toLowerCase() === 'off') return undefined;
  const match = /^(\d+)\s*\/\s*(\d+)$/.exec(raw);
  const limit = match ? Number(match[1]) : NaN;
  const windowSeconds = match ? Number(match[2]) : NaN;
  if (!(limit >= 1 && windowSeconds >= 1 && windowSeconds <= 86_400 * 7)) {
    throw new Error(`${envName(bucket)} must be "<limit>/<seconds>" (e.g. 120/60) or "off", not "${raw}"`);
  }
  return { limit, windowSeconds };
}

/**
 * The client address: the socket's peer, or with TRUST_PROXY=<n> (n trusted proxies in front of
 * the app; `true` means 1) the n-th address from the right of X-Forwarded-For — the one the
 * outermost trusted proxy saw. Anything a client puts further left is ignored.
 */
export function clientAddress(
  req: Pick<IncomingMessage, 'headers' | 'socket'>,
  env: Partial<Record<string, string | undefined>> = process.env,
): string {
  const peer = req.socket?.remoteAddress ?? 'unknown';
  const trust = env.TRUST_PROXY?.trim().toLowerCase();
  const hops = trust === 'true' ? 1 : Number(trust);
  if (!trust || !Number.isInteger(hops) || hops < 1) return peer;
  const header = req.headers['x-forwarded-for'];
  const list = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.length === 0) return peer;
  return list[Math.max(0, list.length - hops)].slice(0, 64);
}

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  limit: number;
  /** Seconds until the window resets (at least 1). */
  retryAfter: number;
}

let consumed = 0;
const CLEANUP_EVERY = 500;

/**
 * Count one request for `key` in the fixed window containing `now` and say whether it is within
 * `rule`. One statement: insert the counter, or add one to it in the same window, or restart it
 * at 1 when its window has passed. Concurrent requests (any instance) serialise on the row.
 */
export async function consumeRateLimit(
  db: Db,
  key: string,
  rule: RateLimitRule,
  now: Date = new Date(),
): Promise<RateLimitResult> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const expiresAt = new Date(windowStart.getTime() + windowMs);
  const rows = await db
    .insert(rateLimits)
    .values({ key, windowStart, expiresAt, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} < excluded.window_start then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`greatest(${rateLimits.windowStart}, excluded.window_start)`,
        expiresAt: sql`greatest(${rateLimits.expiresAt}, excluded.expires_at)`,
      },
    })
    .returning({ count: rateLimits.count, expiresAt: rateLimits.expiresAt });
  const { count, expiresAt: ends } = rows[0];
  consumed += 1;
  if (consumed % CLEANUP_EVERY === 0) void cleanupExpiredRateLimits(db, now);
  return {
    allowed: count <= rule.limit,
    count,
    limit: rule.limit,
    retryAfter: Math.max(1, Math.ceil((new Date(ends).getTime() - now.getTime()) / 1000)),
  };
}

const CLEANUP_BATCH = 500;
let cleaning: Promise<number> | undefined;

/**
 * Delete the counters of callers who went quiet (their window is over; a new request starts at 1
 * anyway) in the background, off the request path: batches of CLEANUP_BATCH rows with a turn of the
 * event loop between them, one cleanup at a time. Resolves to the number of rows deleted; a failure
 * is logged and left for the next round.
 */
export function cleanupExpiredRateLimits(db: Db, now: Date = new Date()): Promise<number> {
  if (cleaning) return cleaning;
  cleaning = (async () => {
    let total = 0;
    try {
      for (;;) {
        const expired = db
          .select({ key: rateLimits.key })
          .from(rateLimits)
          .where(lt(rateLimits.expiresAt, now))
          .limit(CLEANUP_BATCH);
        const deleted = await db
          .delete(rateLimits)
          .where(inArray(rateLimits.key, expired))
          .returning({ key: rateLimits.key });
        total += deleted.length;
        if (deleted.length < CLEANUP_BATCH) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
    } catch (err) {
      console.error(`[rate-limit] cleanup failed: ${errorText(err)}`);
    } finally {
      cleaning = undefined;
    }
    return total;
  })();
  return cleaning;
}

/**
 * The part of a client address a limit counts: an IPv4 address as it is, an IPv6 address by its
 * /64 network (one subscriber line usually holds a whole /64, so rotating inside it must not
 * give new allowances). IPv4-mapped IPv6 ("::ffff:1.2.3.4") counts as the IPv4 address.
 */
export function addressKey(address: string): string {
  // A port is no part of the client (issue 40: "1.2.3.4:5678" and ":5679" were two clients), as a
  // proxy may write it into X-Forwarded-For: "1.2.3.4:5678", "[2001:db8::1]:443".
  const bare =
    /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(address)?.[1] ??
    /^\[([^\]]+)\](?::\d{1,5})?$/.exec(address)?.[1] ??
    address;
  const lower = bare.toLowerCase().replace(/%.*$/, '');
  if (!lower.includes(':')) return lower;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  if (mapped) return mapped[1];
  const [head, tail = ''] = lower.split('::');
  const left = head ? head.split(':') : [];
  const right = lower.includes('::') && tail ? tail.split(':') : [];
  const groups = lower.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  if (groups.length !== 8 || groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return lower;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0{1,3}(?=.)/, ''))
    .join(':')}::/64`;
}

/** Who is calling, for the bucket's key: the verified token's uid, else the client address. */
async function callerKey(req: IncomingMessage, bucket: RateLimitBucket): Promise<string> {
  if (!BY_ADDRESS.has(bucket) && req.headers.authorization) {
    try {
      // Cached (server/auth/authCache), so the route's own withAuth does not verify twice.
      const token = await verifyIdToken(bearerToken(req.headers.authorization));
      return `u:${token.uid}`;
    } catch {
      // Not a valid token: counted by address; the route answers 401 itself.
    }
  }
  return `a:${addressKey(clientAddress(req))}`;
}

/** The 429 of the one error body, with Retry-After. */
export function tooManyRequests(retryAfter: number): HttpError {
  return new HttpError(
    429,
    'RATE_LIMITED',
    `Too many requests: try again in ${retryAfter} s`,
    { retry_after: retryAfter },
    { 'Retry-After': String(retryAfter) },
  );
}

/**
 * Wrap a route handler in the bucket's rate limit: `rateLimited('write', portfolioRoute(h))`.
 * The request is counted before the handler runs (refused requests count too).
 */
export function rateLimited(bucket: RateLimitBucket, handler: RouteHandler): RouteHandler {
  return async (req, res) => {
    const rule = rateLimitRule(bucket);
    if (rule) {
      const key = `${bucket}:${await callerKey(req, bucket)}`;
      const result = await consumeRateLimit(await getDb(), key, rule);
      res.setHeader('RateLimit-Limit', String(result.limit));
      res.setHeader('RateLimit-Remaining', String(Math.max(0, result.limit - result.count)));
      if (!result.allowed) throw tooManyRequests(result.retryAfter);
    }
    return handler(req, res);
  };
}
