import { http } from 'msw';
import { rangeStart, usePortfolioStore } from '@/stores/usePortfolioStore';
import {
  createPortfolioBackend,
  deferred,
  errorBody,
  portfolio,
  dnbTotals,
  resultRow,
  transaction,
} from '../components/portfolio/portfolioFixtures';
import { expectConsoleError } from '@/__tests__/helpers/consoleErrors';

jest.mock('@/services/authService', () => ({
  authService: { watch: jest.fn(() => () => {}), signOut: jest.fn() },
}));

const backend = createPortfolioBackend();
const { server, calls } = backend;
const store = () => usePortfolioStore.getState();
const paths = () => calls.map((c) => `${c.method} ${c.path}`);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  backend.state.portfolios = [portfolio(), portfolio({ portfolio_id: 2, portfolio_name: 'Trading' })];
  backend.state.results = { 1: [resultRow()], 2: [] };
  backend.state.transactions = [
    transaction(),
    transaction({ portfolio_transaction_id: 12, date: '2024-03-15', quantity: 50, price: 220 }),
    transaction({ portfolio_transaction_id: 13, date: '2024-06-03', event_id: 2, quantity: 60, price: 240 }),
  ];
});
afterEach(() => {
  server.resetHandlers();
  calls.length = 0;
  store().reset();
  jest.restoreAllMocks();
});
afterAll(() => server.close());

