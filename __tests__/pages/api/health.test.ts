/** @jest-environment node */
import * as healthRoute from '@/pages/api/health';
import { setDbHandle, type DbHandle } from '@/server/db';
import { resetHealthCache } from '@/server/services/healthService';
import { startApiServer, type TestServer } from '../../helpers/apiServer';
import { openTestDatabase } from '../../helpers/db';

let server: TestServer;
let db: DbHandle;

beforeAll(async () => {
  db = await openTestDatabase('pglite');
  server = await startApiServer({ '/api/health': healthRoute });
});
afterAll(async () => {
  await server.close();
  setDbHandle(undefined);
  await db.close().catch(() => {});
});
beforeEach(() => resetHealthCache());

describe('GET /api/health', () => {
  it('is 200 with db and auth up', async () => {
    setDbHandle(db);
    const res = await server.request('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', db: 'up', auth: 'up' });
  });

  it('is 503 with auth down when the Auth emulator does not answer', async () => {
    setDbHandle(db);
    const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    process.env.FIREBASE_AUTH_EMULATOR_HOST = '127.0.0.1:1';
    try {
      const res = await server.request('GET', '/api/health');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 'degraded', db: 'up', auth: 'down' });
    } finally {
      process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
    }
  });

  it('is 503 with db down when the database is closed', async () => {
    const closed = await openTestDatabase('pglite');
    await closed.close();
    setDbHandle(closed);
    const res = await server.request('GET', '/api/health');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'degraded', db: 'down', auth: 'up' });
  });
});
