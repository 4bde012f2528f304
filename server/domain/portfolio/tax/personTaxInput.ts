/**
 * What the person-level tax report (personTax.ts) and its aksjesparekonto part (personTaxAsk.ts)
 * share: the input's shape, NOK conversion, rounding to the øre and the dividend row.
 */
import type Decimal from 'decimal.js';
import { ONE } from '../ledger/decimal';
import type { applyEvent } from '../ledger/events';
import type { CurrencyCode, FxRateOn, Transaction, TransactionInput } from '../ledger/types';
import type { TaxYearRates } from './taxRates';
import type { PersonTaxDividend } from '@/lib/types/personTax';

export type AccountKind = 'ordinary' | 'ask';

export interface PersonTaxPortfolio {
  id: number;
  accountType: AccountKind;
  baseCurrency: CurrencyCode;
  /** Every event of the portfolio (cash events too). */
  ledger: readonly TransactionInput[];
}

export interface PersonTaxTicker {
  currency: CurrencyCode;
  symbol: string;
  isin: string | null;
  /** The treaty's cap on withholding tax as a fraction of the gross dividend (0.15 for the US); null: none known. */
  treatyRate: number | null;
  /** The last close on or before `date` in the ticker's currency; null when there is none. */
  closeOn: (date: string) => Decimal | null;
  /** 'share' (the default) or 'fund' (verdipapirfond: taxed by its share part, see shareFraction). */
  kind?: InstrumentKind;
  /** A fund's share part (aksjeandel) in percent, 0–100; ignored for a share. */
  sharePart?: number | null;
}

export type InstrumentKind = 'share' | 'fund';

/**
 * The part of a security's gains and distributions taxed as share income, 0–1 (skatteloven § 10-20
 * third paragraph, https://lovdata.no/lov/1999-03-26-14/§10-20, Skatte-ABC V-6-3.3,
 * https://www.skatteetaten.no/en/rettskilder/type/handboker/skatte-abc/gjeldende/v-6-verdipapirfond/V-6.006/V-6.019/):
 * a share 1; a fund with more than 80 % shares 1 (an aksjefond); with less than 20 % 0 (a rentefond:
 * all interest, 22 % without factor or shielding); between them its share part, the rest interest.
 * One share part per fund is known here, so the average of the acquisition and sale years' parts
 * the handbook prescribes is that part.
 */
export function shareFraction(ticker: PersonTaxTicker): number {
  if (ticker.kind !== 'fund') return 1;
  const part = ticker.sharePart ?? 100;
  if (part > 80) return 1;
  if (part < 20) return 0;
  return part / 100;
}

/**
 * How an instrument of the ledger (its stored kind and equity share, tickers.kind and
 * tickers.equity_share in percent) is taxed: a fund or an ETF (a fund traded on an exchange) by its
 * share part (skatteloven § 10-20; null when not known: the report names it, see
 * FUND_SHARE_PART_UNKNOWN, and taxes it as shares); a bond as interest (share part 0: its gain
 * and coupons are ordinary income at 22 %, without factor or shielding); a share and anything else
 * as shares.
 */
export function taxInstrument(
  kind: string,
  equityShare: number | null | undefined,
): { kind: InstrumentKind; sharePart: number | null } {
  if (kind === 'fund' || kind === 'etf') return { kind: 'fund', sharePart: equityShare ?? null };
  if (kind === 'bond') return { kind: 'fund', sharePart: 0 };
  return { kind: 'share', sharePart: null };
}

/** The share part as it is for wealth tax (the valuation discount applies to it only): 0–1. */
export function wealthShareFraction(ticker: PersonTaxTicker): number {
  if (ticker.kind !== 'fund') return 1;
  return Math.min(100, Math.max(0, ticker.sharePart ?? 100)) / 100;
}

export interface PersonTaxInput {
  year: number;
  portfolios: readonly PersonTaxPortfolio[];
  tickers: ReadonlyMap<number, PersonTaxTicker>;
  fxRateOn: FxRateOn;
  ratesFor: (year: number) => TaxYearRates;
}

/** An amount in NOK for the report: rounded to the øre. */
export function money(d: Decimal): number {
  return Number(d.toDecimalPlaces(2).toFixed(2));
}

export function yearOf(date: string): number {
  return Number(date.slice(0, 4));
}

/** NOK per unit of the ticker's currency for this trade (its own rate when the portfolio is kept in NOK). */
export function nokRate(
  tx: Transaction,
  ticker: PersonTaxTicker,
  base: CurrencyCode,
  fxRateOn: FxRateOn,
): Decimal {
  if (ticker.currency === 'NOK') return ONE;
  if (tx.fxRate && base === 'NOK') return tx.fxRate;
  return fxRateOn(tx.date);
}

/**
 * One dividend as received, in NOK at its rate: gross (what is taxed, withholding included), the
 * tax withheld abroad, the fee, and net (gross − withholding − fee: what reached the account).
 */
export function dividendRow(
  tx: Transaction,
  portfolioId: number,
  ticker: PersonTaxTicker,
  effect: ReturnType<typeof applyEvent>,
  rate: Decimal,
): PersonTaxDividend {
  const gross = effect.dividendGross.mul(rate);
  const withholding = effect.dividendWithholding.mul(rate);
  const fee = effect.dividendFee.mul(rate);
  return {
    date: tx.date,
    portfolio_id: portfolioId,
    ticker_id: tx.tickerId!,
    symbol: ticker.symbol,
    isin: ticker.isin,
    quantity: Number(tx.quantity.toFixed()),
    gross: money(gross),
    withholding: money(withholding),
    fee: money(fee),
    net: money(gross.minus(withholding).minus(fee)),
  };
}

export function minDecimal(a: Decimal, b: Decimal): Decimal {
  return a.lt(b) ? a : b;
}
