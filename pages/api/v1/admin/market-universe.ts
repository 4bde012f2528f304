import { z } from 'zod';

import type { MarketUniverseDto } from '@/lib/types/operations';
import { getDb } from '@/server/db';
import { apiHandler } from '@/server/http';
import { validate } from '@/server/http/validate';
import { withAuth } from '@/server/auth/withAuth';
import {
  applySegmentFile,
  MAX_UNIVERSE_FILE_BYTES,
  refreshIndexMembers,
  syncUniverse,
} from '@/server/services/market';

export const config = { api: { bodyParser: false } };

const marketId = z.union([z.literal(160), z.literal(226)], { error: 'market_id must be 160 or 226' });
const content = z
  .string()
  .min(1, 'The file is empty')
  .max(MAX_UNIVERSE_FILE_BYTES, `The file is larger than ${MAX_UNIVERSE_FILE_BYTES / 1024} kB`);

/**
 * POST /api/v1/admin/market-universe (admin, issue 28):
 * - `{ action: "sync", market_id }`: the universe follows the provider's symbol list;
 * - `{ action: "index_members", market_id, source: "file", content }` or `source: "provider"`;
 * - `{ action: "segments", content }`: Euronext's equities list (Oslo segments).
 */
export const marketUniverseBodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('sync'), market_id: marketId }),
  z
    .object({
      action: z.literal('index_members'),
      market_id: marketId,
      source: z.enum(['file', 'provider']),
      content: content.optional(),
    })
    .refine((b) => b.source === 'provider' || b.content !== undefined, {
      message: 'content is required for source "file"',
      path: ['content'],
    }),
  z.object({ action: z.literal('segments'), content }),
]);

export default apiHandler(
  {
    POST: withAuth(
      async (req) => {
        const body = validate(marketUniverseBodySchema, req.body, 'body');
        const db = await getDb();
        const now = new Date();
        switch (body.action) {
          case 'sync': {
            const r = await syncUniverse(db, body.market_id, { now });
            return {
              action: 'sync',
              market_id: r.marketId,
              listed: r.listed,
              added: r.added,
              renamed: r.renamed,
              delisted: r.delisted,
              relisted: r.relisted,
            } satisfies MarketUniverseDto;
          }
          case 'index_members': {
            const r = await refreshIndexMembers(db, body.market_id, {
              now,
              source:
                body.source === 'file' && body.content !== undefined
                  ? { kind: 'file', content: body.content }
                  : { kind: 'provider' },
            });
            return {
              action: 'index_members',
              market_id: r.marketId,
              index: r.index,
              source: r.source,
              members: r.members,
              added: r.added,
              removed: r.removed,
              new_tickers: r.newTickers,
            } satisfies MarketUniverseDto;
          }
          case 'segments': {
            const r = await applySegmentFile(db, body.content);
            return {
              action: 'segments',
              matched: r.matched,
              unmatched: r.unmatched,
              by_segment: r.bySegment,
            } satisfies MarketUniverseDto;
          }
        }
      },
      { require: 'admin' },
    ),
  },
  { bodyLimit: MAX_UNIVERSE_FILE_BYTES + 4096 },
);
