/** @jest-environment node */
// Issue 40: under 1,000 concurrent connections /api/health answered 503 "auth down" 45 times on a
// healthy instance: the emulator check timed out on our own saturated event loop. Now one check
// runs at a time, a burst is answered from the last completed check with its age, a timeout alone
// is not a verdict (AUTH_TIMEOUTS_BEFORE_DOWN in a row are), and a refusal or a closed database is.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as healthRoute from '@/pages/api/health';
import { setDbHandle, type DbHandle } from '@/server/db';
import { AUTH_TIMEOUTS_BEFORE_DOWN, resetHealthCache } from '@/server/services/operations/healthService';
import { invalidateMarketCache } from '@/server/services/market/marketCache';
import { startApiServer, type TestServer } from '../../../helpers/apiServer';
import { openTestDatabase } from '../../../helpers/db';

jest.setTimeout(120_000);

/** A stand-in for the Auth emulator's root: answers at once, or late (not until the test ends). */
let mode: 'ok' | 'late' | 'late-once' = 'ok';
let emulatorHits = 0;
const held: http.ServerResponse[] = [];
const emulator = http.createServer((_req, res) => {
  emulatorHits += 1;
  if (mode === 'late' || mode === 'late-once') {
    held.push(res);
    if (mode === 'late-once') mode = 'ok';
  } else res.end('{"authEmulator":{"ready":true}}');
});

let server: TestServer;
let db: DbHandle;
let closed: DbHandle;
let hostBefore: string | undefined;
let offset = 0;
const realNow = Date.now.bind(Date);

// The identity check's wait is shortened to this (the real one is 5 s); long enough for a cold
// first fetch on a busy machine.
const AUTH_TIMEOUT_MS = 1000;
/** Past the identity verdict's 10 s and the result's HEALTH_FRESH_MS: the next request starts a check. */
const LATER_MS = 11_000;

beforeAll(async () => {
  [db, closed] = await Promise.all([openTestDatabase('pglite'), openTestDatabase('pglite')]);
  await closed.close();
  await new Promise<void>((resolve) => emulator.listen(0, '127.0.0.1', resolve));
  hostBefore = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${(emulator.address() as AddressInfo).port}`;
  server = await startApiServer({ '/api/health': healthRoute });
  jest.spyOn(Date, 'now').mockImplementation(() => realNow() + offset);
});
afterAll(async () => {
  jest.restoreAllMocks();
  for (const res of held.splice(0)) res.end();
  if (hostBefore === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  else process.env.FIREBASE_AUTH_EMULATOR_HOST = hostBefore;
  await server.close();
  emulator.closeAllConnections();
  await new Promise((resolve) => emulator.close(resolve));
  setDbHandle(undefined);
  invalidateMarketCache();
  await db.close();
});
beforeEach(() => {
  mode = 'ok';
  emulatorHits = 0;
  setDbHandle(db);
  resetHealthCache({ authTimeoutMs: AUTH_TIMEOUT_MS });
  invalidateMarketCache();
});

/** `n` GET /api/health at once, each on its own connection (no keep-alive, no socket limit). */
async function burst(n: number): Promise<{ status: number; body: Record<string, unknown> }[]> {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const one = () =>
    new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
      const req = http.get(`${server.url}/api/health`, { agent }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      });
      req.on('error', reject);
    });
  try {
    return await Promise.all(Array.from({ length: n }, one));
  } finally {
    agent.destroy();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('/api/health under load', () => {
  it('answers 1,000 concurrent connections with 0 × 503 while the identity check is late', async () => {
    const first = await server.request('GET', '/api/health');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ db: 'up', auth: 'up' });
    expect(emulatorHits).toBe(1);

    // Later, the check's answer is late (as a saturated loop reads it): 1,000 at once. (Only that
    // one answer: on a loaded machine the burst can outlast several checks, and three late ones in
    // a row are a verdict, tested below.)
    offset += LATER_MS;
    mode = 'late-once';
    const answers = await burst(1000);
    const statuses = new Map<number, number>();
    for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
    expect(Object.fromEntries(statuses)).toEqual({ 200: 1000 });
    // Every answer is a completed check with its age: the one from before the burst (at least the
    // 11 s skipped) while the new check runs, then the new one once its wait has timed out.
    for (const a of answers)
      expect(a.body).toMatchObject({ db: 'up', auth: 'up', age_ms: expect.any(Number) });
    expect(answers.filter((a) => (a.body.age_ms as number) >= LATER_MS).length).toBeGreaterThan(0);
    // One check at a time, at most one per HEALTH_FRESH_MS: a handful for the burst, not 1,000.
    expect(emulatorHits).toBeGreaterThanOrEqual(2);
    expect(emulatorHits).toBeLessThan(20);

    // The late check ends (timed out): it kept the last verdict, and the result is fresh again.
    await sleep(AUTH_TIMEOUT_MS + 500);
    const after = await server.request('GET', '/api/health');
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ auth: 'up' });
  });

  it(`reports auth down after ${AUTH_TIMEOUTS_BEFORE_DOWN} timed-out checks in a row, and at once when refused`, async () => {
    expect((await server.request('GET', '/api/health')).status).toBe(200);
    mode = 'late';
    const seen: string[] = [];
    for (let i = 0; i < AUTH_TIMEOUTS_BEFORE_DOWN; i += 1) {
      offset += LATER_MS;
      await server.request('GET', '/api/health'); // starts a check, answers the previous result
      await sleep(AUTH_TIMEOUT_MS + 500); // the check times out
      const res = await server.request('GET', '/api/health');
      seen.push(`${res.status} ${(res.body as { auth: string }).auth}`);
    }
    // Two timeouts keep the verdict; the third in a row is a verdict: down.
    expect(seen).toEqual(['200 up', '200 up', '503 down']);

    // Refused: down at the first check.
    resetHealthCache({ authTimeoutMs: AUTH_TIMEOUT_MS });
    const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    process.env.FIREBASE_AUTH_EMULATOR_HOST = '127.0.0.1:1';
    try {
      const res = await server.request('GET', '/api/health');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ db: 'up', auth: 'down' });
    } finally {
      process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
    }
  });

  it('is 503 when the database is really down, seen at the next check', async () => {
    expect((await server.request('GET', '/api/health')).status).toBe(200);
    setDbHandle(closed);
    offset += LATER_MS;
    // This request starts the check and answers the last result (up, with its age)...
    const during = await server.request('GET', '/api/health');
    expect(during.body).toMatchObject({ db: 'up' });
    await sleep(200);
    // ...the next one has the new verdict.
    const res = await server.request('GET', '/api/health');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ db: 'down' });
  });
});
