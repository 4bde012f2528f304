// Shared set-up of the portfolio and watchlist API tests: every portfolio route on a real HTTP
// port, a fresh database, real Auth emulator accounts with backend users, and a few tickers with
// bars, analysis and USD/NOK rates inserted by hand.
import { eq, sql } from 'drizzle-orm';
import * as portfoliosIndex from '@/pages/api/v1/portfolios/index';
import * as portfoliosById from '@/pages/api/v1/portfolios/[id]';
import * as portfolioTransaction from '@/pages/api/v1/portfolioTransaction';
import * as results from '@/pages/api/v1/portfolio-results/[portfolioId]';
import * as tickerTransactions from '@/pages/api/v1/portfolio/[id]/[tickerId]';
import * as cashTransactions from '@/pages/api/v1/portfolio/[id]/cash';
import * as transactionById from '@/pages/api/v1/portfolio/[id]/index';
import * as metadata from '@/pages/api/v1/portfolio/metadata';
import * as transaction from '@/pages/api/v1/portfolio/transaction';
import * as importRoute from '@/pages/api/v1/portfolio-import/[portfolioId]';
import * as importSheet from '@/pages/api/v1/import-mappings/sheet';
import * as importMappings from '@/pages/api/v1/import-mappings/index';
import * as exportRoute from '@/pages/api/v1/portfolio-export/[portfolioId]';
import * as performance from '@/pages/api/v1/portfolio-performance/[portfolioId]';
import * as tax from '@/pages/api/v1/portfolio-tax/[portfolioId]';
import * as personTax from '@/pages/api/v1/tax/[year]/index';
import * as personTaxCsv from '@/pages/api/v1/tax/[year]/export.csv';
import * as priceAlertsIndex from '@/pages/api/v1/price-alerts/index';
import * as priceAlertById from '@/pages/api/v1/price-alerts/[id]';
import * as watchlistIndex from '@/pages/api/v1/watchlist/index';
import * as watchlistByTicker from '@/pages/api/v1/watchlist/[tickerId]';
import * as tickerDay from '@/pages/api/v1/ticker/[id]/day';
import * as firstSteps from '@/pages/api/v1/user/first-steps';
import * as instrumentPrice from '@/pages/api/v1/instrument-price/[tickerId]';
import { setDbHandle, type DbHandle } from '@/server/db';
import {
  analysisSnapshots,
  dailyBars,
  fxRates,
  markets,
  portfolios,
  portfolioTransactions,
  tickers,
  users,
  watchlistItems,
} from '@/server/db/schema';
import { clearPortfolioCaches } from '@/server/services/portfolio/portfolioCache';
import { startApiServer, type TestServer } from '../../../helpers/apiServer';
import { openTestDatabase, type TestDbKind } from '../../../helpers/db';
import { createTestAccount, type TestAccount } from '../../../helpers/emulator';

export const PORTFOLIO_HEADERS = { 'X-Requested-With': 'trendvakt' };

export const ROUTES = {
  '/api/v1/portfolios': portfoliosIndex,
  '/api/v1/portfolios/[id]': portfoliosById,
  '/api/v1/portfolioTransaction': portfolioTransaction,
  '/api/v1/portfolio-results/[portfolioId]': results,
  '/api/v1/portfolio/metadata': metadata,
  '/api/v1/portfolio/transaction': transaction,
  '/api/v1/portfolio/[id]/cash': cashTransactions,
  '/api/v1/portfolio/[id]/[tickerId]': tickerTransactions,
  '/api/v1/portfolio/[id]': transactionById,
  '/api/v1/portfolio-import/[portfolioId]': importRoute,
  '/api/v1/import-mappings': importMappings,
  '/api/v1/import-mappings/sheet': importSheet,
  '/api/v1/portfolio-export/[portfolioId]': exportRoute,
  '/api/v1/portfolio-performance/[portfolioId]': performance,
  '/api/v1/portfolio-tax/[portfolioId]': tax,
  '/api/v1/tax/[year]': personTax,
  '/api/v1/tax/[year]/export.csv': personTaxCsv,
  '/api/v1/price-alerts': priceAlertsIndex,
  '/api/v1/price-alerts/[id]': priceAlertById,
  '/api/v1/watchlist': watchlistIndex,
  '/api/v1/watchlist/[tickerId]': watchlistByTicker,
  '/api/v1/ticker/[id]/day': tickerDay,
  '/api/v1/user/first-steps': firstSteps,
  '/api/v1/instrument-price/[tickerId]': instrumentPrice,
};

