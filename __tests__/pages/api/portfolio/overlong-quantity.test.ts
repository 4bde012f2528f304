/** @jest-environment node */
// Issue 23 item 2: a quantity of "0." + 40 000 zeros + "1" (which took over a second of CPU in one
// request through the quadratic /0+$/) answers 400 naming the field, nothing is stored, and a
// health request sent while twenty of them are in flight is answered too. How long each takes is
// printed by the bench (bench/overlong-fields.bench.ts), never asserted.
import * as healthRoute from '@/pages/api/health';
import { startApiServer, type TestServer } from '../../../helpers/apiServer';
import {
  T,
  addTransaction,
  createPortfolio,
  errorOf,
  setUp,
  snapshotTables,
  tearDown,
  type Ctx,
} from './helpers';

jest.setTimeout(120_000);

const ZEROS = `0.${'0'.repeat(40_000)}1`;

describe('the 40 000 zeros quantity', () => {
  let ctx: Ctx;
  let health: TestServer;

  beforeAll(async () => {
    ctx = await setUp('pglite');
    health = await startApiServer({ '/api/health': healthRoute });
  });
  afterAll(async () => {
    await health?.close();
    await tearDown(ctx);
  });

  it('answers 400 on quantity, stores nothing, and health answers meanwhile', async () => {
    const portfolioId = await createPortfolio(ctx, ctx.alice);
    const before = await snapshotTables(ctx.db);
    const body = {
      portfolio_id: portfolioId,
      date: '2026-01-05',
      event_id: 1,
      ticker_id: T.EQNR,
      quantity: ZEROS,
      price: '300',
    };
    const order: string[] = [];
    const zeros = Array.from({ length: 20 }, () =>
      addTransaction(ctx, ctx.alice, body).then((res) => {
        order.push('zeros');
        return res;
      }),
    );
    const healthAnswer = health.request('GET', '/api/health').then((res) => {
      order.push('health');
      return res;
    });
    const answers = await Promise.all(zeros);
    expect((await healthAnswer).status).toBe(200);
    expect(order.filter((o) => o === 'health')).toHaveLength(1);
    for (const res of answers) {
      expect(res.status).toBe(400);
      expect(JSON.stringify(errorOf(res.body).details)).toContain('quantity');
    }
    expect(await snapshotTables(ctx.db)).toEqual(before);
  });
});
