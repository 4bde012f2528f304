import { withAuth, type AuthedHandler } from '@/server/auth/withAuth';
import type { z, ZodType } from 'zod';
import { idParamSchema } from '@/lib/schemas/portfolio';
import { requireCustomHeader } from './csrf';
import { queryValue, type ApiRequest, type RouteHandler } from './apiHandler';
import { validate } from './validate';

/**
 * Portfolio routes (SPEC §7, DESIGN.md §4): the fixed header `X-Requested-With: trendvakt` first —
 * without it 403 REQUESTED_WITH_REQUIRED (./csrf), before the token is even looked at, because a request
 * without it did not come from our client (the header forces a CORS preflight cross-site) — then a
 * valid token (401) and an active subscription (403).
 */
export function portfolioRoute(handler: AuthedHandler): RouteHandler {
  const authed = withAuth(handler, { require: 'subscription' });
  return (req, res) => {
    requireCustomHeader(req, 'Portfolio calls');
    return authed(req, res);
  };
}

/**
 * The inputs of a portfolio route: the path's portfolio id (400 when it is not an id) and the named
 * query parameters parsed by `schema` (400 naming every bad field). An empty parameter (`?year=`)
 * counts as absent, so the schema's default applies.
 */
export function portfolioQuery<S extends ZodType>(
  req: ApiRequest,
  schema: S,
  names: readonly string[],
): { portfolioId: number; query: z.output<S> } {
  const portfolioId = validate(idParamSchema, queryValue(req.query.portfolioId), 'portfolio id');
  const raw = Object.fromEntries(names.map((name) => [name, queryValue(req.query[name]) || undefined]));
  return { portfolioId, query: validate(schema, raw, 'query') };
}
