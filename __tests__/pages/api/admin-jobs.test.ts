/** @jest-environment node */
// Admin operations: the job list and "Run now" — 401 without a token, 403 for anyone but an
// admin, 202 for an admin, 409 while the job runs, 404 for an unknown job.
import { MARKET_OSLO, MARKET_US } from '@/lib/constants';
import * as jobsRoute from '@/pages/api/v1/admin/jobs/index';
import * as runRoute from '@/pages/api/v1/admin/jobs/[name]/run';
import { clearAuthCaches } from '@/server/auth/authCache';
import { setDbHandle, type DbHandle } from '@/server/db';
import { users } from '@/server/db/schema';
import { refreshJob } from '@/server/jobs/definitions';
import { setJobScheduler } from '@/server/jobs/runtime';
import { JobScheduler, type JobDefinition } from '@/server/jobs/scheduler';
import { startApiServer, type TestServer } from '../../helpers/apiServer';
import { openTestDatabase, testDbKinds } from '../../helpers/db';
import { createTestAccount, type TestAccount } from '../../helpers/emulator';

const errorCode = (body: unknown) => (body as { error: { code: string } }).error.code;

describe.each(testDbKinds())('admin job routes on %s', (kind) => {
  let server: TestServer;
  let db: DbHandle;
  let admin: TestAccount;
  let investor: TestAccount;
  let scheduler: JobScheduler;
  let release: () => void = () => {};
  let reported: () => void = () => {};
  const progressReported = new Promise<void>((resolve) => (reported = resolve));
  let backups = 0;

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    setDbHandle(db);
    clearAuthCaches();
    [admin, investor] = await Promise.all([createTestAccount('admin'), createTestAccount('investor')]);
    await db.db.insert(users).values([
      {
        uid: admin.uid,
        firstName: 'A',
        lastName: 'Admin',
        email: admin.email,
        acceptTerms: true,
        groupId: 1,
        subscriptionStatus: 'active',
      },
      {
        uid: investor.uid,
        firstName: 'I',
        lastName: 'Investor',
        email: investor.email,
        acceptTerms: true,
        groupId: 2,
        subscriptionStatus: 'active',
      },
    ]);
    // The real refresh definitions and a backup that waits until the test lets it finish.
    const backup: JobDefinition = {
      name: 'backup',
      pattern: '15 3 * * *',
      timeZone: 'Europe/Oslo',
      async run(ctx) {
        backups += 1;
        ctx.progress({ phase: 'backup', done: 0, total: 1 });
        reported();
        await new Promise<void>((resolve) => (release = resolve));
        return 'written';
      },
    };
    scheduler = new JobScheduler({
      db: db.db,
      kind: db.kind,
      jobs: [refreshJob(MARKET_OSLO), refreshJob(MARKET_US), backup],
      log: () => {},
    });
    setJobScheduler(scheduler);
    server = await startApiServer({
      '/api/v1/admin/jobs': jobsRoute,
      '/api/v1/admin/jobs/[name]/run': runRoute,
    });
  });
  afterAll(async () => {
    release();
    await scheduler.idle();
    await server.close();
    setJobScheduler(undefined);
    setDbHandle(undefined);
    await db.close();
  });

  it('answers 401 without a token and 403 to a subscriber who is not an admin', async () => {
    expect((await server.request('GET', '/api/v1/admin/jobs')).status).toBe(401);
    expect((await server.request('POST', '/api/v1/admin/jobs/backup/run')).status).toBe(401);
    const list = await server.request('GET', '/api/v1/admin/jobs', { token: investor.idToken });
    expect(list.status).toBe(403);
    expect(errorCode(list.body)).toBe('ADMIN_REQUIRED');
    const run = await server.request('POST', '/api/v1/admin/jobs/backup/run', { token: investor.idToken });
    expect(run.status).toBe(403);
    expect(backups).toBe(0);
  });

  it('lists the three jobs with their schedules and next runs', async () => {
    const res = await server.request('GET', '/api/v1/admin/jobs', { token: admin.idToken });
    expect(res.status).toBe(200);
    const jobs = res.body as {
      name: string;
      schedule: string;
      time_zone: string;
      running: boolean;
      last_run: unknown;
      next_run: string;
    }[];
    expect(jobs.map((j) => [j.name, j.schedule, j.time_zone, j.running, j.last_run])).toEqual([
      // Each market's refresh at the provider's publication time (issue 28): Oslo 19:45, NASDAQ 17:00.
      ['refresh-160', '45 19 * * 1-5', 'Europe/Oslo', false, null],
      ['refresh-226', '0 17 * * 1-5', 'America/New_York', false, null],
      ['backup', '15 3 * * *', 'Europe/Oslo', false, null],
    ]);
    for (const job of jobs) expect(Date.parse(job.next_run)).toBeGreaterThan(Date.now());
  });

  it('starts a job (202), refuses a second start while it runs (409), and shows it finish', async () => {
    const first = await server.request('POST', '/api/v1/admin/jobs/backup/run', { token: admin.idToken });
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({ name: 'backup', running: true });
    const second = await server.request('POST', '/api/v1/admin/jobs/backup/run', { token: admin.idToken });
    expect(second.status).toBe(409);
    expect(errorCode(second.body)).toBe('JOB_RUNNING');

    // The run claims its slot in the database before it reports progress: wait until it has.
    await progressReported;
    const during = await server.request('GET', '/api/v1/admin/jobs', { token: admin.idToken });
    expect((during.body as { name: string; running: boolean; progress: unknown }[])[2]).toMatchObject({
      running: true,
      progress: { phase: 'backup', done: 0, total: 1 },
    });
    release();
    await scheduler.idle();
    const after = await server.request('GET', '/api/v1/admin/jobs', { token: admin.idToken });
    expect((after.body as { running: boolean; last_run: unknown }[])[2]).toMatchObject({
      running: false,
      last_run: { ok: true, message: 'written', attempt: 1 },
    });
    expect(backups).toBe(1);
  });

  it('answers 404 for an unknown job and 405 for GET on run', async () => {
    const res = await server.request('POST', '/api/v1/admin/jobs/nope/run', { token: admin.idToken });
    expect(res.status).toBe(404);
    expect(errorCode(res.body)).toBe('JOB_NOT_FOUND');
    expect(
      (await server.request('GET', '/api/v1/admin/jobs/backup/run', { token: admin.idToken })).status,
    ).toBe(405);
  });
});
