/**
 * A portfolio's dividend income (issue 41): GET /api/v1/portfolio-income/{id}?months= and the
 * one-click booking of a passed dividend. Reads through the portfolio feature's read path (the
 * revision's digests, the memoised histories, USD/NOK, the results' cost and value), the stored
 * dividends, and computes in the pure domain (server/domain/portfolio/income).
 */
import Decimal from 'decimal.js';
import { EVENT_DIVIDEND } from '@/lib/constants';
import { addDays } from '@/lib/dates';
import { marketCountry, TREATY_WITHHOLDING } from '@/lib/income';
import { createTransactionSchema } from '@/lib/schemas/portfolio';
import type { BookDividendInput } from '@/lib/schemas/income';
import type { BookedDividendDto, PortfolioIncomeDto } from '@/lib/types/income';
import type { Db } from '@/server/db';
import {
  addMonths,
  computePortfolioIncome,
  dateOf,
  toApiNumber,
  toDecimal,
  type CurrencyCode,
  type ProviderDividend,
  type Transaction,
} from '@/server/domain/portfolio';
import { findTickerRefs, listDividends, type TickerRef } from '@/server/repositories/marketRepository';
import { conflictError, invalid, notFoundError } from '@/server/services/errors';
import {
  addTransaction,
  getPortfolioResultsWithTotals,
  loadFx,
  loadHistories,
  loadRevision,
} from '@/server/services/portfolio';

/** What the income and allocation computations read of one portfolio. */
export interface PortfolioIncomeRead {
  transactions: Transaction[];
  refs: Map<number, TickerRef>;
  dividends: Map<number, ProviderDividend[]>;
  fx: Awaited<ReturnType<typeof loadFx>>;
  costNok: Decimal;
  valueNok: Decimal;
}

/** NOK per unit of the portfolio's base currency today. */
export function baseToNok(base: string, fx: { fxRateOn: (d: string) => Decimal }, today: string): Decimal {
  return base === 'USD' ? fx.fxRateOn(today) : toDecimal(1);
}

async function readIncome(
  db: Db,
  uid: string,
  portfolioId: number,
  today: string,
  from: string,
): Promise<PortfolioIncomeRead> {
  const read = await loadRevision(db, uid, portfolioId);
  const [histories, fx, refs, stored, results] = await Promise.all([
    loadHistories(db, uid, read, read.tickerIds),
    loadFx(db),
    findTickerRefs(db, read.tickerIds),
    listDividends(db, read.tickerIds, { from }),
    getPortfolioResultsWithTotals(db, uid, portfolioId, { includeSold: false, asOf: today }),
  ]);
  const dividends = new Map<number, ProviderDividend[]>();
  for (const d of stored) {
    const list = dividends.get(d.tickerId);
    const event = { exDate: d.exDate, payDate: d.payDate, amount: d.amount, currency: d.currency };
    if (list) list.push(event);
    else dividends.set(d.tickerId, [event]);
  }
  const toNok = read.tickerIds.length > 0 ? baseToNok(read.portfolio.baseCurrency, fx, today) : toDecimal(1);
  let cost = toDecimal(0);
  let value = toDecimal(0);
  for (const row of results.rows) {
    cost = cost.plus(toDecimal(row.cost_base));
    value = value.plus(toDecimal(row.market_value_base));
  }
  return {
    transactions: read.tickerIds.flatMap((id) => histories.get(id)?.transactions ?? []),
    refs,
    dividends,
    fx,
    costNok: cost.mul(toNok),
    valueNok: value.mul(toNok),
  };
}

function computeFor(input: PortfolioIncomeRead, today: string, months: number) {
  const tickers = new Map<number, { symbol: string; currency: CurrencyCode }>();
  for (const [id, ref] of input.refs) tickers.set(id, { symbol: ref.symbol, currency: ref.currency });
  return computePortfolioIncome({
    today,
    months,
    transactions: input.transactions,
    tickers,
    dividends: input.dividends,
    fxRateOn: input.fx.fxRateOn,
    costNok: input.costNok,
    valueNok: input.valueNok,
  });
}

