/** @jest-environment node */
// Issue 21: the new fields round-trip through the repository and the DTOs: a portfolio's account
// type, a cash event (no ticker), a dividend's withholding tax and a trade's own rate; the ticker
// reads for the portfolio math leave the cash events out, the ledger reads keep them.
import { portfolioTransactions, markets, tickers, users } from '@/server/db/schema';
import type { DbHandle } from '@/server/db';
import {
  appendTransactions,
  countTransactions,
  digestOf,
  findPortfolio,
  insertPortfolio,
  listLedgerMath,
  listTransactionMath,
  listTransactionMathFast,
  listTransactions,
  listUserLedgerMath,
  transactionDigests,
  updatePortfolio,
} from '@/server/repositories/portfolioRepository';
import { toPortfolioDto, toTransactionDto } from '@/server/services/portfolio/portfolioDtos';
import { openTestDatabase, testDbKinds } from '../../helpers/db';

describe.each(testDbKinds())('the ledger fields round-trip (%s)', (kind) => {
  let handle: DbHandle;
  let portfolioId: number;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    const db = handle.db;
    await db.insert(markets).values({
      id: 226,
      exchange: 'NASDAQ',
      name: 'US',
      mainIndex: 'NDX',
      mainIndexSymbol: 'NDX.INDX',
      currency: 'USD',
    });
    await db.insert(tickers).values({
      id: 3,
      countryId: 226,
      symbol: 'AAPL',
      name: 'Apple',
      searchName: 'apple',
      exchange: 'NASDAQ',
      currency: 'USD',
    });
    await db.insert(users).values([
      { uid: 'alice', email: 'alice@example.test' },
      { uid: 'bob', email: 'bob@example.test' },
    ]);
    const portfolio = await insertPortfolio(db, 'alice', {
      name: 'ASK',
      description: '',
      subscription: false,
      baseCurrency: 'NOK',
      accountType: 'ask',
    });
    portfolioId = portfolio.id;
    await db.insert(portfolioTransactions).values([
      {
        portfolioId,
        tickerId: null,
        date: '2024-01-02',
        eventId: 5,
        quantity: '1',
        price: '10000',
        fee: '0',
      },
      {
        portfolioId,
        tickerId: 3,
        date: '2024-01-03',
        eventId: 1,
        quantity: '2',
        price: '180',
        fee: '1',
        fxRate: '10.52',
      },
    ]);
    await db.transaction((tx) =>
      appendTransactions(tx, portfolioId, [
        {
          tickerId: 3,
          date: '2024-05-16',
          eventId: 3,
          quantity: '2',
          price: '0.24',
          fee: '0',
          withholdingTax: '0.072',
          fxRate: '10.8',
        },
        { tickerId: null, date: '2024-06-01', eventId: 6, quantity: '1', price: '500', fee: '5' },
      ]),
    );
  }, 120_000);
  afterAll(async () => {
    await handle.close();
  });

  it('keeps the account type, and a new portfolio is ordinary', async () => {
    const row = await findPortfolio(handle.db, 'alice', portfolioId);
    expect(toPortfolioDto(row!).account_type).toBe('ask');
    const other = await insertPortfolio(handle.db, 'alice', {
      name: 'Vanlig',
      description: '',
      subscription: false,
      baseCurrency: 'NOK',
    });
    expect(toPortfolioDto(other).account_type).toBe('ordinary');
    const changed = await updatePortfolio(handle.db, 'alice', other.id, {
      name: 'Vanlig',
      accountType: 'ask',
    });
    expect(changed!.accountType).toBe('ask');
  });

  it('returns cash events with no ticker and the withholding and rate as stored', async () => {
    const dtos = (await listTransactions(handle.db, 'alice', portfolioId)).map(toTransactionDto);
    expect(dtos.map((d) => [d.event_id, d.ticker_id, d.price, d.withholding_tax, d.fx_rate])).toEqual([
      [5, null, 10000, null, null],
      [1, 3, 180, null, 10.52],
      [3, 3, 0.24, 0.072, 10.8],
      [6, null, 500, null, null],
    ]);
    expect(await countTransactions(handle.db, portfolioId)).toBe(4);
  });

  it('gives the ticker math only the ticker rows, with their withholding and rate, and the ledger all', async () => {
    const slow = await listTransactionMath(handle.db, 'alice', portfolioId);
    const fast = await listTransactionMathFast(handle.db, 'alice', portfolioId);
    // The packed read writes the amounts without their column's padding zeros (the same values).
    expect(fast.map((r) => [r.id, r.tickerId, r.date, r.eventId])).toEqual(
      slow.map((r) => [r.id, r.tickerId, r.date, r.eventId]),
    );
    expect(fast.map((r) => [r.quantity, r.price, r.fee, r.splitTo, r.withholdingTax, r.fxRate])).toEqual([
      ['2', '180', '1', null, null, '10.52'],
      ['2', '0.24', '0', null, '0.072', '10.8'],
    ]);
    expect(slow.map((r) => [r.eventId, r.withholdingTax, r.fxRate])).toEqual([
      [1, null, '10.5200000000'],
      [3, '0.0720000000', '10.8000000000'],
    ]);
    const digests = await transactionDigests(handle.db, 'alice', portfolioId);
    expect([...digests!.digests.keys()]).toEqual([3]);
    expect(digests!.digests.get(3)).toBe(digestOf(fast));
    const ledger = await listLedgerMath(handle.db, 'alice', portfolioId);
    expect(ledger.map((r) => r.tickerId)).toEqual([null, 3, 3, null]);
    const person = await listUserLedgerMath(handle.db, 'alice');
    expect(person.map((r) => r.portfolioId)).toEqual([portfolioId, portfolioId, portfolioId, portfolioId]);
    expect(await listUserLedgerMath(handle.db, 'bob')).toEqual([]);
  });
});
