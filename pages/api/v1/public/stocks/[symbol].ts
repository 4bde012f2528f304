import { getDb } from '@/server/db';
import { rateLimited } from '@/server/http/rateLimit';
import { apiHandler } from '@/server/http';
import { invalid, notFoundError } from '@/server/services/errors';
import { getPublicStock, PUBLIC_SYMBOL_PATTERN } from '@/server/services/market';

export const config = { api: { bodyParser: false } };

/**
 * GET /api/v1/public/stocks/{symbol} — public: a stock's public page data (last close, overall
 * signal and score, a small chart's closes), the landing page's live mini analysis.
 */
export default apiHandler({
  // Public, no sign-in: counted per client address (issue 40).
  GET: rateLimited('public', async (req, res) => {
    const raw = req.query.symbol;
    const symbol = typeof raw === 'string' ? raw.slice(0, 40).toUpperCase() : '';
    if (!PUBLIC_SYMBOL_PATTERN.test(symbol)) {
      throw invalid('VALIDATION_FAILED', 'Invalid symbol', [
        { path: 'symbol', message: 'A symbol is 1–20 letters, digits, dots or dashes' },
      ]);
    }
    const stock = await getPublicStock(await getDb(), symbol);
    if (!stock) throw notFoundError(`No public page for ${symbol}`, 'TICKER_NOT_FOUND');
    // Public market data, the same for everyone: a shared cache may keep it for a minute.
    res.setHeader('Cache-Control', 'public, max-age=60');
    return stock;
  }),
});
