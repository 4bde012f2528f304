/** @jest-environment node */
import { sql } from 'drizzle-orm';
import * as domain from '@/server/domain/portfolio';
import * as repository from '@/server/repositories/portfolioRepository';
import { dailyBars, fxRates, markets, portfolioTransactions, tickers, users } from '@/server/db/schema';
import type { DbHandle } from '@/server/db';
import { createTransactionSchema, updateTransactionSchema } from '@/lib/schemas/portfolio';
import {
  getPortfolioPerformance,
  getPortfolioPerformanceJson,
  getPortfolioResults,
} from '@/server/services/portfolio/portfolioAnalyticsService';
import { getPortfolioTax } from '@/server/services/tax';
import { clearPortfolioCaches } from '@/server/services/portfolio/portfolioCache';
import {
  addTransaction,
  createPortfolio,
  deleteTransaction,
  updateTransaction,
} from '@/server/services/portfolio/portfolioService';
import { openTestDatabase, testDbKinds } from '../../../helpers/db';

// Count what the service recomputes and re-reads: the real functions, observed.
jest.mock('@/server/domain/portfolio', () => {
  const actual = jest.requireActual('@/server/domain/portfolio');
  return {
    ...actual,
    computeTickerTimelines: jest.fn(actual.computeTickerTimelines),
    computeResultsAndCash: jest.fn(actual.computeResultsAndCash),
  };
});
jest.mock('@/server/repositories/portfolioRepository', () => {
  const actual = jest.requireActual('@/server/repositories/portfolioRepository');
  return {
    ...actual,
    listTransactionMathFast: jest.fn(actual.listTransactionMathFast),
    transactionDigests: jest.fn(actual.transactionDigests),
    readPortfolioLedgerMath: jest.fn(actual.readPortfolioLedgerMath),
  };
});

const timelinesBuilt = domain.computeTickerTimelines as jest.MockedFunction<
  typeof domain.computeTickerTimelines
>;
const resultsComputed = domain.computeResultsAndCash as jest.MockedFunction<
  typeof domain.computeResultsAndCash
>;
const historiesRead = repository.listTransactionMathFast as jest.MockedFunction<
  typeof repository.listTransactionMathFast
>;
const digestsRead = repository.transactionDigests as jest.MockedFunction<
  typeof repository.transactionDigests
>;
const ledgerRead = repository.readPortfolioLedgerMath as jest.MockedFunction<
  typeof repository.readPortfolioLedgerMath
>;

/** Which tickers each observed call computed timelines for. */
const timelineTickers = () =>
  timelinesBuilt.mock.calls.flatMap(([inputs]) => [...inputs].map((i) => i.tickerId)).sort((a, b) => a - b);

const EQNR = 1;
const DNB = 2;
const MOWI = 3;
const AAPL = 4;
const OSEBX = 5;
const TODAY = '2024-06-28';
// 17 May: Oslo Børs is closed (Constitution Day), NASDAQ is open.
const NATIONAL_DAY = '2024-05-17';

function weekdays(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    const d = new Date(t);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) out.push(d.toISOString().slice(0, 10));
  }
  return out;
}
const US_DAYS = weekdays('2024-01-02', TODAY);
const OSLO_DAYS = US_DAYS.filter((d) => d !== NATIONAL_DAY);

/** A deterministic price path with cents and fractions of cents. */
function path(tickerId: number, days: string[], level: number) {
  let close = level;
  return days.map((date, i) => {
    close = Math.round(close * (1 + Math.sin(i * 0.7 + tickerId) * 0.021) * 1000) / 1000;
    return { tickerId, date, open: close, high: close, low: close, close, volume: 1000 };
  });
}

