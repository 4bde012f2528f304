/** @jest-environment node */
import { adminAuth } from '@/server/auth/firebaseAdmin';
import { withAuth } from '@/server/auth/withAuth';
import { setDbHandle, type DbHandle } from '@/server/db';
import { users } from '@/server/db/schema';
import { apiHandler } from '@/server/http/apiHandler';
import { startApiServer, type TestServer } from '../../helpers/apiServer';
import { openTestDatabase } from '../../helpers/db';
import { createTestAccount, rewriteToken, signIn, type TestAccount } from '../../helpers/emulator';

const config = { api: { bodyParser: false } };
const whoami = { config, default: apiHandler({ GET: withAuth((_req, _res, auth) => ({ uid: auth.uid })) }) };
const subscribers = {
  config,
  default: apiHandler({
    GET: withAuth((_req, _res, auth) => ({ uid: auth.uid }), { require: 'subscription' }),
  }),
};
const admins = {
  config,
  default: apiHandler({ GET: withAuth((_req, _res, auth) => ({ uid: auth.uid }), { require: 'admin' }) }),
};

let server: TestServer;
let db: DbHandle;
let account: TestAccount;

const errorCode = (body: unknown) => (body as { error: { code: string } }).error.code;

beforeAll(async () => {
  db = await openTestDatabase('pglite');
  setDbHandle(db);
  server = await startApiServer({ '/whoami': whoami, '/subscribers': subscribers, '/admins': admins });
  account = await createTestAccount('auth');
});
afterAll(async () => {
  await server.close();
  setDbHandle(undefined);
  await db.close();
});

describe('withAuth: the bearer token', () => {
  it('accepts a real emulator ID token and takes the uid from it', async () => {
    const res = await server.request('GET', '/whoami', { token: account.idToken });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ uid: account.uid });
  });

  it.each([
    ['no header', {}, 'TOKEN_MISSING'],
    ['a non-bearer scheme', { Authorization: 'Basic abc' }, 'TOKEN_MALFORMED'],
    ['a token that is not a JWT', { Authorization: 'Bearer not-a-jwt' }, 'TOKEN_INVALID'],
  ])('answers 401 for %s', async (_label, headers, code) => {
    const res = await server.request('GET', '/whoami', { headers: headers as Record<string, string> });
    expect(res.status).toBe(401);
    expect(errorCode(res.body)).toBe(code);
  });

  it('answers 401 TOKEN_EXPIRED for an expired token', async () => {
    const past = Math.floor(Date.now() / 1000) - 7200;
    const expired = rewriteToken(account.idToken, { iat: past, exp: past + 3600, auth_time: past });
    const res = await server.request('GET', '/whoami', { token: expired });
    expect(res.status).toBe(401);
    expect(errorCode(res.body)).toBe('TOKEN_EXPIRED');
  });

  it('answers 401 for a tampered token (audience of another project)', async () => {
    const tampered = rewriteToken(account.idToken, { aud: 'someone-elses-project' });
    const res = await server.request('GET', '/whoami', { token: tampered });
    expect(res.status).toBe(401);
    expect(errorCode(res.body)).toBe('TOKEN_INVALID');
  });

  it('answers 401 for a tampered token naming a uid that does not exist', async () => {
    const tampered = rewriteToken(account.idToken, { sub: 'nobody', user_id: 'nobody' });
    const res = await server.request('GET', '/whoami', { token: tampered });
    expect(res.status).toBe(401);
  });

  it('answers 401 TOKEN_REVOKED after the refresh tokens are revoked', async () => {
    const other = await createTestAccount('revoked');
    // Revocation compares whole seconds: the token must be older than the revocation.
    await new Promise((r) => setTimeout(r, 1100));
    await adminAuth().revokeRefreshTokens(other.uid);
    const res = await server.request('GET', '/whoami', { token: other.idToken });
    expect(res.status).toBe(401);
    expect(errorCode(res.body)).toBe('TOKEN_REVOKED');
    // A new sign-in after the revocation works again.
    await new Promise((r) => setTimeout(r, 1100));
    const fresh = await signIn(other.email, other.password);
    expect((await server.request('GET', '/whoami', { token: fresh })).status).toBe(200);
  });
});

describe('withAuth: subscription and admin', () => {
  it('answers 403 USER_NOT_REGISTERED when the backend user does not exist', async () => {
    const res = await server.request('GET', '/subscribers', { token: account.idToken });
    expect(res.status).toBe(403);
    expect(errorCode(res.body)).toBe('USER_NOT_REGISTERED');
  });

  it('answers 403 SUBSCRIPTION_REQUIRED without an active subscription, 200 with one', async () => {
    await db.db
      .insert(users)
      .values({ uid: account.uid, email: account.email, subscriptionStatus: 'inactive' });
    const before = await server.request('GET', '/subscribers', { token: account.idToken });
    expect(before.status).toBe(403);
    expect(errorCode(before.body)).toBe('SUBSCRIPTION_REQUIRED');
    await db.db.update(users).set({ subscriptionStatus: 'active' });
    expect((await server.request('GET', '/subscribers', { token: account.idToken })).status).toBe(200);
  });

  it('answers 403 ADMIN_REQUIRED for group 2, and for group 1 without an active subscription', async () => {
    const res = await server.request('GET', '/admins', { token: account.idToken });
    expect(res.status).toBe(403);
    expect(errorCode(res.body)).toBe('ADMIN_REQUIRED');
    await db.db.update(users).set({ groupId: 1, subscriptionStatus: 'inactive' });
    const lapsed = await server.request('GET', '/admins', { token: account.idToken });
    expect(lapsed.status).toBe(403);
    expect(errorCode(lapsed.body)).toBe('ADMIN_REQUIRED');
    await db.db.update(users).set({ subscriptionStatus: 'active' });
    expect((await server.request('GET', '/admins', { token: account.idToken })).status).toBe(200);
  });
});

describe('withAuth: repeated requests', () => {
  it('asks the identity provider once for a token used twice within the cache time', async () => {
    const fresh = await createTestAccount('cached');
    const spy = jest.spyOn(adminAuth(), 'verifyIdToken');
    try {
      expect((await server.request('GET', '/whoami', { token: fresh.idToken })).status).toBe(200);
      expect((await server.request('GET', '/whoami', { token: fresh.idToken })).status).toBe(200);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });
});
