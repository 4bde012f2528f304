/**
 * The person engine's FIFO book (server/domain/portfolio/tax/personTaxBook.ts, the one tax engine)
 * over one ordinary NOK portfolio, read back in the shape the older per-portfolio tests check:
 * sales, per-year totals and the open lots, amounts as decimals in NOK. A test helper only: it
 * computes nothing of its own beyond grouping the book's answers by year.
 */
import type Decimal from 'decimal.js';
import {
  OrdinaryBook,
  sumDecimals,
  taxRatesFor,
  ZERO,
  type CurrencyCode,
  type FxRateOn,
  type LedgerEntry,
  type PersonTaxTicker,
  type TransactionInput,
} from '@/server/domain/portfolio';

export interface FifoViewInput {
  transactions: readonly LedgerEntry[];
  tickers: ReadonlyMap<number, { currency: CurrencyCode }>;
  fxRateOn: FxRateOn;
  year?: number;
}

export function fifoView(input: FifoViewInput) {
  const tickers = new Map<number, PersonTaxTicker>(
    [...input.tickers].map(([id, t]) => [
      id,
      { currency: t.currency, symbol: String(id), isin: null, treatyRate: null, closeOn: () => null },
    ]),
  );
  const taxInput = {
    year: 9999,
    portfolios: [
      {
        id: 1,
        accountType: 'ordinary' as const,
        baseCurrency: 'NOK' as const,
        ledger: input.transactions as readonly TransactionInput[],
      },
    ],
    tickers,
    fxRateOn: input.fxRateOn,
    ratesFor: taxRatesFor,
  };
  const book = new OrdinaryBook(taxInput, taxInput.portfolios, { shielding: false });
  book.advanceTo('9999-12-31');
  const yearOf = (date: string) => Number(date.slice(0, 4));
  const keep = (date: string) => input.year === undefined || yearOf(date) === input.year;
  const sales = book.sales
    .filter((s) => keep(s.tx.date))
    .map((s) => ({
      transactionId: s.tx.id,
      date: s.tx.date,
      tickerId: s.tx.tickerId,
      quantity: s.tx.quantity,
      proceedsNok: s.proceeds,
      costNok: s.cost,
      gainNok: s.gain,
    }));
  const yearSet = new Set<number>([
    ...book.sales.map((s) => yearOf(s.tx.date)),
    ...book.dividends.map((d) => yearOf(d.tx.date)),
  ]);
  const years = [...yearSet]
    .filter((y) => input.year === undefined || y === input.year)
    .sort((a, b) => a - b)
    .map((year) => {
      const ys = book.sales.filter((s) => yearOf(s.tx.date) === year);
      const ds = book.dividends.filter((d) => yearOf(d.tx.date) === year);
      const sum = (values: Decimal[]) => sumDecimals(values);
      return {
        year,
        saleCount: ys.length,
        proceedsNok: sum(ys.map((s) => s.proceeds)),
        costNok: sum(ys.map((s) => s.cost)),
        gainNok: sum(ys.map((s) => s.gain)),
        gainsNok: sum(ys.filter((s) => s.gain.gt(0)).map((s) => s.gain)),
        lossesNok: sum(ys.filter((s) => s.gain.lt(0)).map((s) => s.gain)),
        dividendsGrossNok: sum(ds.map((d) => d.gross)),
        dividendFeesNok: sum(ds.map((d) => d.fee)),
        dividendsNok: sum(ds.map((d) => d.gross.minus(d.fee).minus(d.withholding))),
      };
    });
  const openLots = [...book.lots].flatMap(([tickerId, lots]) =>
    lots
      .filter((l) => l.quantity.gt(ZERO))
      .map((l) => ({ tickerId, date: l.date, quantity: l.quantity, costNok: l.cost })),
  );
  return { sales, years, openLots };
}