async function insertMarket(handle: DbHandle): Promise<void> {
  const db = handle.db;
  await db.insert(markets).values([
    {
      id: 160,
      exchange: 'OL',
      name: 'Oslo Børs',
      mainIndex: 'OSEBX',
      mainIndexSymbol: 'OSEBX.INDX',
      currency: 'NOK',
    },
    {
      id: 226,
      exchange: 'NASDAQ',
      name: 'US Stocks',
      mainIndex: 'NDX',
      mainIndexSymbol: 'NDX.INDX',
      currency: 'USD',
    },
  ]);
  const ticker = (id: number, countryId: number, symbol: string, currency: string, isIndex = false) => ({
    id,
    countryId,
    symbol,
    name: symbol,
    searchName: symbol.toLowerCase(),
    exchange: countryId === 160 ? 'OL' : 'NASDAQ',
    currency,
    isIndex,
  });
  await db
    .insert(tickers)
    .values([
      ticker(EQNR, 160, 'EQNR', 'NOK'),
      ticker(DNB, 160, 'DNB', 'NOK'),
      ticker(MOWI, 160, 'MOWI', 'NOK'),
      ticker(AAPL, 226, 'AAPL', 'USD'),
      ticker(OSEBX, 160, 'OSEBX.INDX', 'NOK', true),
    ]);
  await db
    .insert(dailyBars)
    .values([
      ...path(EQNR, OSLO_DAYS, 251.35),
      ...path(DNB, OSLO_DAYS, 203.1),
      ...path(MOWI, OSLO_DAYS.slice(20), 180.75),
      ...path(AAPL, US_DAYS, 187.13),
      ...path(OSEBX, OSLO_DAYS, 1342.07),
    ]);
  await db.insert(fxRates).values(
    US_DAYS.map((date, i) => ({
      pair: 'USDNOK',
      date,
      rate: Math.round((10.5 + Math.cos(i / 9) / 3) * 10_000) / 10_000,
    })),
  );
}

const buy = (
  portfolio_id: number,
  ticker_id: number,
  date: string,
  quantity: string,
  price: string,
  fee = '19',
) =>
  createTransactionSchema(TODAY).parse({ portfolio_id, ticker_id, date, event_id: 1, quantity, price, fee });
const sell = (portfolio_id: number, ticker_id: number, date: string, quantity: string, price: string) =>
  createTransactionSchema(TODAY).parse({
    portfolio_id,
    ticker_id,
    date,
    event_id: 2,
    quantity,
    price,
    fee: '29',
  });

