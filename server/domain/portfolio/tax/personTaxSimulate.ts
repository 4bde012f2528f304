/**
 * The tax before you sell (issue 38 item 4) and the holdings a sale today would realise at a loss
 * (item 5), read from the one FIFO book (personTaxBook.ts) as it stands on a date; nothing is
 * written and the book's lots are not changed (peekLots works on copies).
 */
import type Decimal from 'decimal.js';
import type { LossHarvestCandidateDto, SaleSimulationDto } from '@/lib/types/personTax';
import { ONE, ZERO, toDecimal } from '../ledger/decimal';
import { askYear } from './personTaxAsk';
import { OrdinaryBook, factorOnDate, type BookLot } from './personTaxBook';
import { money, yearOf, type PersonTaxInput } from './personTaxInput';
import { factorOn } from './taxRates';

/** What a sale would realise and cost in tax (NOK): the answer of GET /api/v1/tax/simulate. */
export type SaleSimulation = SaleSimulationDto;

export interface SaleRequest {
  portfolioId: number;
  tickerId: number;
  quantity: Decimal;
  /** Per share, in the ticker's currency. */
  price: Decimal;
  date: string;
}

function lotRows(lots: BookLot[]): SaleSimulation['lots'] {
  return lots.map((l) => ({
    portfolio_id: l.portfolioId,
    date: l.date,
    quantity: Number(l.quantity.toDecimalPlaces(10).toFixed()),
    cost: money(l.cost),
  }));
}

/**
 * What selling `quantity` at `price` on `date` from `portfolioId` would realise: FIFO across every
 * ordinary portfolio (an ASK: its own shares), the gain, the shielding used and the tax. The year
 * of `date` must have published rates (the caller checks). Throws InsufficientHoldingError when
 * more is sold than is held.
 */
export function simulateSale(input: PersonTaxInput, sale: SaleRequest): SaleSimulation {
  const portfolio = input.portfolios.find((p) => p.id === sale.portfolioId);
  if (!portfolio) throw new RangeError(`No portfolio ${sale.portfolioId}`);
  const ticker = input.tickers.get(sale.tickerId);
  if (!ticker) throw new RangeError(`No ticker information for ticker ${sale.tickerId}`);
  const rates = input.ratesFor(yearOf(sale.date));
  const taxRate = toDecimal(rates.taxRate ?? 0);
  const rate = ticker.currency === 'NOK' ? ONE : input.fxRateOn(sale.date);
  const proceeds = sale.quantity.mul(sale.price).mul(rate);
  const isAsk = portfolio.accountType === 'ask';
  const book = new OrdinaryBook(
    input,
    isAsk ? [portfolio] : input.portfolios.filter((p) => p.accountType === 'ordinary'),
    { shielding: !isAsk },
  );
  book.advanceTo(sale.date);
  book.closeThrough(yearOf(sale.date) - 1);
  const taken = book.peekLots(sale.tickerId, { id: 0, date: sale.date, quantity: sale.quantity });
  const realised = book.realise(ticker, taken, proceeds);
  if (isAsk) {
    // The ASK's innskudd after the events up to the date and the shielding carried from earlier
    // years can be withdrawn tax-free; the rest of a withdrawal of the proceeds is taxable.
    const ledger = portfolio.ledger.filter((t) => t.date <= sale.date);
    const before = askYear(
      { ...portfolio, ledger },
      { ...input, year: yearOf(sale.date) - 1 },
      rates,
      new Set(),
    );
    const now = askYear({ ...portfolio, ledger }, { ...input, year: yearOf(sale.date) }, rates, new Set());
    const taxFree = toDecimal(now.deposits).plus(toDecimal(before.shielding_carried));
    const above = proceeds.minus(taxFree);
    const withdrawalTaxable = above.gt(0) ? above : ZERO;
    const factor = factorOnDate(input, sale.date) ?? 0;
    return {
      lots: lotRows(taken),
      proceeds: money(proceeds),
      cost: money(realised.cost),
      gain: money(realised.gain),
      shielding_used: 0,
      taxable: 0,
      estimated_tax: 0,
      ask: {
        taxable_now: 0,
        tax_free_withdrawal: money(taxFree),
        withdrawal_taxable: money(withdrawalTaxable),
        withdrawal_estimated_tax: money(withdrawalTaxable.mul(factor).mul(taxRate)),
      },
    };
  }
  const shareTaxable = realised.gain.minus(realised.interestPart).minus(realised.shieldingUsed);
  const factor = factorOnDate(input, sale.date) ?? 0;
  const tax = shareTaxable.mul(factor).mul(taxRate).plus(realised.interestPart.mul(taxRate));
  return {
    lots: lotRows(taken),
    proceeds: money(proceeds),
    cost: money(realised.cost),
    gain: money(realised.gain),
    shielding_used: money(realised.shieldingUsed),
    taxable: money(shareTaxable.plus(realised.interestPart)),
    estimated_tax: money(tax),
    ask: null,
  };
}