/** GET /api/v1/portfolio-income/{id}?months=: received, expected and totals in NOK; 404 when not the caller's. */
export async function getPortfolioIncome(
  db: Db,
  uid: string,
  portfolioId: number,
  opts: { months: number; today: string },
): Promise<PortfolioIncomeDto> {
  // The dividends of the window and of the 12 months before it (the estimates repeat those).
  const from = addMonths(opts.today, -(opts.months + 12));
  const read = await readIncome(db, uid, portfolioId, opts.today, from);
  const income = computeFor(read, opts.today, opts.months);
  const num = (d: Decimal) => toApiNumber(d);
  return {
    received: income.received.map((r) => ({ month: r.month, amount_nok: num(r.amountNok) })),
    expected: income.expected.map((r) => ({
      ticker_id: r.tickerId,
      symbol: r.symbol,
      ex_date: r.exDate,
      pay_date: r.payDate,
      per_share: num(r.perShare),
      quantity: num(r.quantity),
      amount: num(r.amount),
      currency: r.currency,
      amount_nok: r.amountNok === null ? null : num(r.amountNok),
      status: r.status,
    })),
    totals: {
      trailing_12m_nok: num(income.totals.trailing12mNok),
      next_12m_nok: num(income.totals.next12mNok),
      yield_on_cost: num(income.totals.yieldOnCost),
      yield_on_value: num(income.totals.yieldOnValue),
    },
  };
}

/**
 * POST /api/v1/portfolio-income/{id}/book: book a passed dividend of the provider as the ledger's
 * dividend event, dated its payment date (its ex-date when none is known), for the quantity held
 * at the ex-date, with the treaty withholding of the share's country (15 % US, 0 Norway) unless
 * `withholding_rate` says otherwise. The amount per share is converted into the share's trading
 * currency at that date's USD/NOK when the company pays in the other one. 404: not the caller's
 * portfolio or no such dividend of a share in it; 409: not passed yet, already booked, or not
 * held at the ex-date.
 */
export async function bookExpectedDividend(
  db: Db,
  uid: string,
  portfolioId: number,
  input: BookDividendInput,
  today: string,
): Promise<BookedDividendDto> {
  const from = addDays(input.ex_date, -400);
  const read = await readIncome(db, uid, portfolioId, today, from);
  const ref = read.refs.get(input.ticker_id);
  const event = read.dividends.get(input.ticker_id)?.find((d) => d.exDate === input.ex_date);
  if (!ref || !event)
    throw notFoundError('No such dividend of a share in this portfolio', 'DIVIDEND_NOT_FOUND');
  const date = dateOf(event);
  if (date > today) throw conflictError('DIVIDEND_NOT_PAID_YET', `This dividend is paid on ${date}`);
  const income = computeFor(read, today, 24);
  const row = income.expected.find((r) => r.tickerId === input.ticker_id && r.exDate === input.ex_date);
  if (row?.status === 'paid')
    throw conflictError('DIVIDEND_ALREADY_BOOKED', 'This dividend is already booked');
  if (!row) throw conflictError('NOT_HELD_AT_EX_DATE', 'No shares were held at the ex-date');
  let perShare = toDecimal(event.amount);
  if (event.currency !== ref.currency) {
    if (!['NOK', 'USD'].includes(event.currency))
      throw invalid('CURRENCY_UNSUPPORTED', `Dividends in ${event.currency} cannot be converted`);
    const usdNok = read.fx.fxRateOn(date);
    perShare = event.currency === 'USD' ? perShare.mul(usdNok) : perShare.div(usdNok);
  }
  perShare = perShare.toDecimalPlaces(10);
  const rate = input.withholding_rate ?? TREATY_WITHHOLDING[marketCountry(ref.countryId)] ?? 0;
  const withholding = row.quantity.mul(perShare).mul(rate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const body = createTransactionSchema(today).parse({
    portfolio_id: portfolioId,
    ticker_id: input.ticker_id,
    date,
    event_id: EVENT_DIVIDEND,
    quantity: row.quantity.toFixed(),
    price: perShare.toFixed(),
    fee: '0',
    withholding_tax: withholding.isZero() ? null : withholding.toFixed(),
    comment: `Dividend ex ${input.ex_date}`,
  });
  const stored = await addTransaction(db, uid, body);
  return { portfolio_transaction_id: stored.portfolio_transaction_id };
}
