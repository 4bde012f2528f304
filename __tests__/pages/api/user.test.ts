/** @jest-environment node */
import { eq } from 'drizzle-orm';
import * as createRoute from '@/pages/api/v1/user/create';
import * as getCurrentRoute from '@/pages/api/v1/user/getCurrent/[uid]';
import * as userRoute from '@/pages/api/v1/user/index';
import { setDbHandle, type DbHandle } from '@/server/db';
import { users } from '@/server/db/schema';
import { startApiServer, type TestServer } from '../../helpers/apiServer';
import { openTestDatabase, testDbKinds } from '../../helpers/db';
import { createTestAccount, type TestAccount } from '../../helpers/emulator';

const errorCode = (body: unknown) => (body as { error: { code: string } }).error.code;

describe.each(testDbKinds())('user routes on %s', (kind) => {
  let server: TestServer;
  let db: DbHandle;
  let alice: TestAccount;
  let bob: TestAccount;

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    setDbHandle(db);
    server = await startApiServer({
      '/api/v1/user/create': createRoute,
      '/api/v1/user/getCurrent/[uid]': getCurrentRoute,
      '/api/v1/user': userRoute,
    });
    [alice, bob] = await Promise.all([createTestAccount('alice'), createTestAccount('bob')]);
  });
  afterAll(async () => {
    await server.close();
    setDbHandle(undefined);
    await db.close();
  });

  const profile = {
    first_name: 'Åse',
    last_name: 'Ødegård',
    email: 'ignored@example.com',
    mobile: '+47 912 34 567',
  };

  it('refuses to create a user without accepting the terms (400) and stores nothing', async () => {
    for (const accept of [false, undefined, 'yes']) {
      const res = await server.request('POST', '/api/v1/user/create', {
        token: alice.idToken,
        body: { ...profile, accept_terms: accept },
      });
      expect(res.status).toBe(400);
      expect(errorCode(res.body)).toBe('VALIDATION_FAILED');
    }
    expect(await db.db.select().from(users).where(eq(users.uid, alice.uid))).toHaveLength(0);
  });

  it('creates the caller’s own user once (201), then returns it unchanged (200)', async () => {
    const first = await server.request('POST', '/api/v1/user/create', {
      token: alice.idToken,
      body: { ...profile, accept_terms: true },
    });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      uid: alice.uid,
      first_name: 'Åse',
      last_name: 'Ødegård',
      email: alice.email, // from the token, not the body
      email_verified: false, // a new password account has not confirmed its address yet
      mobile: '+47 912 34 567',
      accept_terms: true,
      stripe_customer_id: null,
      subscription_status: 'inactive',
      group_id: 2,
    });
    const second = await server.request('POST', '/api/v1/user/create', {
      token: alice.idToken,
      body: { ...profile, first_name: 'Changed', accept_terms: true },
    });
    expect(second.status).toBe(200);
    expect((second.body as { first_name: string }).first_name).toBe('Åse');
    expect(await db.db.select().from(users).where(eq(users.uid, alice.uid))).toHaveLength(1);
  });

  it('gives the caller their own user and 403 for anyone else’s uid', async () => {
    const own = await server.request('GET', `/api/v1/user/getCurrent/${alice.uid}`, { token: alice.idToken });
    expect(own.status).toBe(200);
    expect((own.body as { uid: string }).uid).toBe(alice.uid);
    const other = await server.request('GET', `/api/v1/user/getCurrent/${alice.uid}`, { token: bob.idToken });
    expect(other.status).toBe(403);
    expect(errorCode(other.body)).toBe('FORBIDDEN');
  });

  it('answers 404 for the caller’s own uid before the user is created, 401 without a token', async () => {
    const res = await server.request('GET', `/api/v1/user/getCurrent/${bob.uid}`, { token: bob.idToken });
    expect(res.status).toBe(404);
    const anonymous = await server.request('GET', `/api/v1/user/getCurrent/${bob.uid}`);
    expect(anonymous.status).toBe(401);
    expect(errorCode(anonymous.body)).toBe('TOKEN_MISSING');
  });

  it('updates only the caller’s own names and mobile, validated', async () => {
    const bad = await server.request('PUT', '/api/v1/user', {
      token: alice.idToken,
      body: { first_name: ' ', last_name: 'x'.repeat(101), mobile: 'call me' },
    });
    expect(bad.status).toBe(400);
    const paths = (bad.body as { error: { details: { path: string }[] } }).error.details.map((d) => d.path);
    expect(paths.sort()).toEqual(['first_name', 'last_name', 'mobile']);

    const ok = await server.request('PUT', '/api/v1/user', {
      token: alice.idToken,
      body: {
        first_name: '  Åsa ',
        last_name: 'Ødegård',
        mobile: '',
        group_id: 1,
        subscription_status: 'active',
      },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      first_name: 'Åsa',
      mobile: '',
      group_id: 2,
      subscription_status: 'inactive',
    });
  });

  it('answers 404 to a profile update before the user exists', async () => {
    const res = await server.request('PUT', '/api/v1/user', {
      token: bob.idToken,
      body: { first_name: 'Bob', last_name: 'B', mobile: '' },
    });
    expect(res.status).toBe(404);
  });
});
