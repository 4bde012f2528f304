/** @jest-environment node */
import { testDbKinds } from '../../../helpers/db';
import { errorOf, PNG_BYTES, setUp, tearDown, type Ctx } from './helpers';

/** Every admin route with a request that an admin could make. */
const ADMIN_CALLS: { method: string; path: string; body?: unknown; raw?: Buffer }[] = [
  { method: 'GET', path: '/api/v1/admin/articles?view=list' },
  { method: 'POST', path: '/api/v1/admin/articles', body: { language: 'nb', title: 'Forsøk' } },
  { method: 'GET', path: '/api/v1/admin/articles/ID' },
  {
    method: 'PUT',
    path: '/api/v1/admin/articles/ID',
    body: { language: 'nb', title: 'Forsøk', updated_at: '2030-01-01T00:00:00.000Z' },
  },
  { method: 'DELETE', path: '/api/v1/admin/articles/ID' },
  { method: 'POST', path: '/api/v1/admin/images', raw: PNG_BYTES },
];

describe.each(testDbKinds())('article access (%s)', (kind) => {
  let ctx: Ctx;
  let id: number;

  beforeAll(async () => {
    ctx = await setUp(kind);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const res = await ctx.server.request('POST', '/api/v1/admin/articles', {
      token: ctx.admin.idToken,
      body: { language: 'nb', title: 'Utkast' },
    });
    warn.mockRestore();
    id = (res.body as { article_id: number }).article_id;
  }, 120_000);
  afterAll(() => tearDown(ctx));

  it.each(ADMIN_CALLS)(
    '$method $path: 403 for the investor and the newcomer, 401 without a token',
    async (call) => {
      const path = call.path.replace('ID', String(id));
      for (const account of [ctx.investor, ctx.newcomer]) {
        const res = await ctx.server.request(call.method, path, {
          token: account.idToken,
          body: call.body,
          raw: call.raw,
        });
        expect(res.status).toBe(403);
        expect(errorOf(res.body).code).toBe('ADMIN_REQUIRED');
      }
      const anonymous = await ctx.server.request(call.method, path, { body: call.body, raw: call.raw });
      expect(anonymous.status).toBe(401);
    },
  );

  it('left the draft as it was', async () => {
    const res = await ctx.server.request('GET', `/api/v1/admin/articles/${id}`, { token: ctx.admin.idToken });
    expect(res.body).toMatchObject({ title: 'Utkast', status: 'draft' });
  });

  it('answers 405 with Allow for a method a route does not have', async () => {
    const res = await ctx.server.request('PATCH', '/api/v1/admin/articles', { token: ctx.admin.idToken });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, POST');
  });
});