describe('usePortfolioStore', () => {
  it('has a loading flag while it fetches, selects the first portfolio and loads its figures', async () => {
    const gate = deferred();
    server.use(
      http.get('*/api/v1/portfolios/:userId', async () => {
        await gate.promise;
        return Response.json(backend.state.portfolios);
      }),
    );
    const done = store().fetchPortfolios('uid-1');
    expect(store().loading).toBe(true);
    expect(store().portfoliosStatus).toBe('loading');
    gate.resolve();
    await done;
    expect(store().loading).toBe(false);
    expect(store().selectedId).toBe(1);
    expect(store().results).toEqual([resultRow()]);
    expect(store().resultsTotals).toEqual(dnbTotals);
    expect(store().performance?.points).toHaveLength(2);
    expect(paths()).toEqual(
      expect.arrayContaining(['GET /portfolio-results/1', 'GET /portfolio-performance/1']),
    );
  });

  it('sends the portfolio header on every portfolio call', async () => {
    await store().fetchPortfolios('uid-1');
    await store().fetchTransactions(2);
    expect(calls.length).toBeGreaterThan(3);
    expect(calls.every((c) => c.header === 'trendvakt')).toBe(true);
  });

  it('fetches the lists again after a create and selects the new portfolio', async () => {
    await store().fetchPortfolios('uid-1');
    calls.length = 0;
    const created = await store().createPortfolio({ portfolio_name: 'Pensjon' });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/portfolios',
      body: { portfolio_name: 'Pensjon', firebase_uid: 'uid-1' },
    });
    expect(paths()).toContain('GET /portfolios/uid-1');
    expect(store().portfolios.map((p) => p.portfolio_name)).toEqual(['Langsiktig', 'Trading', 'Pensjon']);
    expect(store().selectedId).toBe(created.portfolio_id);
    expect(paths()).toContain(`GET /portfolio-results/${created.portfolio_id}`);
  });

  it('keeps the failure of a create as the shared error value (SPEC §8) and clears it on the next try', async () => {
    expectConsoleError(/^Creating the portfolio failed:$/);
    await store().fetchPortfolios('uid-1');
    server.use(
      http.post('*/api/v1/portfolios', () =>
        errorBody(400, 'VALIDATION_FAILED', [{ path: 'portfolio_name' }]),
      ),
    );
    await expect(store().createPortfolio({ portfolio_name: '' })).rejects.toMatchObject({ status: 400 });
    expect(store().error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    server.resetHandlers();
    await store().createPortfolio({ portfolio_name: 'Ok' });
    expect(store().error).toBeNull();
  });

  it('adjusts the list in place after a rename and a delete, without fetching it again', async () => {
    await store().fetchPortfolios('uid-1');
    calls.length = 0;
    await store().updatePortfolio({ portfolio_id: 2, portfolio_name: 'Kortsiktig' });
    expect(store().portfolios.map((p) => p.portfolio_name)).toEqual(['Langsiktig', 'Kortsiktig']);
    await store().deletePortfolio(1);
    expect(store().portfolios.map((p) => p.portfolio_id)).toEqual([2]);
    expect(store().selectedId).toBe(2);
    expect(paths().filter((p) => p.startsWith('GET /portfolios'))).toEqual([]);
  });

  it('fetches results with includeSold=true when asked', async () => {
    await store().fetchPortfolios('uid-1');
    calls.length = 0;
    await store().setIncludeSold(true);
    expect(calls).toEqual([
      expect.objectContaining({
        path: '/portfolio-results/1',
        query: { includeSold: 'true', totals: 'true' },
      }),
    ]);
  });

  it('asks for the chosen range of performance', async () => {
    await store().fetchPortfolios('uid-1');
    calls.length = 0;
    await store().setPerformanceRange('all');
    expect(calls[0]).toMatchObject({ path: '/portfolio-performance/1', query: {} });
    await store().setPerformanceRange('3y');
    expect(calls[1].query.from).toBe(rangeStart('3y'));
    expect(rangeStart('1y', new Date(2025, 2, 14))).toBe('2024-03-14');
  });

  it('after adding a transaction fetches the ticker’s transactions and the figures again', async () => {
    await store().fetchPortfolios('uid-1');
    calls.length = 0;
    const created = await store().addTransaction({
      ticker_id: 2,
      date: '2024-07-01',
      event_id: 1,
      quantity: '1.5',
      price: '100',
    });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/portfolioTransaction',
      body: { portfolio_id: 1, quantity: '1.5' },
    });
    expect(paths()).toEqual(
      expect.arrayContaining([
        'GET /portfolio/1/2',
        'GET /portfolio-results/1',
        'GET /portfolio-performance/1',
      ]),
    );
    expect(store().transactions[2].map((t) => t.portfolio_transaction_id)).toContain(
      created.portfolio_transaction_id,
    );
  });

  it('stores a refused transaction as the shared error value with the quantity held', async () => {
    expectConsoleError(/^Adding the transaction failed:$/);
    await store().fetchPortfolios('uid-1');
    server.use(
      http.post('*/api/v1/portfolioTransaction', () =>
        errorBody(409, 'INSUFFICIENT_HOLDING', { held: 90, date: '2024-08-01' }),
      ),
    );
    await expect(
      store().addTransaction({ ticker_id: 2, date: '2024-08-01', event_id: 2, quantity: 91, price: 1 }),
    ).rejects.toMatchObject({ status: 409 });
    expect(store().error).toMatchObject({ code: 'INSUFFICIENT_HOLDING', details: { held: 90 } });
  });

  it('replaces an edited transaction in place, keeping date order', async () => {
    await store().fetchPortfolios('uid-1');
    await store().fetchTransactions(2);
    calls.length = 0;
    await store().updateTransaction({
      portfolio_transaction_id: 11,
      date: '2024-04-01',
      event_id: 1,
      quantity: 100,
      price: 200,
    });
    expect(store().transactions[2].map((t) => [t.portfolio_transaction_id, t.date])).toEqual([
      [12, '2024-03-15'],
      [11, '2024-04-01'],
      [13, '2024-06-03'],
    ]);
    expect(paths()).not.toContain('GET /portfolio/1/2');
  });

  it('removes a transaction at once and puts it back in place when the server refuses (DESIGN §9)', async () => {
    expectConsoleError(/^Deleting the transaction failed:$/);
    await store().fetchPortfolios('uid-1');
    await store().fetchTransactions(2);
    const gate = deferred();
    server.use(
      http.delete('*/api/v1/portfolio/:id', async () => {
        await gate.promise;
        return errorBody(409, 'INSUFFICIENT_HOLDING', { held: 50 });
      }),
    );
    const first = store().transactions[2][0];
    const pending = store().deleteTransaction(first);
    expect(store().transactions[2].map((t) => t.portfolio_transaction_id)).toEqual([12, 13]);
    gate.resolve();
    await expect(pending).rejects.toMatchObject({ status: 409 });
    expect(store().transactions[2].map((t) => t.portfolio_transaction_id)).toEqual([11, 12, 13]);
  });

  it('keeps a deleted transaction out when the server agrees, and fetches the figures again', async () => {
    await store().fetchPortfolios('uid-1');
    await store().fetchTransactions(2);
    calls.length = 0;
    await store().deleteTransaction(store().transactions[2][2]);
    expect(store().transactions[2].map((t) => t.portfolio_transaction_id)).toEqual([11, 12]);
    await new Promise((r) => setTimeout(r, 0));
    expect(paths()).toEqual(expect.arrayContaining(['DELETE /portfolio/13', 'GET /portfolio-results/1']));
  });

  describe('delete with undo (issue 24 item 3)', () => {
    beforeEach(async () => {
      await store().fetchPortfolios('uid-1');
      await store().fetchTransactions(2);
      calls.length = 0;
    });
    afterEach(() => jest.useRealTimers());

    it('hides the row at once and sends the DELETE only when the undo time has passed', async () => {
      jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
      const pending = store().deleteTransactionWithUndo(store().transactions[2][1], 5000);
      expect(store().transactions[2].map((t) => t.portfolio_transaction_id)).toEqual([11, 13]);
      jest.advanceTimersByTime(4999);
      expect(paths()).not.toContain('DELETE /portfolio/12');
      jest.advanceTimersByTime(1);
      jest.useRealTimers();
      await expect(pending.done).resolves.toBe(true);
      expect(paths()).toContain('DELETE /portfolio/12');
      // Too late to undo: the row stays deleted.
      expect(pending.undo()).toBe(false);
      expect(store().transactions[2].map((t) => t.portfolio_transaction_id)).toEqual([11, 13]);
    });

    it('puts the row back in its place on undo, and nothing reaches the server', async () => {
      jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
      const pending = store().deleteTransactionWithUndo(store().transactions[2][1], 5000);
      jest.advanceTimersByTime(3000);
      expect(pending.undo()).toBe(true);
      expect(store().transactions[2].map((t) => t.portfolio_transaction_id)).toEqual([11, 12, 13]);
      jest.advanceTimersByTime(10_000);
      jest.useRealTimers();
      await expect(pending.done).resolves.toBe(false);
      expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    });

    it('sends waiting deletes at once when the list is left, and puts a refused one back', async () => {
      expectConsoleError(/^Deleting the transaction failed:$/);
      server.use(
        http.delete('*/api/v1/portfolio/:id', ({ params }) =>
          params.id === '11'
            ? errorBody(409, 'INSUFFICIENT_HOLDING', { held: 50 })
            : new Response(null, { status: 204 }),
        ),
      );
      const [first, second] = store().transactions[2];
      const refused = store().deleteTransactionWithUndo(first, 60_000);
      const accepted = store().deleteTransactionWithUndo(second, 60_000);
      expect(store().transactions[2].map((t) => t.portfolio_transaction_id)).toEqual([13]);
      await store().flushPendingDeletes();
      await expect(accepted.done).resolves.toBe(true);
      await expect(refused.done).rejects.toMatchObject({ status: 409 });
      expect(store().transactions[2].map((t) => t.portfolio_transaction_id)).toEqual([11, 13]);
    });
    it('takes a 404 for a waiting delete as done: the portfolio went first, nothing comes back or is logged', async () => {
      server.use(http.delete('*/api/v1/portfolio/:id', () => errorBody(404, 'NOT_FOUND')));
      const pending = store().deleteTransactionWithUndo(store().transactions[2][1], 60_000);
      await store().flushPendingDeletes();
      await expect(pending.done).resolves.toBe(true);
      expect(store().transactions[2].map((t) => t.portfolio_transaction_id)).toEqual([11, 13]);
    });
  });

  it('marks a failed fetch as an error (logged) so the page can offer a retry', async () => {
    expectConsoleError(/^Fetching the portfolios failed:$/);
    server.use(http.get('*/api/v1/portfolios/:userId', () => errorBody(500, 'INTERNAL')));
    await store().fetchPortfolios('uid-1');
    expect(store().portfoliosStatus).toBe('error');
    expect(store().loading).toBe(false);
    expect(console.error).toHaveBeenCalled();
  });

  it('ignores results of a portfolio that is no longer selected', async () => {
    await store().fetchPortfolios('uid-1');
    const gate = deferred();
    server.use(
      http.get('*/api/v1/portfolio-results/1', async () => {
        await gate.promise;
        return Response.json({ rows: [resultRow({ symbol: 'OLD' })], totals: dnbTotals });
      }),
    );
    const slow = store().fetchResults();
    await store().selectPortfolio(2);
    gate.resolve();
    await slow;
    expect(store().selectedId).toBe(2);
    expect(store().results).toEqual([]);
  });

  it('forgets everything on reset (sign-out)', async () => {
    await store().fetchPortfolios('uid-1');
    store().reset();
    expect(store()).toMatchObject({
      portfolios: [],
      selectedId: null,
      results: [],
      loading: false,
      userId: null,
    });
  });
});
