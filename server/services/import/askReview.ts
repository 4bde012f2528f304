/**
 * An import into an aksjesparekonto (issue 39): a row whose share the law does not allow in an ASK
 * (lib/askEligibility.ts) is not imported; it is listed as a review row naming the rule and the
 * share. Review rows of this kind cannot be accepted (accepting works on the parser's own review
 * rows by line), so nothing ineligible is ever written into the account.
 */
import type { ImportResultDto } from '@/lib/types/portfolio';
import type { Db } from '@/server/db';
import { askRefusalOf, requirePortfolio } from '@/server/services/portfolio';

import type { ResolvedFile } from './resolve';

/**
 * For an ASK portfolio: move the candidates whose ticker may not be held there out of `resolved`
 * into `review` (in place), and return how many moved; an ordinary portfolio is left untouched.
 */
export async function holdAskIneligibleForReview(
  db: Db,
  uid: string,
  portfolioId: number,
  resolved: ResolvedFile,
  review: ImportResultDto['review'],
): Promise<number> {
  const portfolio = await requirePortfolio(db, uid, portfolioId);
  if (portfolio.accountType !== 'ask') return 0;
  const kept: ResolvedFile['candidates'] = [];
  let moved = 0;
  for (const row of resolved.candidates) {
    const refusal = row.ticker ? askRefusalOf(row.ticker) : null;
    if (!refusal) {
      kept.push(row);
      continue;
    }
    const p = row.parsed;
    review.push({
      line: p.line,
      date: p.date,
      transaction_type: p.transactionType,
      isin: p.isin,
      name: p.name,
      quantity: p.quantity.toFixed(),
      amount: p.quantity.times(p.price).toFixed(),
      currency: p.currency,
      direction: null,
      file_cost: null,
      reason: refusal.message,
      code: 'ASK_NOT_ELIGIBLE',
      params: {
        symbol: refusal.params.symbol,
        name: refusal.params.name,
        rule: refusal.code,
        home_state: refusal.params.home_state ?? '',
      },
    });
    moved += 1;
  }
  resolved.candidates = kept;
  review.sort((a, b) => a.line - b.line);
  return moved;
}
