import { rateLimited } from '@/server/http/rateLimit';
import { apiHandler, queryValue, validate } from '@/server/http';
import { invalid } from '@/server/services/errors';
import { portfolioRoute } from '@/server/http/portfolioRoute';
import { importMapped, importBodyLimit, importNordnet, withImportSlot } from '@/server/services/import';
import { idParamSchema, importQuerySchema, latestCalendarDate } from '@/lib/schemas/portfolio';

export const config = { api: { bodyParser: false } };

/**
 * POST ?format=nordnet[&account=NNN][&dryRun=true][&accept=line:cost,...], or ?format=mapped&broker=NAME
 * [&mapping=JSON] or ?format=mapped&preset=NAME (lib/importPresets.ts) with the same dryRun and accept; a mapped body may
 * be an .xlsx (any broker's CSV through a mapping), body: the file's bytes (at most IMPORT_MAX_BYTES, 2 MB by default, and
 * 10,000 rows counted on the bytes before parsing, else 413), read only after the caller is authenticated and the query is valid.
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
            broker: queryValue(req.query.broker),
            mapping: queryValue(req.query.mapping),
            preset: queryValue(req.query.preset),
            account: queryValue(req.query.account),
          },
          'query',
        );
        if (query.format === 'mapped' && query.broker === undefined && query.preset === undefined) {
          throw invalid('VALIDATION_FAILED', 'Invalid query', [
            { path: 'broker', message: 'The broker name is required for a mapped import', code: 'custom' },
          ]);
        }
        // One import per user in flight (429 with Retry-After), taken before the body is read.
        return withImportSlot(auth.uid, async () => {
          const body = req.readBody ? await req.readBody() : req.rawBody;
          const common = { dryRun: query.dryRun, accept: query.accept, today: latestCalendarDate() };
          if (query.format === 'mapped') {
            return importMapped(auth.db, auth.uid, portfolioId, new Uint8Array(body), {
              ...common,
              broker: query.broker,
              preset: query.preset,
              mapping: query.mapping,
            });
          }
          return importNordnet(auth.db, auth.uid, portfolioId, new Uint8Array(body), {
            ...common,
            account: query.account,
          });
        });
      }),
    ),
  },
  { rawBody: true, readBodyAfterAuth: true, bodyLimit: importBodyLimit() },
);
