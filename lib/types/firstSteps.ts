/** GET /api/v1/user/first-steps: what a newcomer has done of the first steps (issue 39 item 7). */
export interface FirstStepsDto {
  /** The caller owns at least one portfolio. */
  has_portfolio: boolean;
  /** At least one of the caller's portfolios holds a transaction (typed or imported). */
  has_transactions: boolean;
  /** The caller's watchlist has at least one share. */
  has_watchlist: boolean;
}
