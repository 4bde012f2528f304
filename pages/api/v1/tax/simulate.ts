import { apiHandler, queryValue, validate } from '@/server/http';
import { portfolioRoute } from '@/server/http/portfolioRoute';
import { simulateSaleFor } from '@/server/services/tax';
import { taxSimulateQuerySchema } from '@/lib/schemas/tax';

export const config = { api: { bodyParser: false } };

/**
 * GET ?portfolioId=&tickerId=&quantity=&price=&date=: the tax a sale would give, before it is
 * saved (issue 38 item 4): the FIFO lots it takes, gain, shielding used and estimated tax in NOK.
 */
export default apiHandler({
  GET: portfolioRoute((req, _res, auth) => {
    const names = ['portfolioId', 'tickerId', 'quantity', 'price', 'date'] as const;
    const raw = Object.fromEntries(names.map((n) => [n, queryValue(req.query[n]) || undefined]));
    return simulateSaleFor(auth.db, auth.uid, validate(taxSimulateQuerySchema, raw, 'query'));
  }),
});
