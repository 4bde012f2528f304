/**
 * The lots of the person's FIFO book (personTaxBook.ts) and what is done to them: a lot, a sale, a
 * dividend and a year's figures per security, taking part of a lot and spreading an amount over
 * lots by quantity.
 */
import type Decimal from 'decimal.js';
import type { Transaction } from '../ledger/types';
import { ZERO, sumDecimals } from '../ledger/decimal';
import type { PersonTaxTicker } from './personTaxInput';

/** Shares of one security bought at one time in one portfolio; amounts in NOK. */
export interface BookLot {
  portfolioId: number;
  /** The acquisition date (kept through splits and tax-free exchanges). */
  date: string;
  quantity: Decimal;
  cost: Decimal;
  /** Unused skjermingsfradrag carried with these shares. */
  shielding: Decimal;
  /** The share part of the dividends these shares received in the year being replayed (NOK). */
  dividends: Decimal;
  /** The splits (see splitIdentity) already applied to these shares. */
  splits: Set<string>;
}

/** One sale as FIFO realised it. */
export interface BookSale {
  tx: Transaction;
  portfolioId: number;
  ticker: PersonTaxTicker;
  /** The lots (or parts) taken, oldest first, as they stood before the sale. */
  lots: BookLot[];
  proceeds: Decimal;
  cost: Decimal;
  gain: Decimal;
  /** The part of the gain taxed as interest (a fund's interest part); 0 for a share. */
  interestPart: Decimal;
  /** Carried shielding set against the gain (never more than the share part of a gain). */
  shieldingUsed: Decimal;
  /** Carried shielding of the sold shares used on their dividends of the sale's year (RF-1059 ex. 2). */
  shieldingUsedDividends: Decimal;
  /** Carried shielding of the sold shares that lapses with them. */
  shieldingLapsed: Decimal;
}

/** A dividend as received, in NOK at its rate. */
export interface BookDividend {
  tx: Transaction;
  portfolioId: number;
  ticker: PersonTaxTicker;
  gross: Decimal;
  withholding: Decimal;
  fee: Decimal;
  /** The part of the gross taxed as interest (a fund's interest part). */
  interestPart: Decimal;
}

/** One security's figures in one income year. */
export interface YearSecurity {
  /** Gross dividends (share and interest parts). */
  dividends: Decimal;
  /** The share part of them (what shielding and the factor apply to). */
  shareDividends: Decimal;
  /** Σ share dividend × the factor on its date (for a year whose factor changes by date). */
  shareDividendsWeighted: Decimal;
  interestPart: Decimal;
  withholding: Decimal;
  fees: Decimal;
  usedOnDividends: Decimal;
  shieldingYear: Decimal;
}

export interface BookWarning {
  code: 'SPLIT_CONFLICT';
  ticker_id: number;
  portfolio_id: number;
  date: string;
}

export function emptyYearSecurity(): YearSecurity {
  return {
    dividends: ZERO,
    shareDividends: ZERO,
    shareDividendsWeighted: ZERO,
    interestPart: ZERO,
    withholding: ZERO,
    fees: ZERO,
    usedOnDividends: ZERO,
    shieldingYear: ZERO,
  };
}

/** Take `quantity` of a lot out of it; returns the part taken (amounts in proportion). */
export function takeFraction(lot: BookLot, quantity: Decimal): BookLot {
  if (quantity.eq(lot.quantity)) {
    const whole = { ...lot, splits: new Set(lot.splits) };
    lot.quantity = ZERO;
    lot.cost = ZERO;
    lot.shielding = ZERO;
    lot.dividends = ZERO;
    return whole;
  }
  const fraction = quantity.div(lot.quantity);
  const part: BookLot = {
    portfolioId: lot.portfolioId,
    date: lot.date,
    quantity,
    cost: lot.cost.mul(fraction),
    shielding: lot.shielding.mul(fraction),
    dividends: lot.dividends.mul(fraction),
    splits: new Set(lot.splits),
  };
  lot.quantity = lot.quantity.minus(quantity);
  lot.cost = lot.cost.minus(part.cost);
  lot.shielding = lot.shielding.minus(part.shielding);
  lot.dividends = lot.dividends.minus(part.dividends);
  return part;
}

/**
 * Add `amount` to the lots' cost in proportion to their quantity, the last lot taking what the
 * others leave so the lots' costs change by exactly `amount`.
 */
export function spreadCost(list: BookLot[], amount: Decimal): void {
  const open = list.filter((l) => l.quantity.gt(0));
  const held = sumDecimals(open.map((l) => l.quantity));
  if (held.lte(0) || amount.isZero()) return;
  let left = amount;
  open.forEach((lot, i) => {
    const share = i === open.length - 1 ? left : amount.mul(lot.quantity).div(held).toDecimalPlaces(20);
    left = left.minus(share);
    lot.cost = lot.cost.plus(share);
  });
}
