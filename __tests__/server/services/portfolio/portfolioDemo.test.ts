/** @jest-environment node */
import { eq } from 'drizzle-orm';
import { portfolios, portfolioTransactions, users } from '@/server/db/schema';
import { dailyBars, fxRates, markets, tickers } from '@/server/db/schema';
import { DEMO_INVESTOR_EMAIL, ensureDemoPortfolio } from '@/server/services/portfolio/portfolioDemo';
import { portfolioCashBalance } from '@/server/services/portfolio/portfolioCash';
import { getPortfolioResults } from '@/server/services/portfolio/portfolioAnalyticsService';
import { clearPortfolioCaches } from '@/server/services/portfolio/portfolioCache';
import type { DbHandle } from '@/server/db';
import { openTestDatabase } from '../../../helpers/db';

/** Weekdays ending 2025-06-30, oldest first. */
function sessions(n: number): string[] {
  const out: string[] = [];
  for (let t = Date.parse('2025-06-30T00:00:00Z'); out.length < n; t -= 86_400_000) {
    const d = new Date(t);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) out.push(d.toISOString().slice(0, 10));
  }
  return out.reverse();
}

describe('ensureDemoPortfolio', () => {
  let db: DbHandle;

  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    clearPortfolioCaches();
    await db.db.insert(markets).values([
      {
        id: 160,
        exchange: 'OL',
        name: 'Oslo Børs',
        mainIndex: 'Hovedindeksen',
        mainIndexSymbol: 'OSEBX.INDX',
        currency: 'NOK',
      },
      {
        id: 226,
        exchange: 'NASDAQ',
        name: 'US Stocks',
        mainIndex: 'NASDAQ 100',
        mainIndexSymbol: 'NDX.INDX',
        currency: 'USD',
      },
    ]);
  }, 120_000);
  afterAll(async () => {
    await db.close();
  });

  it('does nothing without the demo investor', async () => {
    expect(await ensureDemoPortfolio(db.db)).toEqual({ created: false, transactions: 0 });
  });

  it('does nothing while the market has no prices', async () => {
    await db.db
      .insert(users)
      .values({ uid: 'demo-investor', email: DEMO_INVESTOR_EMAIL, subscriptionStatus: 'active' });
    expect(await ensureDemoPortfolio(db.db)).toEqual({ created: false, transactions: 0 });
    expect(await db.db.select().from(portfolios)).toEqual([]);
  });

  it('seeds a deposit, Oslo and US buys, a partial sell and a dividend at the demo closes, once', async () => {
    const days = sessions(450);
    const symbols: [number, string, string][] = [
      [160, 'EQNR', 'NOK'],
      [160, 'DNB', 'NOK'],
      [160, 'NHY', 'NOK'],
      [226, 'AAPL', 'USD'],
      [226, 'MSFT', 'USD'],
    ];
    for (const [countryId, symbol, currency] of symbols) {
      const [t] = await db.db
        .insert(tickers)
        .values({
          countryId,
          symbol,
          name: symbol,
          searchName: symbol.toLowerCase(),
          exchange: 'X',
          currency,
        })
        .returning();
      await db.db.insert(dailyBars).values(
        days.map((date, i) => ({
          tickerId: t.id,
          date,
          open: 100 + i,
          high: 100 + i,
          low: 100 + i,
          close: 100 + i / 3,
          volume: 1,
        })),
      );
    }
    await db.db.insert(fxRates).values({ pair: 'USDNOK', date: days[0], rate: 10.5 });
    const first = await ensureDemoPortfolio(db.db);
    expect(first).toEqual({ created: true, transactions: 9 });
    const [portfolio] = await db.db.select().from(portfolios).where(eq(portfolios.userUid, 'demo-investor'));
    // A name and description that read the same in the nb and the en UI.
    expect(portfolio.name).toBe('Demo');
    expect(portfolio.description).toBe('Oslo Børs + NASDAQ: EQNR, DNB, NHY, AAPL, MSFT');
    const rows = await db.db
      .select()
      .from(portfolioTransactions)
      .where(eq(portfolioTransactions.portfolioId, portfolio.id));
    expect(rows.map((r) => r.eventId).sort()).toEqual([1, 1, 1, 1, 1, 1, 2, 3, 5]);
    // EQNR's first buy is 400 sessions before the last close: close 100 + 49/3 = 116.33
    const eqnrBuy = rows.find((r) => r.eventId === 1 && r.date === days[49]);
    expect(eqnrBuy && Number(eqnrBuy.price)).toBe(116.33);

    // The cash the trades need, by hand (bar i closes at 100 + i/3, rounded to øre; USD/NOK 10.5):
    //   EQNR buy  i=49   -(116.33 × 200 + 49)        = -23 315
    //   DNB buy   i=69   -(123.00 × 100 + 49)        = -12 349
    //   AAPL buy  i=89   -(129.67 × 20 + 1) × 10.5   = -27 241.20
    //   MSFT buy  i=149  -(149.67 × 10 + 1) × 10.5   = -15 725.85
    //   EQNR div  i=199  +3.50 × 200                 = +700
    //   EQNR buy  i=249  -(183.00 × 100 + 49)        = -18 349
    //   DNB sell  i=329  +(209.67 × 40 − 49)         = +8 337.80
    //   NHY buy   i=389  -(229.67 × 300 + 49)        = -68 950
    // running total: -23 315, -35 664, -62 905.20, -78 631.05, -77 931.05, -96 280.05, -87 942.25,
    // -156 892.25: the lowest point is the last, so a deposit of 160 000 (whole 10 000s) dated with
    // the first trade keeps the cash at or above zero all along and leaves 3 107.75.
    const deposit = rows.find((r) => r.eventId === 5);
    expect(deposit && [deposit.tickerId, deposit.date, Number(deposit.price)]).toEqual([
      null,
      days[49],
      160_000,
    ]);
    const tradeIds = rows.filter((r) => r.eventId !== 5).map((r) => r.id);
    expect(deposit && deposit.id < Math.min(...tradeIds)).toBe(true);
    expect((await portfolioCashBalance(db.db, 'demo-investor', portfolio)).toFixed(2)).toBe('3107.75');

    const results = await getPortfolioResults(db.db, 'demo-investor', portfolio.id, {
      includeSold: false,
      asOf: '2025-06-30',
    });
    expect(results.map((r) => [r.symbol, r.quantity])).toEqual([
      ['EQNR', 300],
      ['DNB', 60],
      ['NHY', 300],
      ['AAPL', 20],
      ['MSFT', 10],
    ]);
    expect(results.find((r) => r.symbol === 'EQNR')?.dividends).toBe(700);

    expect(await ensureDemoPortfolio(db.db)).toEqual({ created: false, transactions: 0 });
    expect(await db.db.select().from(portfolios)).toHaveLength(1);
  });
});
