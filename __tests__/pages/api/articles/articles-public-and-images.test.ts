/** @jest-environment node */
import crypto from 'node:crypto';
import { listPublished, getPublished } from '@/server/services/articles/articleService';
import { testDbKinds } from '../../../helpers/db';
import { errorOf, PNG_BYTES, setUp, tearDown, type Ctx } from './helpers';

const HOUR = 3_600_000;

describe.each(testDbKinds())('public article reads and images (%s)', (kind) => {
  let ctx: Ctx;
  const asAdmin = (
    method: string,
    path: string,
    opts: { body?: unknown; raw?: Buffer; headers?: Record<string, string> } = {},
  ) => ctx.server.request(method, path, { token: ctx.admin.idToken, ...opts });
  const create = async (body: Record<string, unknown>) => {
    const res = await asAdmin('POST', '/api/v1/admin/articles', { body });
    if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { article_id: number; slug: string; updated_at: string };
  };
  const inFuture = new Date(Date.now() + 2 * HOUR).toISOString();
  const inPast = new Date(Date.now() - 2 * HOUR).toISOString();

  beforeAll(async () => {
    ctx = await setUp(kind);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await create({ language: 'nb', title: 'Utkast', tags: ['score'] });
    await create({
      language: 'nb',
      title: 'Planlagt',
      status: 'scheduled',
      publish_at: inFuture,
      tags: ['score'],
    });
    await create({
      language: 'nb',
      title: 'Forfalt',
      status: 'scheduled',
      publish_at: inPast,
      tags: ['skatt'],
    });
    await create({ language: 'nb', title: 'Publisert', status: 'published', tags: ['score'] });
    await create({ language: 'en', title: 'Published', status: 'published', tags: ['score'] });
  }, 120_000);
  afterAll(async () => {
    jest.restoreAllMocks();
    await tearDown(ctx);
  });

  it('lists only published and due articles of the language, newest first, without bodies', async () => {
    const res = await ctx.server.request('GET', '/api/v1/articles?language=nb');
    expect(res.status).toBe(200);
    const body = res.body as { items: { title: string; published_at: string }[]; total: number };
    // "Publisert" went public now; "Forfalt" two hours ago.
    expect(body.items.map((a) => a.title)).toEqual(['Publisert', 'Forfalt']);
    expect(body.total).toBe(2);
    expect(body.items[1].published_at).toBe(inPast);
    expect(body.items[0]).not.toHaveProperty('body_markdown');
    expect(body.items[0]).not.toHaveProperty('status');
  });

  it('filters by tag and answers pages', async () => {
    const score = await ctx.server.request('GET', '/api/v1/articles?language=nb&tag=score');
    expect((score.body as { items: { title: string }[] }).items.map((a) => a.title)).toEqual(['Publisert']);
    const page2 = await ctx.server.request('GET', '/api/v1/articles?language=nb&page=2');
    expect(page2.body).toMatchObject({ items: [], total: 2, page: 2, pageSize: 12 });
    expect((await ctx.server.request('GET', '/api/v1/articles?language=xx')).status).toBe(400);
  });

  it('answers one public article and 404 for drafts and articles not yet due', async () => {
    const ok = await ctx.server.request('GET', '/api/v1/articles/nb/publisert');
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ title: 'Publisert', author_name: 'Astrid Test', translation: null });
    expect(ok.body).not.toHaveProperty('author_uid');
    expect((await ctx.server.request('GET', '/api/v1/articles/nb/forfalt')).status).toBe(200);
    for (const slug of ['utkast', 'planlagt']) {
      const res = await ctx.server.request('GET', `/api/v1/articles/nb/${slug}`);
      expect([res.status, errorOf(res.body).code]).toEqual([404, 'ARTICLE_NOT_FOUND']);
    }
    expect((await ctx.server.request('GET', '/api/v1/articles/en/publisert')).status).toBe(404);
  });

  it('shows a scheduled article once its time has come, without any job', async () => {
    const later = new Date(Date.now() + 3 * HOUR);
    const list = await listPublished(ctx.db.db, { language: 'nb', page: 1 }, later);
    expect(list.items.map((a) => a.title)).toEqual(['Planlagt', 'Publisert', 'Forfalt']);
    expect(list.items[0].published_at).toBe(inFuture);
    await expect(getPublished(ctx.db.db, 'nb', 'planlagt', later)).resolves.toMatchObject({
      title: 'Planlagt',
    });
  });

  it('a published article set back to draft disappears from the public reads', async () => {
    const list = await asAdmin('GET', '/api/v1/admin/articles?view=list&language=en');
    const en = (list.body as { items: { article_id: number; updated_at: string }[] }).items[0];
    const res = await asAdmin('PUT', `/api/v1/admin/articles/${en.article_id}`, {
      body: {
        language: 'en',
        slug: 'published',
        title: 'Published',
        status: 'draft',
        updated_at: en.updated_at,
      },
    });
    expect(res.status).toBe(200);
    expect((await ctx.server.request('GET', '/api/v1/articles/en/published')).status).toBe(404);
    expect(
      ((await ctx.server.request('GET', '/api/v1/articles?language=en')).body as { total: number }).total,
    ).toBe(0);
  });

  it('uploads a PNG (201) and serves it with its type, nosniff, an immutable cache and an ETag (304 on match)', async () => {
    const res = await asAdmin('POST', '/api/v1/admin/images', {
      raw: PNG_BYTES,
      headers: { 'Content-Type': 'application/octet-stream' },
    });
    expect(res.status).toBe(201);
    const { image_id, url } = res.body as { image_id: string; url: string };
    expect(image_id).toMatch(/^[0-9a-f]{32}$/);
    expect(url).toBe(`/api/v1/images/${image_id}`);
    const again = await asAdmin('POST', '/api/v1/admin/images', { raw: PNG_BYTES });
    expect(again.body).toEqual(res.body);

    const image = await fetch(`${ctx.server.url}${url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const sha = crypto.createHash('sha256').update(PNG_BYTES).digest('hex');
    expect(image.headers.get('etag')).toBe(`"${sha}"`);
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG_BYTES)).toBe(true);
    const cached = await fetch(`${ctx.server.url}${url}`, { headers: { 'If-None-Match': `"${sha}"` } });
    expect(cached.status).toBe(304);
    expect((await fetch(`${ctx.server.url}/api/v1/images/${'0'.repeat(32)}`)).status).toBe(404);
    expect((await fetch(`${ctx.server.url}/api/v1/images/nope`)).status).toBe(404);
  });

  it('uses a JPEG and a WebP as a cover image; an unknown cover is 400', async () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);
    for (const [bytes, type] of [
      [jpeg, 'image/jpeg'],
      [webp, 'image/webp'],
    ] as const) {
      const up = await asAdmin('POST', '/api/v1/admin/images', {
        raw: bytes,
        headers: { 'Content-Type': 'image/png' },
      });
      expect(up.status).toBe(201);
      const { image_id, url } = up.body as { image_id: string; url: string };
      expect((await fetch(`${ctx.server.url}${url}`)).headers.get('content-type')).toBe(type);
      const article = await create({ language: 'en', title: `Cover ${type}`, cover_image_id: image_id });
      expect(article).toMatchObject({ cover_image_id: image_id });
    }
    const bad = await asAdmin('POST', '/api/v1/admin/articles', {
      body: { language: 'en', title: 'Bad cover', cover_image_id: 'f'.repeat(32) },
    });
    expect(bad.status).toBe(400);
  });

  it('refuses an HTML file named .png (415), SVG (415), an empty body (400) and more than 5 MB (413)', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const named = await asAdmin('POST', '/api/v1/admin/images?name=photo.png', {
      raw: html,
      headers: { 'Content-Type': 'image/png', 'Content-Disposition': 'attachment; filename="photo.png"' },
    });
    expect([named.status, errorOf(named.body).code]).toEqual([415, 'UNSUPPORTED_IMAGE_TYPE']);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await asAdmin('POST', '/api/v1/admin/images', { raw: svg })).status).toBe(415);
    expect((await asAdmin('POST', '/api/v1/admin/images', { raw: Buffer.alloc(0) })).status).toBe(400);
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(5 * 1024 * 1024)]);
    const tooLarge = await asAdmin('POST', '/api/v1/admin/images', { raw: big });
    expect([tooLarge.status, errorOf(tooLarge.body).code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
  });
});
