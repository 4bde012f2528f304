/**
 * The demo investor's portfolio (DESIGN.md §3): a deposit, then a few Oslo and US buys, a partial
 * sell and a dividend, priced at the demo market's own closes so the figures look real. The deposit
 * covers every buy, so the cash is never negative. Runs after the market seed (it finds tickers by
 * symbol) and only once: an investor who already has a portfolio keeps it.
 */
import Decimal from 'decimal.js';
import {
  EVENT_BUY,
  EVENT_DEPOSIT,
  EVENT_DIVIDEND,
  EVENT_SELL,
  MARKET_OSLO,
  MARKET_US,
  currencyForCountry,
  type MarketId,
} from '@/lib/constants';
import type { Db } from '@/server/db';
import {
  cashSteps,
  createFxRateOn,
  normalizeLedger,
  validateHistory,
  type CurrencyCode,
  type TransactionInput,
} from '@/server/domain/portfolio';
import { findUserByEmail } from '@/server/repositories/userRepository';
import {
  USDNOK_PAIR,
  findTickerBySymbol,
  getCloseSeries,
  getFxRates,
  getLatestCloses,
  type CloseSeries,
} from '@/server/repositories/marketRepository';
import {
  insertPortfolio,
  insertTransactions,
  listPortfolios,
} from '@/server/repositories/portfolioRepository';

export const DEMO_INVESTOR_EMAIL = 'investor@trendvakt.test';

/**
 * The seeded name and description read the same in Norwegian and English (the UI shows a
 * portfolio's name as the user typed it, so a Norwegian name would stay Norwegian in the en UI).
 */
export const DEMO_PORTFOLIO_NAME = 'Demo';
export const DEMO_PORTFOLIO_DESCRIPTION = 'Oslo Børs + NASDAQ: EQNR, DNB, NHY, AAPL, MSFT';

/** The deposit is the cash the trades need, rounded up to whole steps of this many NOK. */
const DEPOSIT_STEP = 10_000;

interface DemoTrade {
  market: MarketId;
  symbol: string;
  /** Sessions before the ticker's last close. */
  sessionsAgo: number;
  eventId: number;
  quantity: number;
  /** Fixed amount per share (dividends); trades use that session's close. */
  price?: number;
  fee: number;
}

const TRADES: readonly DemoTrade[] = [
  { market: MARKET_OSLO, symbol: 'EQNR', sessionsAgo: 400, eventId: EVENT_BUY, quantity: 200, fee: 49 },
  { market: MARKET_OSLO, symbol: 'DNB', sessionsAgo: 380, eventId: EVENT_BUY, quantity: 100, fee: 49 },
  { market: MARKET_US, symbol: 'AAPL', sessionsAgo: 360, eventId: EVENT_BUY, quantity: 20, fee: 1 },
  { market: MARKET_US, symbol: 'MSFT', sessionsAgo: 300, eventId: EVENT_BUY, quantity: 10, fee: 1 },
  {
    market: MARKET_OSLO,
    symbol: 'EQNR',
    sessionsAgo: 250,
    eventId: EVENT_DIVIDEND,
    quantity: 200,
    price: 3.5,
    fee: 0,
  },
  { market: MARKET_OSLO, symbol: 'EQNR', sessionsAgo: 200, eventId: EVENT_BUY, quantity: 100, fee: 49 },
  { market: MARKET_OSLO, symbol: 'DNB', sessionsAgo: 120, eventId: EVENT_SELL, quantity: 40, fee: 49 },
  { market: MARKET_OSLO, symbol: 'NHY', sessionsAgo: 60, eventId: EVENT_BUY, quantity: 300, fee: 49 },
];

function round2(value: number): string {
  return (Math.round(value * 100) / 100).toFixed(2);
}

interface SeedRow {
  tickerId: number | null;
  date: string;
  eventId: number;
  quantity: string;
  price: string;
  fee: string;
}

/**
 * The deposit that keeps the cash at or above zero through `rows` (NOK base): the lowest balance
 * the trades reach on their own (each at its date's USD/NOK, the event applier's cash rule),
 * rounded up to a whole DEPOSIT_STEP, at least one step.
 */
