import Decimal from 'decimal.js';
import {
  EVENT_BUY,
  EVENT_CAPITAL_RETURN,
  EVENT_CASH_FEE,
  EVENT_DEPOSIT,
  EVENT_DIVIDEND,
  EVENT_EXCHANGE_IN,
  EVENT_EXCHANGE_OUT,
  EVENT_INTEREST,
  EVENT_SELL,
  EVENT_SPLIT,
  EVENT_WITHDRAWAL,
} from '@/lib/constants';
import { ONE, ZERO } from './decimal';
import { equalDecimals, isAboveZero } from './decimalCompare';
import type { ExactSum } from './exactSum';
import { assertHolding, InvalidTransactionError } from './errors';
import type { LedgerTransaction, Transaction } from './types';

// The event ids as module constants: an imported binding is read through a getter on every use
// once compiled to CommonJS (tsx, the benches), and applyEvent's switch read several per event.
const BUY = EVENT_BUY;
const SELL = EVENT_SELL;
const DIVIDEND = EVENT_DIVIDEND;
const SPLIT = EVENT_SPLIT;
const CAPITAL_RETURN = EVENT_CAPITAL_RETURN;
const EXCHANGE_OUT = EVENT_EXCHANGE_OUT;
const EXCHANGE_IN = EVENT_EXCHANGE_IN;

/**
 * What one event does to a holding and to the portfolio's cash (DESIGN §7), in the ticker's
 * currency (a cash event's in the portfolio's base currency). This is the only place the rules of
 * buy, sell, dividend, split, deposit and withdrawal are written; positions (average cost), the tax
 * views, the cash balance and the performance series are all built on it and only decide how to
 * book its figures.
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
  /**
   * A dividend's q×p, its fee, the tax withheld abroad and gross − fee − withholding (what the
   * results and the tax view both count as received).
   */
  readonly dividendGross: Decimal;
  readonly dividendFee: Decimal;
  readonly dividendWithholding: Decimal;
  readonly dividendNet: Decimal;
  /** Capital returned (q×p of event 7): taken off the holding's cost, not a gain. */
  readonly capitalReturned: Decimal;
  /**
   * An exchange's out-leg (event 8): the shares leave with their cost (carried to the new
   * security, no gain); `quantityOut` says how many.
   */
  readonly exchangedOut: boolean;
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
  /**
   * The change of the portfolio's cash: − a buy's cost incl. fee, + a sell's net proceeds, + a
   * dividend's net, − a split's fee, + a deposit net of its fee, − a withdrawal and its fee.
   */
  readonly cash: Decimal;
  /** A cash event's amount: + a deposit, − a withdrawal (before its fee); 0 for ticker events. */
  readonly cashMoved: Decimal;
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
 * An EventEffect with nothing happening: the quantity stays, every amount 0. applyEvent fills in
 * one of these (one object per event: spreading a 17-field default into each answer made two, and
 * the garbage of a 10,000-transaction replay was a quarter of its time; CPU profile, issue 26).
 * A caller that reads each effect before applying the next event may hand applyEvent the same one
 * again (`new EffectBuffer()`): it is reset, and no object is made per event.
 */
export class EffectBuffer implements EventEffect {
  quantity: Decimal = ZERO;
  costIn: Decimal = ZERO;
  quantityOut: Decimal = ZERO;
  closes = false;
  proceeds: Decimal = ZERO;
  dividendGross: Decimal = ZERO;
  dividendFee: Decimal = ZERO;
  dividendWithholding: Decimal = ZERO;
  dividendNet: Decimal = ZERO;
  capitalReturned: Decimal = ZERO;
  exchangedOut = false;
  split: { readonly to: Decimal; readonly from: Decimal } | null = null;
  fee: Decimal = ZERO;
  cashMoved: Decimal = ZERO;
  // flow and cash may be held as "minus this amount", negated when first read, and invested may be
  // flow itself: the replay never reads flow, the timelines never read cash, and each negation
  // was a Decimal made for nothing per transaction (issue 26).
  private flowAmount: Decimal = ZERO;
  private flowNegated = false;
  private investedAmount: Decimal = ZERO;
  private investedIsFlow = false;
  private cashAmount: Decimal = ZERO;
  private cashNegated = false;

