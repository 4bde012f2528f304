import { EVENT_EXCHANGE_IN, EVENT_EXCHANGE_OUT, EVENT_SPLIT } from '@/lib/constants';
import { legsToSplit, SPLIT_PART_MAX, splitQuantityText } from '@/lib/splitRatio';
import { toDecimal, ZERO } from '../../ledger/decimal';
import { joinIds, pairSplitLegs, type SplitLeg } from './pairing';
import type { ImportReviewCode } from '@/lib/types/portfolio';
import type { NordnetParseResult, NordnetReviewRow } from './types';

/** Split and exchange legs paired into rows (a split; an exchange's out and in), unpaired legs as review rows. */

/** Split pairs handled between two pauses of addSplits. */
const PAIRS_PER_STEP = 500;

function legReview(
  leg: SplitLeg,
  direction: 'in' | 'out',
  code: ImportReviewCode,
  reason: string,
): NordnetReviewRow {
  return {
    line: leg.line,
    externalId: leg.id,
    date: leg.date,
    transactionType: leg.type,
    isin: leg.isin,
    name: leg.name,
    quantity: leg.quantity.toFixed(),
    amount: null,
    currency: leg.currency,
    direction,
    reason,
    code,
    params: { type: leg.type },
  };
}

/**
 * Splits: the UTTAK and INNLEGG legs paired per day into one split row each (ratio new per old);
 * a generator that pauses every PAIRS_PER_STEP pairs.
 */
export function* addSplits(
  result: NordnetParseResult,
  splitOuts: SplitLeg[],
  splitIns: SplitLeg[],
): Generator<void, void, void> {
  const { pairs, unmatched } = pairSplitLegs(splitOuts, splitIns);
  for (const [i, [out, inn]] of pairs.entries()) {
    if (i > 0 && i % PAIRS_PER_STEP === 0) yield;
    const split = legsToSplit(out.quantity.toFixed(), inn.quantity.toFixed());
    if (!split) {
      result.errors.push({
        line: out.line,
        message: `split of ${out.quantity.toString()} into ${inn.quantity.toString()}: not a ratio of two whole numbers up to ${SPLIT_PART_MAX}`,
        code: 'SPLIT_RATIO',
        params: { from: out.quantity.toString(), to: inn.quantity.toString(), max: SPLIT_PART_MAX },
      });
      continue;
    }
    result.rows.push({
      line: out.line,
      externalId: joinIds(out.id, inn.id),
      date: out.date,
      eventId: EVENT_SPLIT,
      isin: out.isin ?? inn.isin,
      name: out.name ?? inn.name,
      quantity: toDecimal(splitQuantityText(split.to, split.from)),
      splitTo: split.to,
      splitFrom: split.from,
      comment: out.comment || inn.comment,
      price: ZERO,
      // Nordnet charges nothing for a split; should a leg carry a fee anyway, the split keeps the sum.
      fee: out.fee.plus(inn.fee),
      currency: out.currency ?? inn.currency,
      transactionType: `${out.type} + ${inn.type}`,
      withholdingTax: null,
      fxRate: null,
      exchangeOfLine: null,
    });
  }
  for (const leg of unmatched) {
    result.review.push(
      legReview(
        leg,
        splitOuts.includes(leg) ? 'out' : 'in',
        'SPLIT_LEG_ALONE',
        'a split row without its other leg on the same day',
      ),
    );
  }
}

/** Exchanges (mergers, ticker changes): the old security out (event 8), the new one in (event 9). */
export function addExchanges(
  result: NordnetParseResult,
  exchangeOuts: SplitLeg[],
  exchangeIns: SplitLeg[],
): void {
  const exchanges = pairSplitLegs(exchangeOuts, exchangeIns);
  for (const [out, inn] of exchanges.pairs) {
    // Skatteetaten A-5-6.12: in a tax-free merger the shares received take over the total cost
    // (inngangsverdi) of the shares given up; the service sets the in-leg's price to carry it
    // (https://www.skatteetaten.no/rettskilder/type/handboker/skatte-abc/gjeldende/a-5-aksjer--realisasjon/A-5.050/A-5.069/).
    const base = {
      splitTo: null,
      splitFrom: null,
      price: ZERO,
      withholdingTax: null,
      fxRate: null,
    };
    result.rows.push({
      ...base,
      line: out.line,
      externalId: out.id,
      date: out.date,
      eventId: EVENT_EXCHANGE_OUT,
      isin: out.isin,
      name: out.name,
      quantity: out.quantity,
      comment: out.comment,
      fee: out.fee,
      currency: out.currency,
      transactionType: out.type,
      exchangeOfLine: null,
    });
    result.rows.push({
      ...base,
      line: inn.line,
      externalId: inn.id,
      date: inn.date,
      eventId: EVENT_EXCHANGE_IN,
      isin: inn.isin,
      name: inn.name,
      quantity: inn.quantity,
      comment: inn.comment,
      fee: inn.fee,
      currency: inn.currency,
      transactionType: inn.type,
      exchangeOfLine: out.line,
    });
  }
  for (const leg of exchanges.unmatched) {
    result.review.push(
      legReview(
        leg,
        exchangeOuts.includes(leg) ? 'out' : 'in',
        'EXCHANGE_LEG_ALONE',
        'an exchange row without its other leg on the same day',
      ),
    );
  }
}
