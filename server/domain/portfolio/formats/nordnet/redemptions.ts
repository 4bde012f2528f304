import Decimal from 'decimal.js';
import { EVENT_DEPOSIT, EVENT_SELL } from '@/lib/constants';
import { dayNumber } from '@/lib/dates';
import { ZERO } from '../../ledger/decimal';
import { restoreCell } from './cells';
import { withClosing } from './closing';
import { zero } from './importErrors';
import { joinIds } from './pairing';
import {
  optionalNumber,
  parseTradeRow,
  readDate,
  readFee,
  readRate,
  readSecurity,
  requireNumber,
  reviewRow,
  type RawRow,
} from './rows';
import type { NordnetParseResult, NordnetReviewRow, ParsedNordnetRow } from './types';

/**
 * Issue 37: corporate actions that take shares out, paired with the cash that pays for them.
 * Nordnet books a compulsory redemption as two rows: "INNLØSN. UTTAK VP" takes the shares out
 * (Antall negative, no amount) and "INNL. VP LIKVID" pays for them (Beløp; its Antall only refers
 * to the shares). Read alone, the first looks like nothing and the second like shares *in*.
 * Together they are one sale of the shares at the cash leg's amount; the cash leg is not also a
 * deposit. A cancellation ("SLETTING UTTAK VP", the SAS reorganisation) or rights used up take
 * shares out at 0, unless a cash leg pays for them (fractions deleted: "SLETTING DESIM. UTTA" +
 * "SLETTING DESIM. LIKV"). A redemption without its cash leg is for review (the user states what
 * was paid); a cash leg without its shares leg, with an Antall, is the sale of those shares (its
 * shares leg lies before the exported period); without one it is cash by its sign.
 */

/** How many days apart a shares leg and its cash leg may be booked. */
const PAIR_DAYS = 14;

/** Rounded to what a transaction keeps (10 decimals, 15 significant digits). */
const kept = (d: Decimal) => d.toSignificantDigits(15).toDecimalPlaces(10);

/** Shares out: the sale at 0 it is alone, and (a redemption) the review row it is without its cash. */
export interface SharesOutLeg {
  sale: ParsedNordnetRow;
  review: NordnetReviewRow | null;
}

/** The cash a redemption or cancellation pays, in the account's currency. */
export interface CashLeg {
  line: number;
  id: string | null;
  date: string;
  isin: string | null;
  name: string | null;
  /** The shares it pays for, when the row states them. */
  quantity: Decimal | null;
  amount: Decimal;
  currency: string | null;
  rate: Decimal | null;
  fee: Decimal;
  type: string;
  comment: string;
}

/** A shares-out row (cancellation, redemption, rights used): a sale at 0 until a cash leg pays for it. */
export function parseSharesOutLeg(row: RawRow, type: string, redemption: boolean): SharesOutLeg {
  const parsed = withClosing(row, parseTradeRow(row, EVENT_SELL, type, 'fromAmountOrZero'));
  return {
    sale: { ...parsed, price: ZERO },
    review: redemption
      ? reviewRow(row, type, 'REDEMPTION_LEG_ALONE', 'a redemption without the cash paid for the shares')
      : null,
  };
}

/** A cash leg ("INNL. VP LIKVID"): its amount without sign, and the shares it refers to. */
export function parseCashLeg(row: RawRow, type: string): CashLeg {
  const date = readDate(row);
  const { isin, name } = readSecurity(row);
  const amount = requireNumber(row, 'amount', 'Beløp').abs();
  if (amount.isZero()) throw zero('Beløp');
  const quantity = optionalNumber(row, 'quantity', 'Antall')?.abs() ?? null;
  const currency = row.currencyOf('amount').toUpperCase() || null;
  const id = restoreCell(row.get('id'));
  return {
    line: row.line,
    id: id === '' ? null : id,
    date,
    isin,
    name,
    quantity: quantity === null || quantity.isZero() ? null : quantity,
    amount,
    currency,
    rate: readRate(row),
    fee: readFee(row, currency),
    type,
    comment: restoreCell(row.get('text')),
  };
}

/** The cash leg of the same security (ISIN, else name) nearest in date within PAIR_DAYS; null when none. */
function cashFor(sale: ParsedNordnetRow, cash: CashLeg[], used: Set<CashLeg>): CashLeg | null {
  let best: CashLeg | null = null;
  const days = (c: CashLeg) => Math.abs(dayNumber(c.date) - dayNumber(sale.date));
  for (const c of cash) {
    if (used.has(c) || days(c) > PAIR_DAYS) continue;
    const same = sale.isin !== null && c.isin !== null ? sale.isin === c.isin : sale.name === c.name;
    if (same && (best === null || days(c) < days(best))) best = c;
  }
  return best;
}

/** The paid amount per share in the trade currency (the account's amount converted with its rate). */
function perShare(cash: CashLeg, quantity: Decimal): Decimal {
  const inTrade = cash.rate === null ? cash.amount : cash.amount.div(cash.rate);
  return kept(inTrade.div(quantity));
}

/** Pair shares-out legs with their cash legs into sales; the rest as the rules above say. */
export function addRedemptions(result: NordnetParseResult, outs: SharesOutLeg[], cash: CashLeg[]): void {
  const used = new Set<CashLeg>();
  for (const { sale, review } of outs) {
    const paid = cashFor(sale, cash, used);
    if (paid !== null) {
      used.add(paid);
      result.rows.push({
        ...sale,
        externalId: joinIds(sale.externalId, paid.id),
        price: perShare(paid, sale.quantity),
        fee: sale.fee.plus(paid.rate === null ? paid.fee : kept(paid.fee.div(paid.rate))),
        currency: paid.rate === null ? (paid.currency ?? sale.currency) : null,
        fxRate: paid.rate ?? sale.fxRate,
        transactionType: `${sale.transactionType} + ${paid.type}`,
      });
    } else if (review !== null) result.review.push(review);
    else result.rows.push(sale);
  }
  for (const c of cash) {
    if (used.has(c)) continue;
    const base = {
      line: c.line,
      externalId: c.id,
      date: c.date,
      splitTo: null,
      splitFrom: null,
      comment: c.comment || c.type,
      currency: c.rate === null ? c.currency : null,
      transactionType: c.type,
      withholdingTax: null,
      fxRate: c.rate,
      exchangeOfLine: null,
    };
    if (c.quantity !== null) {
      // The shares leg lies before the exported period: this is the sale of the shares it names.
      result.rows.push({
        ...base,
        eventId: EVENT_SELL,
        isin: c.isin,
        name: c.name,
        quantity: c.quantity,
        price: perShare(c, c.quantity),
        fee: c.rate === null ? c.fee : kept(c.fee.div(c.rate)),
      });
    } else {
      // Money in with no shares named: a deposit by its sign (see cashEventBySign).
      result.rows.push({
        ...base,
        eventId: EVENT_DEPOSIT,
        isin: null,
        name: null,
        quantity: new Decimal(1),
        price: c.amount,
        fee: c.fee,
        currency: c.currency,
        fxRate: null,
      });
    }
  }
}