/** The tickers every test database has (ids fixed, so expectations can name them). */
export const T = {
  EQNR: 1, // Oslo, NOK, ISIN of the Nordnet fixture's "Equinor"
  DNB: 2, // Oslo, NOK, no ISIN
  AAPL: 3, // US, USD, ISIN of the fixture's "Apple"
  OSEBX: 4, // Oslo main index
  NDX: 5, // US main index
  MOWI: 6, // Oslo, NOK, no bars at all
} as const;

export interface Ctx {
  server: TestServer;
  db: DbHandle;
  alice: TestAccount;
  bob: TestAccount;
  newcomer: TestAccount;
}

async function insertUser(db: DbHandle, account: TestAccount, subscriptionStatus: string): Promise<void> {
  await db.db.insert(users).values({
    uid: account.uid,
    email: account.email,
    firstName: account.email.split('@')[0],
    acceptTerms: true,
    subscriptionStatus,
  });
}

/** Markets, tickers, a few bars per ticker, analysis snapshots and USD/NOK rates. */
export async function insertMarketFixture(db: DbHandle): Promise<void> {
  await db.db
    .insert(markets)
    .values([
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
    ])
    .onConflictDoNothing();
  const ticker = (
    id: number,
    countryId: number,
    symbol: string,
    name: string,
    currency: string,
    isin: string | null,
    isIndex = false,
  ) => ({
    id,
    countryId,
    symbol,
    name,
    searchName: name.toLowerCase(),
    exchange: countryId === 160 ? 'OL' : 'NASDAQ',
    currency,
    isin,
    isIndex,
  });
  await db.db
    .insert(tickers)
    .values([
      ticker(T.EQNR, 160, 'EQNR', 'Equinor ASA', 'NOK', 'NO0010096985'),
      ticker(T.DNB, 160, 'DNB', 'DNB Bank ASA', 'NOK', null),
      ticker(T.AAPL, 226, 'AAPL', 'Apple Inc.', 'USD', 'US0378331005'),
      ticker(T.OSEBX, 160, 'OSEBX.INDX', 'Oslo Børs Benchmark Index', 'NOK', null, true),
      ticker(T.NDX, 226, 'NDX.INDX', 'NASDAQ 100', 'USD', null, true),
      ticker(T.MOWI, 160, 'MOWI', 'Mowi ASA', 'NOK', null),
    ]);
  // Keep the serial in step with the fixed ids.
  await db.db.execute(sql`select setval(pg_get_serial_sequence('tickers', 'id'), 100)`);
  const bar = (tickerId: number, date: string, close: number) => ({
    tickerId,
    date,
    open: close,
    high: close,
    low: close,
    close,
    volume: 1000,
  });
  await db.db.insert(dailyBars).values([
    // DNB: the Done-when scenario's last close is 115 (2024-12-30); the day before 110.
    bar(T.DNB, '2024-01-10', 200),
    bar(T.DNB, '2024-12-27', 110),
    bar(T.DNB, '2024-12-30', 115),
    bar(T.EQNR, '2020-01-10', 180.5),
    bar(T.EQNR, '2024-12-30', 100),
    bar(T.AAPL, '2020-02-03', 308.95),
    bar(T.AAPL, '2024-12-30', 200),
    bar(T.OSEBX, '2024-01-10', 1000),
    bar(T.OSEBX, '2024-12-30', 1100),
    bar(T.NDX, '2024-12-30', 20000),
  ]);
  await db.db.insert(fxRates).values([
    { pair: 'USDNOK', date: '2020-01-02', rate: 9 },
    { pair: 'USDNOK', date: '2020-02-03', rate: 9.2 },
    { pair: 'USDNOK', date: '2024-01-10', rate: 10 },
    { pair: 'USDNOK', date: '2024-12-30', rate: 11 },
  ]);
  const snapshot = (tickerId: number, technicalScore: number, signal: string) => ({
    tickerId,
    timeframe: 2,
    date: '2024-12-30',
    isLatest: true,
    countryId: tickerId === T.AAPL ? 226 : 160,
    close: 0,
    changePct: 0,
    volume: 0,
    technicalScore,
    signal,
    overallScore: technicalScore,
    trendScore: 0,
    supportResistanceScore: 0,
    momentumScore: 0,
    volumeScore: 0,
    rsi: 50,
    volbal5: 0,
    volbal22: 0,
    volbal66: 0,
    volatilityPct: 0,
    volatilityRisk: 1,
    turnoverAvg66: 0,
    liquidityRisk: 1,
    trend: {},
    supports: [],
    resistances: [],
  });
  await db.db
    .insert(analysisSnapshots)
    .values([snapshot(T.DNB, 0.62, 'buy'), snapshot(T.EQNR, -0.7, 'sell'), snapshot(T.AAPL, 0.1, 'hold')]);
}

