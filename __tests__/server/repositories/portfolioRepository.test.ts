/** @jest-environment node */
// The portfolio repository's revision and digests on PGlite (and PostgreSQL with TEST_DATABASE_URL):
// the digest computed in JavaScript from the rows read is the one the database computes.
import type { DbHandle } from '@/server/db';
import { markets, portfolioTransactions, portfolios, tickers, users } from '@/server/db/schema';
import {
  digestOf,
  listTransactionMathFast,
  portfolioRevision,
  readPortfolioLedgerMath,
  touchPortfolio,
  transactionDigests,
} from '@/server/repositories/portfolioRepository';
import { openTestDatabase, testDbKinds } from '../../helpers/db';

describe.each(testDbKinds())('portfolio revision and transaction digests (%s)', (kind) => {
  let handle: DbHandle;
  let portfolioId: number;
  let emptyId: number;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    const db = handle.db;
    await db.insert(markets).values({
      id: 160,
      exchange: 'OL',
      name: 'Oslo Børs',
      mainIndex: 'OSEBX',
      mainIndexSymbol: 'OSEBX.INDX',
      currency: 'NOK',
    });
    await db.insert(tickers).values(
      [1, 2].map((id) => ({
        id,
        countryId: 160,
        symbol: `T${id}`,
        name: `T${id}`,
        searchName: `t${id}`,
        exchange: 'OL',
        currency: 'NOK',
      })),
    );
    await db.insert(users).values([
      { uid: 'alice', email: 'alice@example.test' },
      { uid: 'bob', email: 'bob@example.test' },
    ]);
    [{ id: portfolioId }, { id: emptyId }] = await db
      .insert(portfolios)
      .values([
        { userUid: 'alice', name: 'A' },
        { userUid: 'alice', name: 'Empty' },
      ])
      .returning({ id: portfolios.id });
    const row = (
      tickerId: number,
      date: string,
      eventId: number,
      quantity: string,
      price: string,
      fee: string,
    ) => ({
      portfolioId,
      tickerId,
      date,
      eventId,
      quantity,
      price,
      fee,
    });
    await db
      .insert(portfolioTransactions)
      .values([
        row(1, '2024-01-03', 1, '10', '100.5', '19'),
        row(2, '2024-01-02', 1, '0.3333333333', '12345678.1234567891', '0'),
        row(1, '2024-01-02', 1, '2.25', '99', '0.01'),
        row(1, '2024-02-01', 4, '3', '0', '0'),
        row(2, '2024-03-01', 2, '0.1', '13000', '5.5'),
      ]);
  }, 120_000);
  afterAll(async () => {
    await handle.close();
  });

  it('computes the same digest from the rows read as the database does', async () => {
    const read = await transactionDigests(handle.db, 'alice', portfolioId);
    const rows = await listTransactionMathFast(handle.db, 'alice', portfolioId);
    expect([...read!.digests.keys()].sort()).toEqual([1, 2]);
    for (const tickerId of [1, 2]) {
      const own = rows.filter((r) => r.tickerId === tickerId);
      expect(read!.digests.get(tickerId)).toBe(digestOf(own));
      expect(read!.digests.get(tickerId)).toMatch(new RegExp(`^${own.length}:[0-9a-f]{32}$`));
    }
  });

  it('reads the whole portfolio grouped by ticker, each with the digest the database computes', async () => {
    const read = await transactionDigests(handle.db, 'alice', portfolioId);
    const whole = await readPortfolioLedgerMath(handle.db, 'alice', portfolioId);
    const rows = await listTransactionMathFast(handle.db, 'alice', portfolioId);
    expect(whole!.revision).toBe(read!.revision);
    expect([...whole!.tickers.keys()].sort()).toEqual([1, 2]);
    for (const tickerId of [1, 2]) {
      const own = whole!.tickers.get(tickerId)!;
      expect(own.rows).toEqual(rows.filter((r) => r.tickerId === tickerId));
      // md5 in PostgreSQL over digestRow, against md5 in Node over the packed lines.
      expect(own.digest).toBe(read!.digests.get(tickerId));
    }
    expect(await readPortfolioLedgerMath(handle.db, 'bob', portfolioId)).toBeUndefined();
  });

  it('reads the revision in the same statement, one ticker on request, and nothing of another user', async () => {
    const revision = (await portfolioRevision(handle.db, 'alice', portfolioId))!.revision;
    const all = await transactionDigests(handle.db, 'alice', portfolioId);
    const one = await transactionDigests(handle.db, 'alice', portfolioId, [2]);
    expect(all!.revision).toBe(revision);
    expect(one).toEqual({ revision, digests: new Map([[2, all!.digests.get(2)]]) });
    expect(await transactionDigests(handle.db, 'alice', portfolioId, [])).toEqual({
      revision,
      digests: new Map(),
    });
    expect(await transactionDigests(handle.db, 'bob', portfolioId)).toBeUndefined();
    const empty = await transactionDigests(handle.db, 'alice', emptyId);
    expect(empty?.digests).toEqual(new Map());
  });

  it('returns the new revision when a write touches the portfolio', async () => {
    const before = (await portfolioRevision(handle.db, 'alice', portfolioId))!.revision;
    const after = await handle.db.transaction((tx) => touchPortfolio(tx, portfolioId));
    expect(after).not.toBe(before);
    expect((await portfolioRevision(handle.db, 'alice', portfolioId))!.revision).toBe(after);
  });
});
