import Decimal from 'decimal.js';
import { EVENT_BUY, EVENT_DIVIDEND, EVENT_SELL, EVENT_SPLIT } from '@/lib/constants';
import { ZERO } from './decimal';
import { assertHolding, InvalidTransactionError } from './errors';
import type { Transaction } from './types';

/**
 * What one event does to a holding (DESIGN §7), in the ticker's currency. This is the only place
 * the rules of buy, sell, dividend and split are written; positions (average cost), the FIFO tax
 * view and the performance series are all built on it and only decide how to book its figures.
 */
export interface EventEffect {
  /** The quantity held after the event. */
  readonly quantity: Decimal;
  /** Added to the cost basis: a buy's q×p + fee, a split's fee; 0 otherwise. */
  readonly costIn: Decimal;
  /** The shares that leave the holding (a sell's quantity); 0 otherwise. */
  readonly quantityOut: Decimal;
  /** True when a sell takes everything held (the position restarts at exactly 0). */
  readonly closes: boolean;
  /** A sell's proceeds net of its fee; 0 otherwise. */
  readonly proceeds: Decimal;
  /** A dividend's q×p, its fee and gross − fee (what the results and the tax view both count). */
  readonly dividendGross: Decimal;
  readonly dividendFee: Decimal;
  readonly dividendNet: Decimal;
  /** A split's ratio (open quantities become quantity × to / from); null for other events. */
  readonly split: { readonly to: Decimal; readonly from: Decimal } | null;
  /**
   * Money into (+) or out of (−) the holding on this date: buys and split fees in, sell proceeds
   * and net dividends out. `invested` is the part that counts as net invested cash (dividends do not).
   */
  readonly flow: Decimal;
  readonly invested: Decimal;
  /** Every fee of the event. */
  readonly fee: Decimal;
}

/** A holding as the API shows it and a sale can name it: rounded half-up to 10 decimals. */
export function shownQuantity(held: Decimal): Decimal {
  return held.toDecimalPlaces(10, Decimal.ROUND_HALF_UP);
}

/** `quantity × to / from` (DESIGN §7): the split of a holding; 300 after 1-for-3 is exactly 100. */
export function splitQuantity(quantity: Decimal, split: { to: Decimal; from: Decimal }): Decimal {
  return quantity.mul(split.to).div(split.from);
}

/**
 * Apply one event (already in canonical order) to the quantity `held` before it. Throws
 * InsufficientHoldingError when a sell exceeds `held`.
 */
export function applyEvent(held: Decimal, tx: Transaction): EventEffect {
  const none = {
    quantity: held,
    costIn: ZERO,
    quantityOut: ZERO,
    closes: false,
    proceeds: ZERO,
    dividendGross: ZERO,
    dividendFee: ZERO,
    dividendNet: ZERO,
    split: null,
    flow: ZERO,
    invested: ZERO,
    fee: tx.fee,
  };
  switch (tx.eventId) {
    case EVENT_BUY: {
      const costIn = tx.quantity.mul(tx.price).plus(tx.fee);
      return { ...none, quantity: held.plus(tx.quantity), costIn, flow: costIn, invested: costIn };
    }
    case EVENT_SELL: {
      // Selling the holding as it is shown (rounded half-up to the 10 decimals a transaction
      // keeps, see toApiQuantity) sells all of it: after 2-for-1 then 1-for-3, 10 shares are
      // 6.666…, shown and sold as 6.6666666667; after 1-for-3 then 3-for-1, 0.001 is held to the
      // last of 40 digits as 0.000999…9 and is sold as 0.001.
      const closes = tx.quantity.eq(held) || (held.gt(0) && tx.quantity.eq(shownQuantity(held)));
      if (!closes) assertHolding(held, tx);
      const proceeds = tx.quantity.mul(tx.price).minus(tx.fee);
      return {
        ...none,
        quantity: closes ? ZERO : held.minus(tx.quantity),
        quantityOut: tx.quantity,
        closes,
        proceeds,
        flow: proceeds.neg(),
        invested: proceeds.neg(),
      };
    }
    case EVENT_DIVIDEND: {
      const gross = tx.quantity.mul(tx.price);
      const net = gross.minus(tx.fee);
      return { ...none, dividendGross: gross, dividendFee: tx.fee, dividendNet: net, flow: net.neg() };
    }
    case EVENT_SPLIT: {
      const split = tx.split;
      if (!split) throw new InvalidTransactionError(tx.id, 'a split needs its ratio');
      // Cost is unchanged by the ratio; a fee on a split is a cost of the holding (added to it).
      return {
        ...none,
        quantity: splitQuantity(held, split),
        split,
        costIn: tx.fee,
        flow: tx.fee,
        invested: tx.fee,
      };
    }
  }
}
