/**
 * The one way an error becomes text for a log line or a `job_runs` row (issue 40): the error's
 * class and one line of message with every secret and personal datum we can recognise redacted.
 *
 * - Database errors (PostgreSQL's SQLSTATE errors and drizzle's failed-query errors, whose message
 *   embeds the query's parameters: uids, e-mails, comments) are described by class, SQLSTATE and
 *   constraint only; their messages can quote input values.
 * - Any other message keeps its first line only (later lines of a message often quote the input:
 *   a query's parameters, a file's content), at most MAX_MESSAGE characters, with tokens (JWTs,
 *   `Bearer …`, Stripe keys), `Authorization:`/`Cookie:` header values, password pairs (`password=`,
 *   `"password": "…"`), passwords in connection strings and e-mail addresses replaced.
 *
 * Every pattern uses bounded quantifiers only: linear on any input (a log call must not be a
 * ReDoS target).
 */

/** Longest message kept, in characters: a log line stays one readable line. */
export const MAX_MESSAGE = 300;

export interface DescribedError {
  errorClass: string;
  message: string;
}

/** Replacements applied in order; each names what it removes. */
const REDACTIONS: readonly [RegExp, string][] = [
  // `Authorization: Bearer abc`, `authorization=Basic xyz`, `Cookie: a=b; c=d`, `x-api-key: …`:
  // the whole value up to a line end or quote.
  [
    /\b(authorization|proxy-authorization|cookie|set-cookie|x-api-key)(["']?\s{0,4}[:=]\s{0,4}["']?)[^"'\r\n]{1,2048}/gi,
    '$1$2[redacted]',
  ],
  // `Bearer <token>` / `Basic <credentials>` anywhere else.
  [/\b(Bearer|Basic)\s{1,4}[A-Za-z0-9._~+/=-]{8,4096}/g, '$1 [redacted]'],
  // JSON Web Tokens (Firebase ID tokens, emulator's unsigned ones end with a dot).
  [/\beyJ[A-Za-z0-9_-]{4,4096}\.[A-Za-z0-9_-]{4,4096}\.?[A-Za-z0-9_-]{0,4096}/g, '[token]'],
  // Stripe and similar keys: sk_live_…, rk_test_…, whsec_…, pk_… .
  [/\b(sk|rk|pk|whsec)_(live_|test_)?[A-Za-z0-9]{8,256}/g, '[key]'],
  // Passwords inside URLs: scheme://user:password@host.
  [/\b([a-z][a-z0-9+.-]{0,30}:\/\/)([^\s:@/]{0,256}):([^\s@/]{1,256})@/gi, '$1$2:***@'],
  // Key-value pairs: password=…, pwd=…, secret=…, token=… (libpq strings, query strings).
  [
    /\b((?:[a-z]{1,20}_)?(?:password|passwd|pwd|secret|token|apikey|key|oobcode))=([^\s&;,"']{1,1024})/gi,
    '$1=***',
  ],
  // JSON: "password": "…", "idToken": "…", "secret": "…".
  [
    /("(?:password|passwd|pwd|secret|token|idToken|refreshToken|accessToken|apiKey|oobCode|passwordHash)"\s{0,4}:\s{0,4}")[^"]{0,1024}"/gi,
    '$1***"',
  ],
  // E-mail addresses.
  [/[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){1,8}/g, '[email]'],
];

/** `text` with every recognised secret and e-mail address replaced (see the file's comment). */
export function redactSecrets(text: string): string {
  let out = text;
  for (const [pattern, replacement] of REDACTIONS) out = out.replace(pattern, replacement);
  return out;
}

interface PgLike {
  code?: unknown;
  constraint?: unknown;
}

function isDatabaseError(e: unknown): e is PgLike {
  const code = (e as PgLike | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

function classOf(err: Error): string {
  const ctor = err.constructor?.name;
  return ctor && ctor !== 'Error' ? ctor : err.name;
}

/** The error's class and a one-line, redacted message that carries no request data. */
export function describeError(err: unknown): DescribedError {
  if (!(err instanceof Error)) {
    if (typeof err === 'string') return { errorClass: 'string', message: oneLine(err) };
    return { errorClass: typeof err, message: 'a non-Error value was thrown' };
  }
  const errorClass = classOf(err);
  const cause = (err as { cause?: unknown }).cause;
  const isDrizzleQuery = 'params' in err && 'query' in err;
  if (isDrizzleQuery || isDatabaseError(err) || isDatabaseError(cause)) {
    const db = isDatabaseError(err) ? err : isDatabaseError(cause) ? cause : undefined;
    const parts = ['database query failed'];
    if (db) {
      parts.push(`SQLSTATE ${String(db.code)}`);
      // A constraint's name is ours (schema), never user data; still only a plain identifier.
      if (typeof db.constraint === 'string' && /^[A-Za-z0-9_]{1,63}$/.test(db.constraint))
        parts.push(`constraint ${db.constraint}`);
    }
    if (cause instanceof Error && cause !== err) parts.push(`cause ${classOf(cause)}`);
    return { errorClass, message: parts.join(', ') };
  }
  return { errorClass, message: oneLine(err.message) };
}

/** `Class: message`, the form log lines and job_runs use. */
export function errorText(err: unknown): string {
  const { errorClass, message } = describeError(err);
  return errorClass === 'Error' || errorClass === 'string' ? message : `${errorClass}: ${message}`;
}

function oneLine(text: string): string {
  // Redact before cutting, so a secret straddling the cut is not left half-visible.
  const first = redactSecrets((text.slice(0, 16384).split('\n')[0] ?? '').trim());
  return first.length > MAX_MESSAGE ? `${first.slice(0, MAX_MESSAGE)}…` : first;
}
