import { getDb } from '@/server/db';
import { rateLimited } from '@/server/http/rateLimit';
import { apiHandler } from '@/server/http';
import { invalid, notFoundError } from '@/server/services/errors';
import { getPublicSymbol } from '@/server/services/market';

export const config = { api: { bodyParser: false } };

/**
 * GET /api/v1/public/stocks/by-id/{id} — public: `{ symbol }` of the share with this ticker id, so
 * a signed-out visitor who followed a /market/analysis?tickerID= link can be offered that stock's
 * public page (/public/stocks/{symbol}). Symbols are public; nothing else is answered.
 */
export default apiHandler({
  // Public, no sign-in: counted per client address (issue 40).
  GET: rateLimited('public', async (req, res) => {
    const raw = req.query.id;
    const id = typeof raw === 'string' && /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(id) || id > 2_147_483_647) {
      throw invalid('VALIDATION_FAILED', 'Invalid ticker id', [
        { path: 'id', message: 'A ticker id is a positive whole number' },
      ]);
    }
    const found = await getPublicSymbol(await getDb(), id);
    if (!found) throw notFoundError(`No public page for ticker ${id}`, 'TICKER_NOT_FOUND');
    res.setHeader('Cache-Control', 'public, max-age=300');
    return found;
  }),
});
