import type Decimal from 'decimal.js';
import { ZERO } from '../ledger/decimal';
import { EXACT_ZERO, exactToDecimal, scaledToDecimal, type Exact, type Scaled } from './scaled';
import type { PerformancePoint } from './performanceTypes';

/**
 * A day combinePerformance computed, held as the exact scaled integers its decimals have: each
 * Decimal is made when it is first read (the service reads none: its JSON numbers are rounded from
 * the integers), where making five a day was a cold request's Decimal time (CPU profile, issue 26).
 */
export class ComputedPoint implements PerformancePoint {
  #valueBase: Decimal | null;
  #investedBase: Decimal | null = null;
  #cashFlowBase: Decimal | null = null;
  #twr: Decimal | null = null;
  #indexTwr: Decimal | null = null;

  constructor(
    readonly date: string,
    readonly valueScaled: Scaled,
    /** The value's Decimal when it was made (a sum that rounds), else null. */
    valueBase: Decimal | null,
    readonly investedExact: Exact,
    readonly cashFlowExact: Exact,
    readonly twrScaled: Scaled,
    readonly indexTwrScaled: Scaled | null,
  ) {
    this.#valueBase = valueBase;
  }

  get valueBase(): Decimal {
    return (this.#valueBase ??= scaledToDecimal(this.valueScaled));
  }

  get investedBase(): Decimal {
    return (this.#investedBase ??= exactToDecimal(this.investedExact));
  }

  get cashFlowBase(): Decimal {
    return (this.#cashFlowBase ??=
      this.cashFlowExact === EXACT_ZERO ? ZERO : exactToDecimal(this.cashFlowExact));
  }

  get twr(): Decimal {
    return (this.#twr ??= scaledToDecimal(this.twrScaled));
  }

  get indexTwr(): Decimal | null {
    if (this.indexTwrScaled === null) return null;
    return (this.#indexTwr ??= scaledToDecimal(this.indexTwrScaled));
  }
}