  get flow(): Decimal {
    if (this.flowNegated) {
      this.flowAmount = this.flowAmount.neg();
      this.flowNegated = false;
    }
    return this.flowAmount;
  }

  set flow(value: Decimal) {
    this.flowAmount = value;
    this.flowNegated = false;
  }

  /** flow = −amount. */
  flowMinus(amount: Decimal): void {
    this.flowAmount = amount;
    this.flowNegated = true;
  }

  get invested(): Decimal {
    return this.investedIsFlow ? this.flow : this.investedAmount;
  }

  set invested(value: Decimal) {
    this.investedAmount = value;
    this.investedIsFlow = false;
  }

  /** invested = flow (the same object). */
  investedIsTheFlow(): void {
    this.investedIsFlow = true;
  }

  get cash(): Decimal {
    if (this.cashNegated) {
      this.cashAmount = this.cashAmount.neg();
      this.cashNegated = false;
    }
    return this.cashAmount;
  }

  set cash(value: Decimal) {
    this.cashAmount = value;
    this.cashNegated = false;
  }

  /** cash = −amount. */
  cashMinus(amount: Decimal): void {
    this.cashAmount = amount;
    this.cashNegated = true;
  }

  /**
   * sum + cash × rate (cash as it is at the rate ONE itself), a "minus" cash subtracted rather than
   * negated first: what cashSteps books, in the replay's running sum.
   */
  addCashTo(sum: ExactSum, rate: Decimal): void {
    const amount = this.cashAmount;
    const booked = rate === ONE || amount.isZero() ? amount : amount.mul(rate);
    if (this.cashNegated) sum.minus(booked);
    else sum.plus(booked);
  }

  /** Nothing happening to `held`, with `fee` as the event's fee. */
  reset(held: Decimal, fee: Decimal): this {
    // ZERO read once, not once per field: an imported binding is a getter once the module is
    // compiled to CommonJS (tsx, the benches), and the 12 reads were a tenth of applyEvent (issue 26).
    const zero = ZERO;
    this.quantity = held;
    this.costIn = zero;
    this.quantityOut = zero;
    this.closes = false;
    this.proceeds = zero;
    this.dividendGross = zero;
    this.dividendFee = zero;
    this.dividendWithholding = zero;
    this.dividendNet = zero;
    this.capitalReturned = zero;
    this.exchangedOut = false;
    this.split = null;
    this.fee = fee;
    this.cashMoved = zero;
    this.flowAmount = zero;
    this.flowNegated = false;
    this.investedAmount = zero;
    this.investedIsFlow = false;
    this.cashAmount = zero;
    this.cashNegated = false;
    return this;
  }
}

/**
 * a − b, or `a` itself when b is 0 (the same value: `a` is already rounded to the precision; most
 * dividends have no tax withheld, and each Decimal made was garbage to collect, issue 26).
 */
function less(a: Decimal, b: Decimal): Decimal {
  return b.isZero() ? a : a.minus(b);
}

/** Shares coming in (a buy, the new side of an exchange) at quantity × price + fee: their cost. */
function sharesIn(e: EffectBuffer, held: Decimal, tx: Transaction): Decimal {
  const product = tx.quantity.mul(tx.price);
  const costIn = tx.fee.isZero() ? product : product.plus(tx.fee);
  e.quantity = held.plus(tx.quantity);
  e.costIn = costIn;
  e.flow = costIn;
  return costIn;
}

/**
 * Apply one event (already in canonical order) to the quantity `held` before it (a cash event leaves
 * it as it is). Throws InsufficientHoldingError when a sell exceeds `held`. With `into`, the effect
 * is written there (and is that object: read it before the next call with the same buffer).
 */
