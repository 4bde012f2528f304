/** @jest-environment node */
// Identity from the verified token only: user/create stores the token's email (none when the token
// has none, whatever the body says), emails are unique case-insensitively, migration 0002 resolves
// old duplicates, and the user CLIs' service names one user by uid or email or refuses.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import * as createRoute from '@/pages/api/v1/user/create';
import { MIGRATIONS_FOLDER, openDatabase } from '@/server/db/client';
import { setDbHandle, type DbHandle } from '@/server/db';
import { users } from '@/server/db/schema';
import {
  promoteToAdmin,
  resolveUser,
  setSubscriptionStatus,
} from '@/server/services/accounts/adminUserService';
import { startApiServer, type TestServer } from '../../helpers/apiServer';
import { openTestDatabase, testDbKinds } from '../../helpers/db';
import { createTestAccount, emulatorHost, type TestAccount } from '../../helpers/emulator';

const errorCode = (body: unknown) => (body as { error: { code: string } }).error.code;

/** An anonymous emulator account: its ID token carries no email. */
async function anonymousToken(): Promise<{ uid: string; idToken: string }> {
  const res = await fetch(
    `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=test-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ returnSecureToken: true }),
    },
  );
  const body = (await res.json()) as { localId: string; idToken: string };
  return { uid: body.localId, idToken: body.idToken };
}

describe.each(testDbKinds())('user identity on %s', (kind) => {
  let server: TestServer;
  let db: DbHandle;
  let alice: TestAccount;

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    setDbHandle(db);
    server = await startApiServer({ '/api/v1/user/create': createRoute });
    alice = await createTestAccount('alice');
  });
  afterAll(async () => {
    await server.close();
    setDbHandle(undefined);
    await db.close();
  });

  const row = async (uid: string) => (await db.db.select().from(users).where(eq(users.uid, uid)))[0];

  it('stores no email for a token without one, whatever the body says', async () => {
    const anon = await anonymousToken();
    const res = await server.request('POST', '/api/v1/user/create', {
      token: anon.idToken,
      body: { accept_terms: true, email: alice.email },
    });
    expect(res.status).toBe(201);
    expect((res.body as { email: unknown }).email).toBeNull();
    expect((await row(anon.uid)).email).toBeNull();
    // Two users without an email do not collide.
    const anon2 = await anonymousToken();
    const res2 = await server.request('POST', '/api/v1/user/create', {
      token: anon2.idToken,
      body: { accept_terms: true, email: 'someone@example.com' },
    });
    expect(res2.status).toBe(201);
    expect((await row(anon2.uid)).email).toBeNull();
  });

  it('refuses (409) a token email another user already has, in any case', async () => {
    const bob = await createTestAccount('bob');
    await db.db
      .insert(users)
      .values({ uid: 'someone-else', email: bob.email.toUpperCase(), acceptTerms: true });
    const res = await server.request('POST', '/api/v1/user/create', {
      token: bob.idToken,
      body: { accept_terms: true },
    });
    expect(res.status).toBe(409);
    expect(errorCode(res.body)).toBe('EMAIL_IN_USE');
    expect(await row(bob.uid)).toBeUndefined();
  });

  it('gives a row without an email the token’s email on the next user/create', async () => {
    const carol = await createTestAccount('carol');
    await db.db.insert(users).values({ uid: carol.uid, email: null, acceptTerms: true });
    const res = await server.request('POST', '/api/v1/user/create', {
      token: carol.idToken,
      body: { accept_terms: true },
    });
    expect(res.status).toBe(200);
    expect((res.body as { email: string }).email).toBe(carol.email);
  });

  it('has a case-insensitive unique index on email where present', async () => {
    await db.db.insert(users).values({ uid: 'u-x1', email: 'Same@Example.com' });
    await expect(db.db.insert(users).values({ uid: 'u-x2', email: 'same@example.COM' })).rejects.toThrow();
    await db.db.insert(users).values([
      { uid: 'u-n1', email: null },
      { uid: 'u-n2', email: null },
    ]);
  });

  it('names a user by uid or email for the CLIs, and refuses an unknown or ambiguous one', async () => {
    await db.db.insert(users).values({ uid: 'cli-1', email: 'dora@example.com', emailVerified: true });
    // An address never verified names nobody (issue 23 item 4): anyone can type one at registration.
    await db.db.insert(users).values({ uid: 'cli-u', email: 'ella@example.com' });
    await expect(promoteToAdmin(db.db, 'ella@example.com')).rejects.toThrow(
      /The email ella@example.com is not verified \(uid cli-u\)/,
    );
    expect((await row('cli-u')).groupId).toBe(2);
    expect((await resolveUser(db.db, 'cli-u')).uid).toBe('cli-u'); // by uid, on purpose: allowed
    expect((await resolveUser(db.db, 'cli-1')).uid).toBe('cli-1');
    expect((await resolveUser(db.db, ' DORA@example.com ')).uid).toBe('cli-1');
    await expect(resolveUser(db.db, 'nobody@example.com')).rejects.toThrow(/No user with uid or email/);
    expect((await promoteToAdmin(db.db, 'dora@example.com')).group_id).toBe(1);
    expect((await setSubscriptionStatus(db.db, 'cli-1', 'active')).subscription_status).toBe('active');

    // Without the index (a database from before migration 0002) two rows can share an email:
    // the CLIs must refuse rather than pick one.
    await db.db.execute(sql`drop index users_email_lower_unique`);
    try {
      await db.db.insert(users).values({ uid: 'cli-2', email: 'Dora@Example.com', emailVerified: true });
      await expect(promoteToAdmin(db.db, 'dora@example.com')).rejects.toThrow(
        /2 users have the email dora@example.com: name the one you mean by uid \((cli-1, cli-2|cli-2, cli-1)\)/,
      );
      expect((await row('cli-2')).groupId).toBe(2);
    } finally {
      await db.db.delete(users).where(eq(users.uid, 'cli-2'));
      await db.db.execute(
        sql`create unique index users_email_lower_unique on users (lower(email)) where email is not null`,
      );
    }
  });
});

describe('migration 0002 on a database with old duplicates', () => {
  it('turns empty emails into none, takes an ambiguous email from every row that shares it, then indexes', async () => {
    const early = fs.mkdtempSync(path.join(os.tmpdir(), 'tv-migrations-'));
    try {
      fs.cpSync(MIGRATIONS_FOLDER, early, { recursive: true });
      for (const file of fs.readdirSync(early).filter((f) => /^\d{4}_/.test(f) && !/^000[01]_/.test(f)))
        fs.rmSync(path.join(early, file));
      const journalFile = path.join(early, 'meta', '_journal.json');
      const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
      journal.entries = journal.entries.filter((e) => e.idx < 2);
      fs.writeFileSync(journalFile, JSON.stringify(journal));

      const handle = await openDatabase({ url: '', pgliteDir: 'memory://' });
      try {
        const db = handle.db as unknown as Parameters<typeof migrate>[0];
        await migrate(db, { migrationsFolder: early });
        await handle.db.execute(sql`
          insert into users (uid, email) values
            ('a', ''), ('b', '  '), ('c', 'Kari@Example.com'), ('d', 'kari@example.com'), ('e', 'ola@example.com')`);
        await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
        const rows = await handle.db
          .select({ uid: users.uid, email: users.email })
          .from(users)
          .orderBy(users.uid);
        expect(rows).toEqual([
          { uid: 'a', email: null },
          { uid: 'b', email: null },
          { uid: 'c', email: null },
          { uid: 'd', email: null },
          { uid: 'e', email: 'ola@example.com' },
        ]);
        await expect(
          handle.db.execute(sql`insert into users (uid, email) values ('f', 'OLA@example.com')`),
        ).rejects.toThrow();
      } finally {
        await handle.close();
      }
    } finally {
      fs.rmSync(early, { recursive: true, force: true });
    }
  });
});
