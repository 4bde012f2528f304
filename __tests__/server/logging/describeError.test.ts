/** @jest-environment node */
// Issue 40: every error written to a log or to job_runs goes through one redacting describeError.
import fs from 'node:fs';
import path from 'node:path';
import { describeError, errorText, MAX_MESSAGE, redactSecrets } from '@/server/logging/describeError';

// A Firebase emulator ID token (header {"alg":"none"}, unsigned: it ends with a dot).
const JWT = 'eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJ1aWQiOiJhbGljZSJ9.';

describe('redactSecrets', () => {
  it.each([
    ['a JWT', `token ${JWT} expired`, 'token [token] expired'],
    ['a bearer token', 'sent Bearer abcdefgh12345678 to the API', 'sent Bearer [redacted] to the API'],
    [
      'an Authorization header',
      'headers: Authorization: Bearer xyz.abc-123',
      'headers: Authorization: [redacted]',
    ],
    [
      'a JSON Authorization header',
      '{"authorization":"Basic dXNlcjpwYXNz"}',
      '{"authorization":"[redacted]"}',
    ],
    ['a cookie header', 'Cookie: session=abc; other=def', 'Cookie: [redacted]'],
    [
      'a connection string password',
      'connect postgres://app:s3cret@db:5432/x failed',
      'connect postgres://app:***@db:5432/x failed',
    ],
    [
      'a libpq password pair',
      'host=db user=app password=s3cret dbname=x',
      'host=db user=app password=*** dbname=x',
    ],
    ['a JSON password', '{"email":"x","password":"hunter2"}', '{"email":"x","password":"***"}'],
    ['a query-string token', 'GET /v1?api_token=ABCDEF123&fmt=json', 'GET /v1?api_token=***&fmt=json'],
    ['a Stripe key', 'key sk_test_51Habcdefghijkl rejected', 'key [key] rejected'],
    ['an e-mail address', 'no user alice.smith+t@example.co.uk here', 'no user [email] here'],
  ])('removes %s', (_what, input, expected) => {
    expect(redactSecrets(input)).toBe(expected);
  });

  it('leaves ordinary text alone', () => {
    const text = 'market 160 refresh for 2026-11-27 failed: 3 series missing (EQNR.OL, DNB.OL)';
    expect(redactSecrets(text)).toBe(text);
  });

  it('is linear on a hostile input (no catastrophic backtracking)', () => {
    // 200,000 characters that start every pattern but never complete it. A backtracking pattern
    // would take minutes; this finishes (the test's own timeout is the bound, no timing assertion).
    const hostile = `${'a'.repeat(50_000)}@${'b-'.repeat(50_000)}password=${'x'.repeat(50_000)}`;
    expect(redactSecrets(hostile)).toContain('password=***');
  });
});

describe('describeError', () => {
  it('describes a PostgreSQL error by SQLSTATE and constraint only', () => {
    const err = Object.assign(
      new Error('duplicate key value violates unique constraint: (email)=(bob@x.no)'),
      {
        code: '23505',
        constraint: 'users_email_unique',
      },
    );
    expect(describeError(err)).toEqual({
      errorClass: 'Error',
      message: 'database query failed, SQLSTATE 23505, constraint users_email_unique',
    });
  });

  it("describes drizzle's failed query without its parameters", () => {
    // drizzle's DrizzleQueryError: message "Failed query: …\nparams: uid,email", cause the pg error.
    class DrizzleQueryError extends Error {
      constructor(
        public query: string,
        public params: unknown[],
        public override cause: unknown,
      ) {
        super(`Failed query: ${query}\nparams: ${params.join(',')}`);
      }
    }
    const cause = Object.assign(new Error('value too long'), { code: '22001' });
    const err = new DrizzleQueryError('insert into users values ($1, $2)', ['uid-123', 'carol@x.no'], cause);
    const { errorClass, message } = describeError(err);
    expect(errorClass).toBe('DrizzleQueryError');
    expect(message).toBe('database query failed, SQLSTATE 22001, cause Error');
    expect(message).not.toContain('carol');
    expect(message).not.toContain('uid-123');
  });

  it('keeps the first line of a message, redacted, cut at MAX_MESSAGE', () => {
    const err = new Error(
      'Command failed: pg_dump --dbname=postgres://u:pw@h/d for bob@h.example\nrow: my comment',
    );
    expect(describeError(err).message).toBe(
      'Command failed: pg_dump --dbname=postgres://u:***@h/d for [email]',
    );
    const long = describeError(new Error('x'.repeat(5000))).message;
    // MAX_MESSAGE characters and the ellipsis.
    expect(long).toHaveLength(MAX_MESSAGE + 1);
  });

  it('names the class of a subclass and handles thrown non-errors', () => {
    class MailError extends Error {}
    expect(errorText(new MailError(`SMTP refused dave@x.no with ${JWT}`))).toBe(
      'MailError: SMTP refused [email] with [token]',
    );
    expect(errorText('password=abc')).toBe('password=***');
    expect(describeError({ secret: 'x' })).toEqual({
      errorClass: 'object',
      message: 'a non-Error value was thrown',
    });
  });
});

describe('every error log goes through describeError', () => {
  // Source files that write an error to a log or job_runs. A raw `err.message` or an error object
  // passed to console.* there would bypass the redaction.
  const ROOTS = [
    'server',
    'scripts/start.ts',
    'scripts/migrate.ts',
    'scripts/seed.ts',
    'scripts/db-restore.ts',
    'scripts/market-sync.ts',
  ];
  const files = ROOTS.flatMap((root) => {
    const abs = path.join(process.cwd(), root);
    if (fs.statSync(abs).isFile()) return [abs];
    return (fs.readdirSync(abs, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.ts'))
      .map((f) => path.join(abs, f));
  });
  // console.error/warn with a raw error: `, err)`, `err.message` or `String(err)` inside the call.
  const RAW = /console\.(error|warn|log)\([^;]*(,\s*err\s*\)|err\.message|String\(err\))/s;

  it('finds a raw error log when there is one (the check can fail)', () => {
    expect(RAW.test("console.error('x failed:', err);")).toBe(true);
    expect(RAW.test('console.error(`x: ${err instanceof Error ? err.message : err}`);')).toBe(true);
    expect(RAW.test('console.error(`x: ${errorText(err)}`);')).toBe(false);
  });

  it('has no raw error in a console call', () => {
    const offenders = files.filter((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split(/(?=console\.)/)
        .some((chunk) => RAW.test(chunk.slice(0, 400).split(';')[0] + ';')),
    );
    expect(offenders.map((f) => path.relative(process.cwd(), f))).toEqual([]);
  });
});