/** A fresh database with the market fixture, the routes on a port, and alice and bob (active) and a newcomer (inactive). */
export async function setUp(kind: TestDbKind): Promise<Ctx> {
  const db = await openTestDatabase(kind);
  setDbHandle(db);
  clearPortfolioCaches();
  await insertMarketFixture(db);
  const server = await startApiServer(ROUTES);
  const [alice, bob, newcomer] = await Promise.all([
    createTestAccount('alice'),
    createTestAccount('bob'),
    createTestAccount('newcomer'),
  ]);
  await insertUser(db, alice, 'active');
  await insertUser(db, bob, 'active');
  await insertUser(db, newcomer, 'inactive');
  return { server, db, alice, bob, newcomer };
}

export async function tearDown(ctx: Ctx | undefined): Promise<void> {
  if (!ctx) return;
  await ctx.server.close();
  setDbHandle(undefined);
  clearPortfolioCaches();
  await ctx.db.close();
}

type Req = { body?: unknown; raw?: string | Buffer; headers?: Record<string, string> };

/** A portfolio call as `account`: bearer token and the portfolio header. */
export function call(ctx: Ctx, account: TestAccount, method: string, path: string, opts: Req = {}) {
  return ctx.server.request(method, path, {
    token: account.idToken,
    ...opts,
    headers: { ...PORTFOLIO_HEADERS, ...(opts.headers ?? {}) },
  });
}

export const errorOf = (body: unknown) =>
  (body as { error: { code: string; message: string; details?: unknown } }).error;

/** Every row of the portfolio and watchlist tables, to prove that a refused call changed nothing. */
export async function snapshotTables(db: DbHandle) {
  const [p, t, w] = await Promise.all([
    db.db.select().from(portfolios).orderBy(portfolios.id),
    db.db.select().from(portfolioTransactions).orderBy(portfolioTransactions.id),
    db.db.select().from(watchlistItems).orderBy(watchlistItems.userUid, watchlistItems.tickerId),
  ]);
  return { portfolios: p, transactions: t, watchlist: w };
}

/** Create a portfolio as `account` and return its id. */
export async function createPortfolio(
  ctx: Ctx,
  account: TestAccount,
  name = 'Langsiktig',
  extra: Record<string, unknown> = {},
): Promise<number> {
  const res = await call(ctx, account, 'POST', '/api/v1/portfolios', {
    body: { portfolio_name: name, ...extra },
  });
  if (res.status !== 201) throw new Error(`create portfolio: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { portfolio_id: number }).portfolio_id;
}

/** Add a transaction as `account`; returns the response. */
export function addTransaction(ctx: Ctx, account: TestAccount, body: Record<string, unknown>) {
  return call(ctx, account, 'POST', '/api/v1/portfolioTransaction', { body });
}

/** Add a transaction that must succeed; returns its id. */
export async function addOk(ctx: Ctx, account: TestAccount, body: Record<string, unknown>): Promise<number> {
  const res = await addTransaction(ctx, account, body);
  if (res.status !== 201) throw new Error(`add transaction: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { portfolio_transaction_id: number }).portfolio_transaction_id;
}

/** Upload a broker file to portfolio-import (Nordnet format) as `account`; a dry run when asked. */
export function importFile(
  ctx: Ctx,
  account: TestAccount,
  portfolioId: number,
  bytes: Buffer,
  dryRun = false,
) {
  return call(
    ctx,
    account,
    'POST',
    `/api/v1/portfolio-import/${portfolioId}?format=nordnet${dryRun ? '&dryRun=true' : ''}`,
    { raw: bytes, headers: { 'Content-Type': 'text/csv' } },
  );
}

/** The portfolio's stored transaction rows, read straight from the table, by id. */
export function storedTransactions(ctx: Ctx, portfolioId: number) {
  return ctx.db.db
    .select()
    .from(portfolioTransactions)
    .where(eq(portfolioTransactions.portfolioId, portfolioId))
    .orderBy(portfolioTransactions.id);
}
