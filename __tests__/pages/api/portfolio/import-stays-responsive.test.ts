/** @jest-environment node */
// Issue 13 item 5: a big import leaves the server responsive. Orders of events, never milliseconds:
// - /api/health answers while an import of 10,000 rows is paused in the middle of its checks (with
//   PGlite's one connection, a check inside a database transaction would make health wait for the
//   import, and the import wait for health: they would never finish);
// - a dry run takes no lock, and a real import locks only after its checks are done;
// - between two write statements the event loop gets a turn;
// - a write that lands while the import checks without the lock is seen: the import checks again
//   under the lock and refuses a sell that is no longer covered (all or nothing).
import * as healthRoute from '@/pages/api/health';
import { resetHealthCache } from '@/server/services/healthService';
import { startApiServer, type TestServer } from '../../../helpers/apiServer';
import { testDbKinds } from '../../../helpers/db';
import { nordnetFile, type NordnetRow } from '../../../helpers/nordnetFiles';
import {
  T,
  addOk,
  createPortfolio,
  errorOf,
  importFile,
  setUp,
  storedTransactions,
  tearDown,
  type Ctx,
} from './helpers';

/** What the test hooks into the import's repository calls (set per test, cleared after). */
const mockHooks: {
  /** Awaited after the first duplicate lookup of the import's checks. */
  duringChecks?: () => Promise<void>;
  onLock?: () => void;
  onAppend?: (batch: number) => void;
  /** Awaited after each read of the portfolio's revision. */
  afterRevision?: () => Promise<void>;
} = {};

jest.mock('@/server/repositories/portfolioRepository', () => {
  const actual = jest.requireActual<typeof import('@/server/repositories/portfolioRepository')>(
    '@/server/repositories/portfolioRepository',
  );
  let appended = 0;
  return {
    ...actual,
    portfolioRevision: async (...args: Parameters<typeof actual.portfolioRevision>) => {
      const read = await actual.portfolioRevision(...args);
      await mockHooks.afterRevision?.();
      return read;
    },
    existingExternalIds: async (...args: Parameters<typeof actual.existingExternalIds>) => {
      const found = await actual.existingExternalIds(...args);
      const hook = mockHooks.duringChecks;
      mockHooks.duringChecks = undefined;
      if (hook) await hook();
      return found;
    },
    lockPortfolio: (...args: Parameters<typeof actual.lockPortfolio>) => {
      mockHooks.onLock?.();
      return actual.lockPortfolio(...args);
    },
    appendTransactions: (...args: Parameters<typeof actual.appendTransactions>) => {
      mockHooks.onAppend?.(appended++);
      return actual.appendTransactions(...args);
    },
  };
});

jest.setTimeout(120_000);

const ROWS = 10_000;

/** `n` buys of 1 EQNR at 100, one a day from 1990 on, newest first as Nordnet writes them. */
function buyFile(n: number, firstId: number): Buffer {
  const rows: NordnetRow[] = [];
  const start = Date.UTC(1990, 0, 1);
  for (let i = n - 1; i >= 0; i--) {
    rows.push({
      id: String(firstId + i),
      date: new Date(start + i * 86_400_000).toISOString().slice(0, 10),
      kind: 'buy',
      security: 'EQNR',
      isin: 'NO0010096985',
      quantity: '1',
      price: '100',
      currency: 'NOK',
    });
  }
  return nordnetFile(rows);
}

/** A promise that fails the test instead of hanging when the two sides wait for each other. */
function orDeadlock<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const guard = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`deadlock: ${what} never finished`)), 20_000);
  });
  return Promise.race([promise, guard]).finally(() => clearTimeout(timer));
}

