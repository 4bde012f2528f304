import { rateLimited } from '@/server/http/rateLimit';
import { apiHandler } from '@/server/http';
import { withAuth } from '@/server/auth/withAuth';
import { peekSheet } from '@/server/services/import';
import { IMPORT_MAX_BYTES } from '@/lib/schemas/portfolio';

export const config = { api: { bodyParser: false } };

/**
 * POST (body: an .xlsx's bytes, at most IMPORT_MAX_BYTES): its first sheet as `{ headers, rows }`
 * of text, so the import dialog can map an Excel file's columns (issue 37 item 3, DNB's export)
 * as it maps a CSV's, which it reads in the browser. Nothing is stored.
 */
export default apiHandler(
  {
    POST: rateLimited(
      'import',
      withAuth(
        async (req) => {
          const body = req.readBody ? await req.readBody() : req.rawBody;
          return peekSheet(new Uint8Array(body));
        },
        { require: 'subscription' },
      ),
    ),
  },
  { rawBody: true, readBodyAfterAuth: true, bodyLimit: IMPORT_MAX_BYTES },
);