describe.each(testDbKinds())('performance and results after a write (%s)', (kind) => {
  let handle: DbHandle;
  const uid = 'investor-1';
  let portfolioId: number;
  const ranges = [{ to: TODAY }, { from: '2024-05-02', to: TODAY }];

  // One after another, as the counts below assume (two requests at once may both read what is missing).
  const figures = async () => {
    const performance = [];
    for (const range of ranges)
      performance.push(await getPortfolioPerformance(handle.db, uid, portfolioId, range));
    const results = await getPortfolioResults(handle.db, uid, portfolioId, {
      includeSold: true,
      asOf: TODAY,
    });
    return { performance, results, tax: await getPortfolioTax(handle.db, uid, portfolioId, 2024) };
  };
  /** The same figures from nothing cached: a full computation. */
  const coldFigures = async () => {
    clearPortfolioCaches();
    return figures();
  };
  const observe = () => jest.clearAllMocks();

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    clearPortfolioCaches();
    await insertMarket(handle);
    await handle.db
      .insert(users)
      .values({ uid, email: 'investor@example.test', subscriptionStatus: 'active' });
    portfolioId = (
      await createPortfolio(handle.db, uid, {
        portfolio_name: 'Vekst',
        description: '',
        subscription: false,
        base_currency: 'NOK',
      })
    ).portfolio_id;
    const days = OSLO_DAYS;
    for (let i = 0; i < 40; i++) {
      const tickerId = [EQNR, DNB, MOWI][i % 3];
      const date = days[Math.min(days.length - 1, 25 + i * 2)];
      const price = (200 + i * 1.37).toFixed(2);
      await addTransaction(
        handle.db,
        uid,
        i % 4 === 3
          ? sell(portfolioId, tickerId, date, '3.5', price)
          : buy(portfolioId, tickerId, date, `${10 + i}`, price),
      );
    }
  }, 120_000);
  afterAll(async () => {
    clearPortfolioCaches();
    await handle.close();
  });

  it('recomputes only the written ticker, and gives what a full computation gives', async () => {
    const before = await figures();
    expect(before.performance[0].points.length).toBeGreaterThan(60);

    observe();
    await addTransaction(handle.db, uid, buy(portfolioId, DNB, '2024-06-03', '12', '210.55'));
    // The write carried the digests over: only DNB's were read, inside the write.
    expect(digestsRead.mock.calls.map((c) => c[3])).toEqual([[DNB]]);

    observe();
    const after = await figures();
    // No pass over the whole portfolio: no read of every transaction, no digest read, only DNB's
    // transactions read again, only DNB's timeline (for each range) and result row computed again.
    expect(ledgerRead).not.toHaveBeenCalled();
    expect(digestsRead).not.toHaveBeenCalled();
    expect(historiesRead.mock.calls.map((c) => c[3])).toEqual([[DNB]]);
    expect(timelineTickers()).toEqual([DNB, DNB]);
    expect(
      resultsComputed.mock.calls.map(([input]) => [...new Set(input.transactions.map((t) => t.tickerId))]),
    ).toEqual([[DNB]]);

    expect(after).toEqual(await coldFigures());
    expect(after.performance[0]).not.toEqual(before.performance[0]);
    // The days before the buy are the same as before the write.
    const firstChanged = after.performance[0].points.findIndex((p) => p.date >= '2024-06-03');
    expect(after.performance[0].points.slice(0, firstChanged)).toEqual(
      before.performance[0].points.slice(0, firstChanged),
    );
  });

  it('sends an unchanged answer as it was serialised, and a changed one anew', async () => {
    const range = ranges[1];
    const first = await getPortfolioPerformanceJson(handle.db, uid, portfolioId, range);
    // Nothing written: the very object again, so its text (and its compressed bytes) are reused.
    expect(await getPortfolioPerformanceJson(handle.db, uid, portfolioId, range)).toBe(first);
    clearPortfolioCaches();
    expect(JSON.parse(first.body)).toEqual(await getPortfolioPerformance(handle.db, uid, portfolioId, range));
    // Another range is another answer.
    const whole = await getPortfolioPerformanceJson(handle.db, uid, portfolioId, ranges[0]);
    expect(JSON.parse(whole.body).from).not.toBe(JSON.parse(first.body).from);

    const again = await getPortfolioPerformanceJson(handle.db, uid, portfolioId, range);
    await addTransaction(handle.db, uid, buy(portfolioId, MOWI, '2024-06-04', '3', '188.2'));
    const written = await getPortfolioPerformanceJson(handle.db, uid, portfolioId, range);
    expect(written).not.toBe(again);
    expect(written.body).not.toBe(again.body);
    clearPortfolioCaches();
    expect(JSON.parse(written.body)).toEqual(
      await getPortfolioPerformance(handle.db, uid, portfolioId, range),
    );
  });

  it("writes after a write the very text JSON.stringify gives, taking over the unchanged days' text", async () => {
    const range = ranges[0];
    /** The answer worked out from nothing cached, serialised by JSON.stringify itself. */
    const fromScratch = async () => {
      clearPortfolioCaches();
      return JSON.stringify(await getPortfolioPerformance(handle.db, uid, portfolioId, range));
    };
    const before = await getPortfolioPerformanceJson(handle.db, uid, portfolioId, range);
    // Enough days that the text of whole pieces of days before the write can be taken over.
    expect((JSON.parse(before.body) as { points: unknown[] }).points.length).toBeGreaterThan(64);
    await addTransaction(handle.db, uid, buy(portfolioId, EQNR, '2024-06-24', '2', '251.1'));
    const written = await getPortfolioPerformanceJson(handle.db, uid, portfolioId, range);
    expect(written.body).not.toBe(before.body);
    const expected = await fromScratch();
    expect(written.body).toBe(expected);

    // A read that is not serialised in between (it files the new days under the range) must not
    // make the next serialised answer the one from before that read's write.
    await getPortfolioPerformanceJson(handle.db, uid, portfolioId, range);
    await addTransaction(handle.db, uid, sell(portfolioId, EQNR, '2024-06-25', '1', '252.4'));
    await getPortfolioPerformance(handle.db, uid, portfolioId, range);
    const afterSell = await getPortfolioPerformanceJson(handle.db, uid, portfolioId, range);
    expect(afterSell.body).toBe(await fromScratch());
    expect(afterSell.body).not.toBe(expected);

    // A write on the first day changes every day: nothing is taken over, and the text is still exact.
    await getPortfolioPerformanceJson(handle.db, uid, portfolioId, range);
    const firstDay = (JSON.parse(afterSell.body) as { points: { date: string }[] }).points[0].date;
    await addTransaction(handle.db, uid, buy(portfolioId, DNB, firstDay, '1', '200'));
    expect((await getPortfolioPerformanceJson(handle.db, uid, portfolioId, range)).body).toBe(
      await fromScratch(),
    );
  });

  it('carries the digests over an edit and a delete as well', async () => {
    await figures();
    const added = await addTransaction(handle.db, uid, buy(portfolioId, EQNR, '2024-03-01', '7', '260'));
    await figures();

    observe();
    await updateTransaction(
      handle.db,
      uid,
      updateTransactionSchema(TODAY).parse({
        portfolio_transaction_id: added.portfolio_transaction_id,
        date: '2024-03-04',
        event_id: 1,
        quantity: '8.25',
        price: '258.4',
        fee: '9',
      }),
    );
    const edited = await figures();
    expect(digestsRead.mock.calls.map((c) => c[3])).toEqual([[EQNR]]);
    expect(timelineTickers()).toEqual([EQNR, EQNR]);
    expect(edited).toEqual(await coldFigures());

    await figures();
    observe();
    await deleteTransaction(handle.db, uid, added.portfolio_transaction_id);
    const deleted = await figures();
    expect(digestsRead.mock.calls.map((c) => c[3])).toEqual([[EQNR]]);
    expect(deleted).toEqual(await coldFigures());
  });

  it('recomputes every ticker on the new calendar when a US ticker brings in a day Oslo is closed', async () => {
    const before = await figures();
    expect(before.performance[0].points.map((p) => p.date)).not.toContain(NATIONAL_DAY);

    observe();
    await addTransaction(handle.db, uid, buy(portfolioId, AAPL, '2024-05-15', '4.5', '189.3'));
    const after = await figures();
    expect(after.performance[0].points.map((p) => p.date)).toContain(NATIONAL_DAY);
    // The calendar changed, so every held ticker's timeline was built again, for both ranges.
    expect(timelineTickers()).toEqual([EQNR, EQNR, DNB, DNB, MOWI, MOWI, AAPL, AAPL]);
    expect(after).toEqual(await coldFigures());
  });

  it('sees a write made elsewhere (another process), which carried nothing', async () => {
    const before = await figures();
    await handle.db.transaction(async (tx) => {
      await tx.insert(portfolioTransactions).values({
        portfolioId,
        tickerId: MOWI,
        date: '2024-06-10',
        eventId: 1,
        quantity: '2',
        price: '190',
        fee: '0',
      });
      await tx.execute(sql`update portfolios set updated_at = clock_timestamp() where id = ${portfolioId}`);
    });
    observe();
    const after = await figures();
    // One load: the unknown revision's transactions read once (the digests are computed from those
    // rows), nothing read again per ticker, and only MOWI's figures computed again.
    expect(ledgerRead).toHaveBeenCalledTimes(1);
    expect(digestsRead).not.toHaveBeenCalled();
    expect(historiesRead).not.toHaveBeenCalled();
    expect(timelineTickers()).toEqual([MOWI, MOWI]);
    expect(
      resultsComputed.mock.calls.map(([input]) => [...new Set(input.transactions.map((t) => t.tickerId))]),
    ).toEqual([[MOWI]]);
    expect(after.results).not.toEqual(before.results);
    expect(after).toEqual(await coldFigures());
  });

  it('shows a new close once a sync has bumped the market-data version (the results keep the market reads on it)', async () => {
    const { bumpMarketDataVersion } = await import('@/server/repositories/marketRepository');
    const eqnrRow = async () =>
      (await getPortfolioResults(handle.db, uid, portfolioId, { includeSold: true, asOf: TODAY })).find(
        (r) => r.ticker_id === EQNR,
      )!;
    await bumpMarketDataVersion(handle.db, TODAY);
    const before = await eqnrRow();
    // What a sync does: a corrected close of the last day, then the version bumped.
    await handle.db.execute(
      sql`update daily_bars set close = 300.5 where ticker_id = ${EQNR} and date = ${TODAY}::date`,
    );
    await bumpMarketDataVersion(handle.db, TODAY);
    const after = await eqnrRow();
    expect(before.last_price).not.toBe(300.5);
    expect(after.last_price).toBe(300.5);
    // quantity × 300.5, worked out from the row's own quantity (the close is exact in NOK).
    expect(after.market_value).toBeCloseTo(after.quantity * 300.5, 6);
    expect(after).toEqual((await coldFigures()).results.find((r) => r.ticker_id === EQNR));
  });
});
