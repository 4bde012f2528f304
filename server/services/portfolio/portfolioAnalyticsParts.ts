/**
 * What the portfolio analytics services share: computing per-ticker figures in parts with a yield
 * in between, and turning a stored history that breaks a rule into the domain error a route maps.
 */
import { DomainError } from '@/server/services/errors';
import { InsufficientHoldingError, MissingFxRateError } from '@/server/domain/portfolio';
import { TICKERS_PER_PART, inParts, yieldToOthers } from './portfolioAnalyticsInputs';
import { insufficientHolding } from './portfolioService';

/** The domain's errors that a history or the rates can raise (the 409s of domainFailure). */
export function isRuleViolation(error: unknown): boolean {
  return error instanceof InsufficientHoldingError || error instanceof MissingFxRateError;
}

/**
 * Compute per-ticker figures in parts of TICKERS_PER_PART tickers, yielding in between. Should a
 * part break a rule, all of it is computed again at once, so that the error reported is the one a
 * single pass over the whole history reports (the earliest).
 */
export async function computeInParts<I, R>(
  inputs: readonly I[],
  compute: (part: readonly I[]) => R[],
): Promise<R[]> {
  const out: R[] = [];
  try {
    for (const [i, part] of inParts(inputs, TICKERS_PER_PART).entries()) {
      if (i > 0) await yieldToOthers();
      out.push(...compute(part));
    }
  } catch (error) {
    if (!isRuleViolation(error)) throw error;
    return compute(inputs);
  }
  return out;
}

/** A stored history that breaks a rule (it should never: writes are checked) is a 409, not a 500. */
export function domainFailure(error: unknown): never {
  if (error instanceof InsufficientHoldingError) throw insufficientHolding(error, new Set());
  if (error instanceof MissingFxRateError) {
    throw new DomainError(
      'conflict',
      'FX_RATE_MISSING',
      'No USD/NOK rate is available to convert this portfolio',
    );
  }
  throw error;
}
