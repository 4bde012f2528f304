/** @jest-environment node */
// Issue 23 item 4: the e-mail is stored with its verified flag, a verification after registration
// reaches the row, the demo emulator's link is shown to its owner, and a verified owner claims an
// address that an unverified account holds (while a verified holder keeps theirs).
import { eq } from 'drizzle-orm';
import * as createRoute from '@/pages/api/v1/user/create';
import * as getCurrentRoute from '@/pages/api/v1/user/getCurrent/[uid]';
import * as verificationLinkRoute from '@/pages/api/v1/user/verification-link';
import { setDbHandle, type DbHandle } from '@/server/db';
import { users } from '@/server/db/schema';
import { startApiServer, type TestServer } from '../../helpers/apiServer';
import { openTestDatabase } from '../../helpers/db';
import {
  changeEmail,
  createTestAccount,
  requestEmailVerification,
  signIn,
  verifyEmailOf,
  type TestAccount,
} from '../../helpers/emulator';

const errorCode = (body: unknown) => (body as { error: { code: string } }).error.code;
const profile = { first_name: 'Vera', last_name: 'Vik', mobile: '', accept_terms: true };

describe('verified e-mail', () => {
  let server: TestServer;
  let db: DbHandle;

  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    setDbHandle(db);
    server = await startApiServer({
      '/api/v1/user/create': createRoute,
      '/api/v1/user/getCurrent/[uid]': getCurrentRoute,
      '/api/v1/user/verification-link': verificationLinkRoute,
    });
  });
  afterAll(async () => {
    await server.close();
    setDbHandle(undefined);
    await db.close();
  });

  const row = async (uid: string) => (await db.db.select().from(users).where(eq(users.uid, uid)))[0];
  const create = (token: string) => server.request('POST', '/api/v1/user/create', { token, body: profile });

  it('stores a new address unverified, shows the emulator link to its owner, and records the verification', async () => {
    const vera = await createTestAccount('vera');
    expect((await create(vera.idToken)).body).toMatchObject({ email: vera.email, email_verified: false });

    // Nothing sent yet: nothing to show.
    const none = await server.request('GET', '/api/v1/user/verification-link', { token: vera.idToken });
    expect(none.status).toBe(404);
    expect(errorCode(none.body)).toBe('NO_VERIFICATION_PENDING');

    await requestEmailVerification(vera.idToken);
    const shown = await server.request('GET', '/api/v1/user/verification-link', { token: vera.idToken });
    expect(shown.status).toBe(200);
    const link = new URL((shown.body as { link: string }).link);
    expect(link.searchParams.get('mode')).toBe('verifyEmail');
    expect(link.searchParams.get('oobCode')).toMatch(/\S/);

    // Following the link is what the person does; the emulator confirms it.
    const followed = await fetch(link);
    expect(followed.status).toBe(200);
    expect(await followed.json()).toMatchObject({ authEmulator: { email: vera.email } });

    // The old token still says unverified; a fresh one (the app reloads the user) says verified.
    const before = await server.request('GET', `/api/v1/user/getCurrent/${vera.uid}`, {
      token: vera.idToken,
    });
    expect(before.body).toMatchObject({ email_verified: false });
    const fresh = await signIn(vera.email, vera.password);
    const after = await server.request('GET', `/api/v1/user/getCurrent/${vera.uid}`, { token: fresh });
    expect(after.body).toMatchObject({ email: vera.email, email_verified: true });
    expect((await row(vera.uid)).emailVerified).toBe(true);

    // Verified: no link to show any more.
    const done = await server.request('GET', '/api/v1/user/verification-link', { token: fresh });
    expect(errorCode(done.body)).toBe('ALREADY_VERIFIED');
  });

  it('lets the verified owner claim an address an unverified account registered first', async () => {
    // Mallory registers with the address, never verifies it, then moves her login elsewhere.
    const mallory = await createTestAccount('mallory');
    const address = mallory.email;
    expect((await create(mallory.idToken)).status).toBe(201);
    await changeEmail(mallory.idToken, `moved-${address}`);

    // The real owner signs up with the address and verifies it.
    const owner: TestAccount = { ...(await createTestAccount('owner')), email: address };
    await changeEmail(owner.idToken, address);
    owner.idToken = await signIn(address, owner.password);
    const verifiedToken = await verifyEmailOf(owner);

    const res = await create(verifiedToken);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: address, email_verified: true });
    expect(await row(mallory.uid)).toMatchObject({ email: null, emailVerified: false });
  });

  it('keeps an address its verified holder has: a second claim is 409 EMAIL_IN_USE and changes nothing', async () => {
    const holder = await createTestAccount('holder');
    const address = holder.email;
    await create(await verifyEmailOf(holder));
    expect(await row(holder.uid)).toMatchObject({ email: address, emailVerified: true });
    await changeEmail(await signIn(address, holder.password), `moved-${address}`);

    const second = await createTestAccount('second');
    await changeEmail(second.idToken, address);
    const token = await verifyEmailOf({ ...second, email: address });
    const res = await create(token);
    expect(res.status).toBe(409);
    expect(errorCode(res.body)).toBe('EMAIL_IN_USE');
    expect(await row(second.uid)).toBeUndefined();
    expect(await row(holder.uid)).toMatchObject({ email: address, emailVerified: true });
  });
});
