import { rateLimited } from '@/server/http/rateLimit';
import { apiHandler, queryValue, validate } from '@/server/http';
import { portfolioRoute } from '@/server/http/portfolioRoute';
import { importNordnet } from '@/server/services/portfolioImportService';
import {
  IMPORT_MAX_BYTES,
  idParamSchema,
  importQuerySchema,
  latestCalendarDate,
} from '@/lib/schemas/portfolio';

export const config = { api: { bodyParser: false } };

/**
 * POST ?format=nordnet[&dryRun=true][&accept=line:cost,...], body: the file's bytes (at most IMPORT_MAX_BYTES and
 * 10,000 rows, else 413), read only after the caller is authenticated and the query is valid.
 */
export default apiHandler(
  {
    POST: rateLimited(
      'import',
      portfolioRoute(async (req, _res, auth) => {
        const portfolioId = validate(idParamSchema, queryValue(req.query.portfolioId), 'portfolio id');
        const query = validate(
          importQuerySchema,
          {
            format: queryValue(req.query.format),
            dryRun: queryValue(req.query.dryRun),
            accept: queryValue(req.query.accept),
          },
          'query',
        );
        const body = req.readBody ? await req.readBody() : req.rawBody;
        return importNordnet(auth.db, auth.uid, portfolioId, new Uint8Array(body), {
          dryRun: query.dryRun,
          accept: query.accept,
          today: latestCalendarDate(),
        });
      }),
    ),
  },
  { rawBody: true, readBodyAfterAuth: true, bodyLimit: IMPORT_MAX_BYTES },
);