async function depositFor(
  db: Db,
  rows: readonly SeedRow[],
  currencies: ReadonlyMap<number, CurrencyCode>,
): Promise<Decimal> {
  const fx = createFxRateOn(await getFxRates(db, USDNOK_PAIR));
  const steps = cashSteps(normalizeLedger(rows.map((r, i) => ({ ...r, id: i + 1 }))), {
    baseCurrency: 'NOK',
    currencyOf: (tickerId) => currencies.get(tickerId) ?? 'NOK',
    fxRateOn: fx,
  });
  const lowest = steps.reduce((min, step) => Decimal.min(min, step.after), new Decimal(0));
  const steps10k = Decimal.max(1, lowest.neg().div(DEPOSIT_STEP).ceil());
  return steps10k.mul(DEPOSIT_STEP);
}

/**
 * Create the demo investor's portfolio unless the investor is missing or already has one. Trades
 * on tickers without prices are left out. Returns what it did.
 */
export async function ensureDemoPortfolio(db: Db): Promise<{ created: boolean; transactions: number }> {
  const investor = await findUserByEmail(db, DEMO_INVESTOR_EMAIL);
  if (!investor) return { created: false, transactions: 0 };
  if ((await listPortfolios(db, investor.uid)).length > 0) return { created: false, transactions: 0 };

  const series = new Map<string, { tickerId: number; closes: CloseSeries }>();
  const currencies = new Map<number, CurrencyCode>();
  for (const trade of TRADES) {
    const key = `${trade.market}:${trade.symbol}`;
    if (series.has(key)) continue;
    const ticker = await findTickerBySymbol(db, trade.market, trade.symbol);
    if (!ticker) continue;
    const last = (await getLatestCloses(db, [ticker.id])).get(ticker.id);
    if (!last) continue;
    const closes = (await getCloseSeries(db, [ticker.id], { to: last.date })).get(ticker.id);
    if (!closes) continue;
    series.set(key, { tickerId: ticker.id, closes });
    currencies.set(ticker.id, currencyForCountry(trade.market));
  }

  const trades: SeedRow[] = TRADES.flatMap((trade) => {
    const s = series.get(`${trade.market}:${trade.symbol}`);
    const sessions = s?.closes.dates.length ?? 0;
    if (!s || sessions === 0) return [];
    const at = Math.max(0, sessions - 1 - trade.sessionsAgo);
    return [
      {
        tickerId: s.tickerId,
        date: s.closes.dates[at],
        eventId: trade.eventId,
        quantity: String(trade.quantity),
        price: trade.price !== undefined ? round2(trade.price) : round2(s.closes.closes[at]),
        fee: String(trade.fee),
      },
    ];
  });
  if (trades.length === 0) return { created: false, transactions: 0 };
  const history: TransactionInput[] = trades.map((r, i) => ({ id: i + 1, ...r }));
  // Short price histories can reorder the trades; a history that breaks the holding rule is not seeded.
  if (validateHistory(history)) return { created: false, transactions: 0 };
  // The deposit goes first (same date as the first trade, lower id: canonical order is date, id).
  const firstDate = trades.reduce((min, r) => (r.date < min ? r.date : min), trades[0].date);
  const deposit: SeedRow = {
    tickerId: null,
    date: firstDate,
    eventId: EVENT_DEPOSIT,
    quantity: '1',
    price: (await depositFor(db, trades, currencies)).toFixed(2),
    fee: '0',
  };
  const rows = [deposit, ...trades];

  return db.transaction(async (tx) => {
    const portfolio = await insertPortfolio(tx, investor.uid, {
      name: DEMO_PORTFOLIO_NAME,
      description: DEMO_PORTFOLIO_DESCRIPTION,
      subscription: true,
      baseCurrency: 'NOK',
    });
    const ordered = [...rows].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    await insertTransactions(
      tx,
      ordered.map((r) => ({ ...r, portfolioId: portfolio.id, comment: '' })),
    );
    return { created: true, transactions: rows.length };
  });
}
