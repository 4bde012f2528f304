// The ledgers of the person-level tax tests: a ticker with a fixed close, transactions numbered in
// the order they are written, an ordinary portfolio, and the report for a year with USD/NOK fixed
// (used only where a trade carries no rate of its own). The figures live in each test's comments.
import {
  computePersonTaxReport,
  createFxRateOn,
  taxRatesFor,
  toDecimal,
  type PersonTaxPortfolio,
  type PersonTaxReport,
  type PersonTaxTicker,
  type TransactionInput,
} from '@/server/domain/portfolio';

/** A ticker whose close is `close` every day (null: no close), with the US treaty rate on USD. */
export function taxTicker(
  symbol: string,
  currency: 'NOK' | 'USD',
  close: number | null,
  extra: Partial<PersonTaxTicker> = {},
): PersonTaxTicker {
  return {
    symbol,
    currency,
    isin: `NO000${symbol}`,
    treatyRate: currency === 'USD' ? 0.15 : null,
    closeOn: () => (close === null ? null : toDecimal(close)),
    ...extra,
  };
}

/** `t(tickerId, date, eventId, quantity, price, fee?, extra?)` with ids 1, 2, 3, … in call order. */
export function transactionWriter() {
  let nextId = 1;
  return (
    tickerId: number | null,
    date: string,
    eventId: number,
    quantity: number | string,
    price: number | string,
    fee: number | string = 0,
    extra: Partial<TransactionInput> = {},
  ): TransactionInput => ({ id: nextId++, tickerId, date, eventId, quantity, price, fee, ...extra });
}

export function ordinary(id: number, ledger: TransactionInput[]): PersonTaxPortfolio {
  return { id, accountType: 'ordinary', baseCurrency: 'NOK', ledger };
}

/** The person's report for a year over `tickers`, USD/NOK `usdNok` from `since` on. */
export function reportFor(
  tickers: ReadonlyMap<number, PersonTaxTicker>,
  since = '2019-01-01',
  usdNok = '10',
): (year: number, portfolios: PersonTaxPortfolio[]) => PersonTaxReport {
  const fxRateOn = createFxRateOn([{ date: since, rate: usdNok }]);
  return (year, portfolios) =>
    computePersonTaxReport({ year, portfolios, tickers, fxRateOn, ratesFor: taxRatesFor });
}
