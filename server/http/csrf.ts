/**
 * The CSRF rule in one place (issue 40, DESIGN.md §4): a request that changes state (POST, PUT,
 * PATCH, DELETE) must carry `X-Requested-With: trendvakt`. A browser sends that header cross-site
 * only after a CORS preflight, which this app never grants, so a form or script on another site
 * cannot make a signed-in user's browser change anything. `apiHandler` applies it to every route;
 * a server-to-server route (Stripe's webhook) is exempt by declaring `csrfExempt` with its reason.
 * Portfolio routes ask for the header on reads too (SPEC §7, ./portfolioRoute).
 */
import type { IncomingMessage } from 'node:http';
import { PORTFOLIO_HEADER_NAME, PORTFOLIO_HEADER_VALUE } from '@/lib/constants';
import { HttpError } from './errors';

/** Methods that change state and so need the header. */
export const STATE_CHANGING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** True when the request carries `X-Requested-With: trendvakt`. */
export function hasCustomHeader(req: Pick<IncomingMessage, 'headers'>): boolean {
  const value = req.headers[PORTFOLIO_HEADER_NAME.toLowerCase()];
  return (Array.isArray(value) ? value[0] : value)?.trim().toLowerCase() === PORTFOLIO_HEADER_VALUE;
}

/** 403 REQUESTED_WITH_REQUIRED unless the request carries the header. */
export function requireCustomHeader(req: Pick<IncomingMessage, 'headers'>, what = 'This call'): void {
  if (!hasCustomHeader(req)) {
    throw new HttpError(
      403,
      'REQUESTED_WITH_REQUIRED',
      `${what} must send the header ${PORTFOLIO_HEADER_NAME}: ${PORTFOLIO_HEADER_VALUE}`,
    );
  }
}
