/** @jest-environment node */
// Issue 37: a Nordnet file with four accounts. The dry run lists them (`accounts`), `account=NNN`
// imports only that account's rows, an unknown account is 400 naming the file's accounts, and a real
// import of a several-account file without `account` is refused (it would mix an ASK with an
// ordinary account). Each account into its own portfolio: holdings and cash by hand in the fixture.
import { testDbKinds } from '../../../helpers/db';
import { realNordnetFile } from '../../../helpers/nordnetRealFiles';
import {
  ACCOUNT_ASK,
  ACCOUNT_FUNDS,
  ACCOUNT_ORDINARY,
  ACCOUNT_US,
  FOUR_ACCOUNT_ROWS,
  FOUR_ACCOUNTS_EXPECTED,
} from '../../../helpers/nordnetFourAccounts';
import { call, createPortfolio, errorOf, setUp, snapshotTables, tearDown, type Ctx } from './helpers';
import type { TestAccount } from '../../../helpers/emulator';

const FILE = realNordnetFile(FOUR_ACCOUNT_ROWS);

function upload(ctx: Ctx, who: TestAccount, portfolioId: number, query: string) {
  return call(ctx, who, 'POST', `/api/v1/portfolio-import/${portfolioId}?format=nordnet${query}`, {
    raw: FILE,
    headers: { 'Content-Type': 'text/csv' },
  });
}

interface ResultsBody {
  rows: { isin: string | null; quantity: number; cost: number; dividends: number }[];
  totals: { cash_base: number };
}

describe.each(testDbKinds())('a Nordnet file with several accounts (%s)', (kind) => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await setUp(kind);
  }, 120_000);
  afterAll(() => tearDown(ctx));

  it('the dry run lists every account with its rows, last Saldo and currency', async () => {
    const id = await createPortfolio(ctx, ctx.alice, 'Alle kontoer');
    const res = await upload(ctx, ctx.alice, id, '&dryRun=true');
    expect(res.status).toBe(200);
    expect((res.body as { accounts: unknown }).accounts).toEqual([
      { account: ACCOUNT_ORDINARY, rows: 4, balance: '82952', currency: 'NOK' },
      { account: ACCOUNT_ASK, rows: 3, balance: '30000', currency: 'NOK' },
      { account: ACCOUNT_US, rows: 3, balance: '25012.5', currency: 'NOK' },
      { account: ACCOUNT_FUNDS, rows: 3, balance: '9475', currency: 'NOK' },
    ]);
    // with account=, the preview and the file balance are that account's alone; accounts still lists all four
    const one = await upload(ctx, ctx.alice, id, `&dryRun=true&account=${ACCOUNT_ASK}`);
    expect(one.status).toBe(200);
    const body = one.body as { rows: { line: number }[]; file_balance: string; accounts: unknown[] };
    expect(body.rows).toHaveLength(3);
    expect(body.file_balance).toBe('30000');
    expect(body.accounts).toHaveLength(4);
    // Issue 39 item 8: each preview row names its currency (the security's; a cash row's the account's)
    const us = await upload(ctx, ctx.alice, id, `&dryRun=true&account=${ACCOUNT_US}`);
    const usRows = (us.body as { rows: { event_id: number; currency: string | null }[] }).rows;
    // deposit, AAPL bought in USD, interest
    expect(usRows.map((r) => [r.event_id, r.currency])).toEqual([
      [5, 'NOK'],
      [1, 'USD'],
      [10, 'NOK'],
    ]);
  });

  it('a review row carries its Beløp as a number (amount_value), signed as the file has it', async () => {
    const id = await createPortfolio(ctx, ctx.alice, 'Gjennomgang');
    // A word nobody listed that moves shares: 7 out, 1 400,50 in (a review row, direction out).
    const file = realNordnetFile([
      ...FOUR_ACCOUNT_ROWS.filter((r) => r.account === ACCOUNT_ORDINARY),
      {
        id: '5020',
        date: '2024-06-03',
        account: ACCOUNT_ORDINARY,
        type: 'OVERFØRING VP UT',
        ...{ security: 'EQNR', isin: 'NO0010096985' },
        quantity: '-7',
        amount: '1 400,5',
        balance: '84 352,5',
      },
    ]);
    const res = await call(
      ctx,
      ctx.alice,
      'POST',
      `/api/v1/portfolio-import/${id}?format=nordnet&dryRun=true`,
      {
        raw: file,
        headers: { 'Content-Type': 'text/csv' },
      },
    );
    expect(res.status).toBe(200);
    expect((res.body as { review: unknown[] }).review).toEqual([
      expect.objectContaining({
        code: 'UNKNOWN_TYPE',
        direction: 'out',
        amount: '1 400,5',
        amount_value: '1400.5',
        currency: 'NOK',
      }),
    ]);
  });

  it('refuses an account the file does not hold, and a real import that names no account; nothing written', async () => {
    const id = await createPortfolio(ctx, ctx.alice, 'Feil konto');
    const before = await snapshotTables(ctx.db);
    const unknown = await upload(ctx, ctx.alice, id, '&account=99999999');
    expect(unknown.status).toBe(400);
    expect(errorOf(unknown.body)).toMatchObject({
      code: 'IMPORT_ACCOUNT_UNKNOWN',
      details: [{ path: 'account', valid: [ACCOUNT_ORDINARY, ACCOUNT_ASK, ACCOUNT_US, ACCOUNT_FUNDS] }],
    });
    const none = await upload(ctx, ctx.alice, id, '');
    expect(none.status).toBe(400);
    expect(errorOf(none.body).code).toBe('IMPORT_ACCOUNT_REQUIRED');
    expect(await snapshotTables(ctx.db)).toEqual(before);
    // another user's portfolio: not found, whatever the account
    const bobs = await createPortfolio(ctx, ctx.bob, 'Bob');
    expect((await upload(ctx, ctx.alice, bobs, `&account=${ACCOUNT_ASK}`)).status).toBe(404);
  });

  it('each account into its own portfolio (one of them an ASK): holdings and cash are that account’s', async () => {
    const portfolioOf = new Map<string, number>([
      [ACCOUNT_ORDINARY, await createPortfolio(ctx, ctx.alice, 'Aksjekonto')],
      [ACCOUNT_ASK, await createPortfolio(ctx, ctx.alice, 'ASK', { account_type: 'ask' })],
      [ACCOUNT_US, await createPortfolio(ctx, ctx.alice, 'USA')],
      [ACCOUNT_FUNDS, await createPortfolio(ctx, ctx.alice, 'Fond')],
    ]);
    for (const expected of FOUR_ACCOUNTS_EXPECTED) {
      const id = portfolioOf.get(expected.account)!;
      const res = await upload(ctx, ctx.alice, id, `&account=${expected.account}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ imported: expected.rows, errors: [], review: [] });

      const results = await call(ctx, ctx.alice, 'GET', `/api/v1/portfolio-results/${id}?totals=true`);
      expect(results.status).toBe(200);
      const body = results.body as ResultsBody;
      expect(body.totals.cash_base).toBe(Number(expected.balance));
      const holdings = Object.fromEntries(
        body.rows.map((r) => [r.isin, { quantity: r.quantity, cost: r.cost, dividends: r.dividends }]),
      );
      expect(holdings).toEqual(expected.holdings);
    }
    // Importing the same account again adds nothing (the rows' Nordnet ids are kept).
    const again = await upload(
      ctx,
      ctx.alice,
      portfolioOf.get(ACCOUNT_ORDINARY)!,
      `&account=${ACCOUNT_ORDINARY}`,
    );
    expect(again.body).toMatchObject({ imported: 0 });
  });
});
