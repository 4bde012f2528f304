/** @jest-environment node */
// Issue 40 item 2 and the exact deletion of item 4: deleting an account cancels every subscription
// that still bills (past_due, unpaid and incomplete too, and one Stripe knows that our rows do not)
// and deletes the Stripe customer; rate-limit counters go by exact key (a LIKE pattern with the
// uid's "_" removed another user's counters); a restore of a backup made before the deletion
// deletes the account again. Stripe is msw on a local address (STRIPE_API_URL).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { migrateDatabase, openDatabase, type DbHandle } from '@/server/db/client';
import { deletedAccounts, rateLimits, subscriptions, users } from '@/server/db/schema';
import { deleteOwnAccount } from '@/server/services/accounts';
import { createBackup } from '@/server/services/operations';
import { readBackupManifest, restoreBackup } from '@/scripts/lib/backupRestore';

jest.setTimeout(120_000);

const STRIPE = 'http://localhost:12112';
const calls: string[] = [];
const stripeApi = setupServer(
  http.get(`${STRIPE}/v1/subscriptions`, ({ request }) => {
    calls.push(`GET subscriptions?customer=${new URL(request.url).searchParams.get('customer')}`);
    // Stripe's own list: one subscription our rows never heard of, and the canceled one.
    return HttpResponse.json({
      object: 'list',
      url: '/v1/subscriptions',
      has_more: false,
      data: [
        { id: 'sub_stripe_only', object: 'subscription', status: 'active' },
        { id: 'sub_canceled', object: 'subscription', status: 'canceled' },
      ],
    });
  }),
  http.delete(`${STRIPE}/v1/subscriptions/:id`, ({ params }) => {
    calls.push(`DELETE subscriptions/${String(params.id)}`);
    return HttpResponse.json({ id: params.id, object: 'subscription', status: 'canceled' });
  }),
  http.delete(`${STRIPE}/v1/customers/:id`, ({ params }) => {
    calls.push(`DELETE customers/${String(params.id)}`);
    return HttpResponse.json({ id: params.id, object: 'customer', deleted: true });
  }),
);

describe('deleting an account ends billing and stays deleted', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'trendvakt-deletion-'));
  const pgliteDir = path.join(root, 'pglite');
  let handle: DbHandle;
  const saved = { ...process.env };
  const deps = { deleteIdentity: jest.fn(async () => undefined), forget: jest.fn() };
  const now = new Date('2026-11-28T12:00:00Z');
  const token = { uid: 'alice_1', auth_time: Math.floor(now.getTime() / 1000) - 60 };

  beforeAll(async () => {
    Object.assign(process.env, {
      STRIPE_SECRET_KEY: 'sk_test_msw',
      STRIPE_WEBHOOK_SECRET: 'whsec_msw',
      STRIPE_PRICE_MONTHLY: 'price_monthly_test',
      STRIPE_PRICE_YEARLY: 'price_yearly_test',
      STRIPE_API_URL: STRIPE,
    });
    stripeApi.listen({ onUnhandledRequest: 'error' });
    handle = await openDatabase({ url: '', pgliteDir });
    await migrateDatabase(handle);
    await handle.db.insert(users).values([
      { uid: 'alice_1', email: 'alice@example.test', stripeCustomerId: 'cus_alice' },
      { uid: 'aliceX1', email: 'other@example.test' },
    ]);
    const sub = (id: string, status: string) => ({
      stripeSubscriptionId: id,
      userUid: 'alice_1',
      stripeCustomerId: 'cus_alice',
      plan: 'monthly',
      status,
      lastEventAt: now,
    });
    await handle.db
      .insert(subscriptions)
      .values([
        sub('sub_past_due', 'past_due'),
        sub('sub_unpaid', 'unpaid'),
        sub('sub_incomplete', 'incomplete'),
        sub('sub_canceled', 'canceled'),
      ]);
    const counter = (key: string) => ({
      key,
      windowStart: now,
      expiresAt: new Date(now.getTime() + 60_000),
      count: 1,
    });
    await handle.db
      .insert(rateLimits)
      .values([counter('write:u:alice_1'), counter('import:u:alice_1'), counter('write:u:aliceX1')]);
  });
  afterAll(async () => {
    process.env = saved;
    stripeApi.close();
    await handle?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('cancels every subscription not already canceled and deletes the customer; counters go by exact key', async () => {
    const manifest = await createBackup(handle, { dir: path.join(root, 'backups'), now, env: {} });
    await deleteOwnAccount(handle.db, token, deps, now);
    expect(calls.slice(0, 1)).toEqual(['GET subscriptions?customer=cus_alice']);
    // Our three billing rows and the one only Stripe knew; never the canceled one; then the customer.
    expect(calls.slice(1, -1).sort()).toEqual([
      'DELETE subscriptions/sub_incomplete',
      'DELETE subscriptions/sub_past_due',
      'DELETE subscriptions/sub_stripe_only',
      'DELETE subscriptions/sub_unpaid',
    ]);
    expect(calls.at(-1)).toBe('DELETE customers/cus_alice');
    const keys = (await handle.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys).toEqual(['write:u:aliceX1']);
    expect(await handle.db.select({ uid: deletedAccounts.uid }).from(deletedAccounts)).toEqual([
      { uid: 'alice_1' },
    ]);

    // The backup from before the deletion still holds alice; a restore deletes her again.
    await handle.close();
    const { dir, manifest: read } = readBackupManifest(path.join(root, 'backups', manifest.database.file));
    const result = await restoreBackup(dir, read, { pgliteDir, emulatorDir: null }, { force: true, now });
    expect(result.deletionsReplayed).toBe(1);
    handle = await openDatabase({ url: '', pgliteDir });
    const left = await handle.db.select({ uid: users.uid }).from(users).orderBy(users.uid);
    expect(left).toEqual([{ uid: 'aliceX1' }]);
    expect(await handle.db.select().from(subscriptions).where(eq(subscriptions.userUid, 'alice_1'))).toEqual(
      [],
    );
    expect((await handle.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key)).toEqual([
      'write:u:aliceX1',
    ]);
    // The list is carried over, so the next restore deletes her again too.
    expect(await handle.db.select({ uid: deletedAccounts.uid }).from(deletedAccounts)).toEqual([
      { uid: 'alice_1' },
    ]);
  });
});