describe.each(testDbKinds())('an import leaves the server responsive (%s)', (kind) => {
  let ctx: Ctx;
  let health: TestServer;

  beforeAll(async () => {
    ctx = await setUp(kind);
    health = await startApiServer({ '/api/health': healthRoute });
  }, 120_000);
  afterAll(async () => {
    await health?.close();
    await tearDown(ctx);
  });
  afterEach(() => {
    for (const key of Object.keys(mockHooks)) delete mockHooks[key as keyof typeof mockHooks];
  });

  const upload = (id: number, bytes: Buffer, dryRun: boolean) =>
    importFile(ctx, ctx.alice, id, bytes, dryRun);
  const stored = (id: number) => storedTransactions(ctx, id);

  it.each([
    ['a dry run', true],
    ['an import', false],
  ] as const)(
    '/api/health answers while %s of 10,000 rows is in the middle of its checks',
    async (_name, dryRun) => {
      const id = await createPortfolio(ctx, ctx.alice, `Stor fil ${String(dryRun)}`);
      const events: string[] = [];
      let healthBody: unknown;
      mockHooks.duringChecks = async () => {
        events.push('checks paused');
        resetHealthCache();
        const res = await orDeadlock(health.request('GET', '/api/health'), '/api/health');
        healthBody = res.body;
        events.push(`health ${res.status}`);
      };
      mockHooks.onLock = () => events.push('write lock');
      const res = await upload(id, buyFile(ROWS, 1), dryRun);
      events.push('import answered');

      expect(res.status).toBe(200);
      expect((res.body as { imported: number }).imported).toBe(ROWS);
      expect(healthBody).toMatchObject({ db: 'up', auth: 'up' });
      // The market fixture is not current, so the service is degraded (200); the database is up.
      expect(events).toEqual([
        'checks paused',
        'health 200',
        ...(dryRun ? [] : ['write lock']),
        'import answered',
      ]);
      expect(await stored(id)).toHaveLength(dryRun ? 0 : ROWS);
    },
  );

  it('gives the event loop a turn between two write statements', async () => {
    const id = await createPortfolio(ctx, ctx.alice, 'Puljer');
    const events: string[] = [];
    mockHooks.onAppend = () => {
      events.push('write statement');
      // Queued behind the statement that is starting: it runs before the next one only if the
      // import yields to the event loop in between.
      if (events.filter((e) => e === 'write statement').length === 1)
        setImmediate(() => events.push('other work'));
    };
    const res = await upload(id, buyFile(2_000, 50_000), false);
    expect(res.status).toBe(200);
    expect((res.body as { imported: number }).imported).toBe(2_000);
    // 2,000 rows in statements of 500.
    expect(events).toEqual([
      'write statement',
      'other work',
      'write statement',
      'write statement',
      'write statement',
    ]);
  });

  /** A portfolio holding 100 EQNR, and a file that sells those 100. */
  async function holdingAndSellFile(name: string): Promise<{ id: number; file: Buffer }> {
    const id = await createPortfolio(ctx, ctx.alice, name);
    await addOk(ctx, ctx.alice, {
      portfolio_id: id,
      ticker_id: T.EQNR,
      event_id: 1,
      date: '2024-01-02',
      quantity: 100,
      price: 100,
    });
    const file = nordnetFile([
      {
        id: '777',
        date: '2024-03-01',
        kind: 'sell',
        security: 'EQNR',
        isin: 'NO0010096985',
        quantity: '100',
        price: '120',
        currency: 'NOK',
      },
    ]);
    return { id, file };
  }
  /** The same 100 shares sold by hand (through the API) on 2024-02-01. */
  const sellByHand = (id: number) =>
    addOk(ctx, ctx.alice, {
      portfolio_id: id,
      ticker_id: T.EQNR,
      event_id: 2,
      date: '2024-02-01',
      quantity: 100,
      price: 110,
    });

  async function expectRefusedAndUnchanged(id: number, res: { status: number; body: unknown }) {
    expect(res.status).toBe(409);
    expect(errorOf(res.body)).toMatchObject({
      code: 'INSUFFICIENT_HOLDING',
      details: { line: 2, held: 0, requested: 100 },
    });
    const rows = await stored(id);
    expect(rows.map((r) => [r.eventId, r.quantity, r.externalId]).sort()).toEqual([
      [1, '100.0000000000', null],
      [2, '100.0000000000', null],
    ]);
  }

  it('reads again when a sell lands during its checks: 409, nothing written', async () => {
    const { id, file } = await holdingAndSellFile('Kappløp under kontroll');
    mockHooks.duringChecks = () => orDeadlock(sellByHand(id), 'the sell by hand').then(() => undefined);
    await expectRefusedAndUnchanged(id, await upload(id, file, false));
  });

  it('checks again under the lock when a sell lands after its checks: 409, nothing written', async () => {
    const { id, file } = await holdingAndSellFile('Kappløp før lås');
    // The import reads the revision before and after its checks; right after the second read (the
    // checks are done and consistent) and before the write lock, the shares are sold by hand.
    let reads = 0;
    const events: string[] = [];
    mockHooks.afterRevision = async () => {
      if (++reads !== 2) return;
      await orDeadlock(sellByHand(id), 'the sell by hand');
      events.push('sold by hand');
      mockHooks.onLock = () => events.push('import locks');
    };
    await expectRefusedAndUnchanged(id, await upload(id, file, false));
    expect(events).toEqual(['sold by hand', 'import locks']);
  });
});