export function applyEvent(held: Decimal, tx: LedgerTransaction, into?: EffectBuffer): EventEffect {
  const e = (into ?? new EffectBuffer()).reset(held, tx.fee);
  if (tx.tickerId === null) {
    switch (tx.eventId) {
      case EVENT_DEPOSIT:
        e.cash = tx.amount.minus(tx.fee);
        e.cashMoved = tx.amount;
        break;
      case EVENT_WITHDRAWAL:
        e.cashMinus(tx.amount.plus(tx.fee));
        e.cashMoved = tx.amount.neg();
        break;
      // Interest credited to the cash and fees (or debit interest) charged on it: cash only, not
      // money the investor moved in or out (cashMoved 0).
      case EVENT_INTEREST:
        e.cash = tx.amount.minus(tx.fee);
        break;
      case EVENT_CASH_FEE:
        e.cashMinus(tx.amount.plus(tx.fee));
        break;
    }
    return e;
  }
  switch (tx.eventId) {
    case BUY: {
      const costIn = sharesIn(e, held, tx);
      e.invested = costIn;
      e.cashMinus(costIn);
      return e;
    }
    case SELL: {
      // Selling the holding as it is shown (rounded half-up to the 10 decimals a transaction
      // keeps, see toApiQuantity) sells all of it: after 2-for-1 then 1-for-3, 10 shares are
      // 6.666…, shown and sold as 6.6666666667; after 1-for-3 then 3-for-1, 0.001 is held to the
      // last of 40 digits as 0.000999…9 and is sold as 0.001.
      // A holding of at most 10 decimals is shown as it is: only a longer one is rounded and
      // compared again (the rounding and the comparisons made Decimals on every sell; issue 26).
      const closes =
        equalDecimals(tx.quantity, held) ||
        (held.decimalPlaces() > 10 && isAboveZero(held) && equalDecimals(tx.quantity, shownQuantity(held)));
      if (!closes) assertHolding(held, tx);
      const proceeds = less(tx.quantity.mul(tx.price), tx.fee);
      e.quantity = closes ? ZERO : held.minus(tx.quantity);
      e.quantityOut = tx.quantity;
      e.closes = closes;
      e.proceeds = proceeds;
      e.flowMinus(proceeds);
      e.investedIsTheFlow();
      e.cash = proceeds;
      return e;
    }
    case DIVIDEND: {
      const gross = tx.quantity.mul(tx.price);
      const net = less(less(gross, tx.fee), tx.withholdingTax);
      e.dividendGross = gross;
      e.dividendFee = tx.fee;
      e.dividendWithholding = tx.withholdingTax;
      e.dividendNet = net;
      e.flowMinus(net);
      e.cash = net;
      return e;
    }
    case SPLIT: {
      const split = tx.split;
      if (!split) throw new InvalidTransactionError(tx.id, 'a split needs its ratio');
      // Cost is unchanged by the ratio; a fee on a split is a cost of the holding (added to it).
      e.quantity = splitQuantity(held, split);
      e.split = split;
      e.costIn = tx.fee;
      e.flow = tx.fee;
      e.invested = tx.fee;
      e.cashMinus(tx.fee);
      return e;
    }
    case CAPITAL_RETURN: {
      // Capital paid back on shares held reduces their cost (inngangsverdi) by the amount, no tax
      // then (skatteloven § 10-11 (2); the cost may go below 0), e.g.
      // https://revregn.no/journal/2020/3/revisjon-3-2020-a-2368. Its fee reduces what is received.
      assertHolding(held, tx);
      const gross = tx.quantity.mul(tx.price);
      const net = gross.minus(tx.fee);
      e.costIn = gross.neg();
      e.capitalReturned = gross;
      e.flowMinus(net);
      e.investedIsTheFlow();
      e.cash = net;
      return e;
    }
    case EXCHANGE_OUT: {
      // The old shares leave at their cost (Skatteetaten A-5-6.12: the total cost carries over to
      // the new shares, https://www.skatteetaten.no/rettskilder/type/handboker/skatte-abc/gjeldende/a-5-aksjer--realisasjon/A-5.050/A-5.069/).
      // `price` is the carried cost per old share as recorded, for the money flow only.
      assertHolding(held, tx);
      const closes = equalDecimals(tx.quantity, held);
      const carried = tx.quantity.mul(tx.price);
      e.quantity = closes ? ZERO : held.minus(tx.quantity);
      e.quantityOut = tx.quantity;
      e.closes = closes;
      e.exchangedOut = true;
      e.flow = carried.neg().plus(tx.fee);
      e.invested = tx.fee;
      e.cashMinus(tx.fee);
      return e;
    }
    case EXCHANGE_IN: {
      // The new shares come in at the carried cost (price = cost per new share); no new money.
      sharesIn(e, held, tx);
      e.invested = tx.fee;
      e.cashMinus(tx.fee);
      return e;
    }
  }
  return e;
}