/** One holding of the loss-harvest list (GET /api/v1/tax/harvest). */
export type LossCandidate = LossHarvestCandidateDto;

/**
 * Before year end: the ordinary holdings whose sale on `date` at the last close would realise a
 * loss, with the tax that loss would save and the carried shielding that would lapse (unused
 * shielding cannot create or increase a loss, Skatte-ABC A-5-5.1). Largest loss first.
 */
/** How many years back the loss-harvest estimate looks for a year with a factor and a tax rate. */
const HARVEST_RATES_LOOKBACK = 5;

/**
 * The year whose factor and tax rate the loss-harvest estimate uses for a sale on `date`: that
 * year when its figures are in the rates file, else the latest earlier year that has them (the
 * current year's figures are added when published; until then the last ones are the estimate,
 * and the answer says which year it used). Null when none of the last five years has them.
 */
export function harvestRatesYear(input: PersonTaxInput, date: string): number | null {
  const year = yearOf(date);
  for (let y = year; y > year - HARVEST_RATES_LOOKBACK; y--) {
    const rates = input.ratesFor(y);
    if (rates.oppjusteringsfaktor !== null && rates.taxRate !== null) return y;
  }
  return null;
}

export function lossHarvestCandidates(input: PersonTaxInput, date: string): LossCandidate[] {
  const ratesYear = harvestRatesYear(input, date);
  if (ratesYear === null) return [];
  const rates = input.ratesFor(ratesYear);
  const factor =
    ratesYear === yearOf(date) ? factorOnDate(input, date) : factorOn(rates, `${ratesYear}-12-31`);
  if (factor === null || rates.taxRate === null) return [];
  const book = new OrdinaryBook(
    input,
    input.portfolios.filter((p) => p.accountType === 'ordinary'),
    { shielding: true },
  );
  book.advanceTo(date);
  book.closeThrough(yearOf(date) - 1);
  const out: LossCandidate[] = [];
  for (const [tickerId, lots] of book.lots) {
    const held = lots.reduce((sum, l) => sum.plus(l.quantity), ZERO);
    if (held.lte(0)) continue;
    const ticker = book.ticker(tickerId);
    const close = ticker.closeOn(date);
    if (close === null) continue;
    const value = held.mul(close).mul(ticker.currency === 'NOK' ? ONE : input.fxRateOn(date));
    const taken = book.peekLots(tickerId, { id: 0, date, quantity: held });
    const realised = book.realise(ticker, taken, value);
    if (!realised.gain.lt(0)) continue;
    const share = realised.gain.minus(realised.interestPart);
    const saved = share.mul(factor).mul(rates.taxRate).plus(realised.interestPart.mul(rates.taxRate)).neg();
    out.push({
      ticker_id: tickerId,
      symbol: ticker.symbol,
      quantity: Number(held.toDecimalPlaces(10).toFixed()),
      value: money(value),
      cost: money(realised.cost),
      loss: money(realised.gain),
      tax_saved: money(saved),
      shielding_lapsing: money(realised.shieldingLapsed),
    });
  }
  return out.sort((a, b) => a.loss - b.loss);
}
