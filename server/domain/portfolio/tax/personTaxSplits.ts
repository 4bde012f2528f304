/**
 * Splits in the person's FIFO book (personTaxBook.ts): which records of a split, across the
 * person's portfolios, are one and the same split, and applying it to the lots.
 */
import type Decimal from 'decimal.js';
import type { Transaction } from '../ledger/types';
import type { BookLot, BookWarning } from './personTaxLots';
import { spreadCost } from './personTaxLots';

/** Days between two ISO dates. */
function daysBetween(a: string, b: string): number {
  return Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000;
}

/** Two records of a split of one security this close with different ratios contradict each other. */
const SPLIT_CONFLICT_DAYS = 31;
/** A second portfolio's record of a split this close to the first record is the same split. */
const SPLIT_SAME_DAYS = 92;

/** The records of splits the book has seen, per security. */
export class SplitRegister {
  /** The splits of each security, with the portfolios that recorded each. */
  private readonly identities = new Map<
    number,
    { key: string; ratio: string; date: string; portfolios: Set<number> }[]
  >();
  private readonly records = new Map<number, { portfolioId: number; date: string; ratio: string }[]>();

  constructor(private readonly warnings: BookWarning[]) {}

  /**
   * A split carries cost and shielding with the shares. The person's holding splits once per
   * security and ratio, whatever portfolio or date recorded it: another portfolio's record of the
   * same ratio within three months of the first is the same split (two real splits of one ratio
   * are years apart; a portfolio's own records are always distinct splits). The first record
   * splits every lot of the person; a later record of the same split splits only the recording
   * portfolio's lots bought since (which its own history still counts before the split). A record
   * with another ratio within a month of a different portfolio's split is a data warning.
   */
  apply(tx: Transaction, portfolioId: number, list: BookLot[], rate: Decimal): void {
    const ratio = tx.split!;
    const ratioKey = `${ratio.to.toFixed()}/${ratio.from.toFixed()}`;
    const records = this.records.get(tx.tickerId) ?? [];
    if (
      records.some(
        (r) =>
          r.portfolioId !== portfolioId &&
          r.ratio !== ratioKey &&
          daysBetween(r.date, tx.date) <= SPLIT_CONFLICT_DAYS,
      )
    )
      this.warnings.push({
        code: 'SPLIT_CONFLICT',
        ticker_id: tx.tickerId,
        portfolio_id: portfolioId,
        date: tx.date,
      });
    records.push({ portfolioId, date: tx.date, ratio: ratioKey });
    this.records.set(tx.tickerId, records);
    // The same split: the same security and ratio, recorded by another portfolio that has not
    // recorded it yet, within SPLIT_SAME_DAYS of its first record.
    const known = this.identities.get(tx.tickerId) ?? [];
    let identity = known.find(
      (k) =>
        k.ratio === ratioKey &&
        !k.portfolios.has(portfolioId) &&
        daysBetween(k.date, tx.date) <= SPLIT_SAME_DAYS,
    );
    const first = identity === undefined;
    if (!identity) {
      identity = {
        key: `${tx.tickerId}|${ratioKey}|${known.length}`,
        ratio: ratioKey,
        date: tx.date,
        portfolios: new Set(),
      };
      known.push(identity);
      this.identities.set(tx.tickerId, known);
    }
    identity.portfolios.add(portfolioId);
    for (const lot of list) {
      if (lot.splits.has(identity.key)) continue;
      if (!first && lot.portfolioId !== portfolioId) continue;
      lot.quantity = lot.quantity.mul(ratio.to).div(ratio.from);
      lot.splits.add(identity.key);
    }
    // A fee on a split is a cost of the holding, spread over the lots by quantity.
    if (tx.fee.gt(0)) spreadCost(list, tx.fee.mul(rate));
  }
}
