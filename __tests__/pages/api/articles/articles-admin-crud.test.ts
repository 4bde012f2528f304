/** @jest-environment node */
import { testDbKinds } from '../../../helpers/db';
import { errorOf, setUp, tearDown, type Ctx } from './helpers';

type Article = {
  article_id: number;
  slug: string;
  status: string;
  updated_at: string;
  created_at: string;
  published_at: string | null;
  publish_at: string | null;
  translation_of: number | null;
  author_uid: string | null;
};

describe.each(testDbKinds())('admin article CRUD (%s)', (kind) => {
  let ctx: Ctx;
  let warn: jest.SpyInstance;
  const asAdmin = (method: string, path: string, body?: unknown) =>
    ctx.server.request(method, path, { token: ctx.admin.idToken, body });

  beforeAll(async () => {
    ctx = await setUp(kind);
  }, 120_000);
  afterAll(() => tearDown(ctx));
  // The test server is not a Next server: regenerating the blog's static pages fails and is logged.
  beforeEach(() => {
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  let draft: Article;

  it('creates a draft (201) with the slug made from the title and the admin as author', async () => {
    const res = await asAdmin('POST', '/api/v1/admin/articles', {
      language: 'nb',
      title: 'Slik leser du scoren på Ørsted & Co',
      summary: 'Kort om scoren',
      body_markdown: '# Hei\n\nTekst',
      tags: ['Analyse', 'analyse', 'score'],
    });
    expect(res.status).toBe(201);
    draft = res.body as Article;
    expect(res.body).toEqual({
      article_id: expect.any(Number),
      language: 'nb',
      slug: 'slik-leser-du-scoren-pa-orsted-co',
      title: 'Slik leser du scoren på Ørsted & Co',
      summary: 'Kort om scoren',
      body_markdown: '# Hei\n\nTekst',
      tags: ['analyse', 'score'],
      cover_image_id: null,
      status: 'draft',
      publish_at: null,
      published_at: null,
      author_uid: ctx.admin.uid,
      translation_of: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updated_at: draft.created_at,
    });
  });

  it('reads it back (GET by id) and lists it with the author name', async () => {
    const one = await asAdmin('GET', `/api/v1/admin/articles/${draft.article_id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(draft);
    const list = await asAdmin('GET', '/api/v1/admin/articles?view=list');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    const [row] = (list.body as { items: Record<string, unknown>[] }).items;
    expect(row).toMatchObject({ article_id: draft.article_id, author_name: 'Astrid Test', is_public: false });
    expect(row).not.toHaveProperty('body_markdown');
  });

  it('refuses a second article with the same slug in the same language (409) but allows it in the other', async () => {
    const clash = await asAdmin('POST', '/api/v1/admin/articles', {
      language: 'nb',
      title: 'Noe annet',
      slug: draft.slug,
    });
    expect(clash.status).toBe(409);
    expect(errorOf(clash.body).code).toBe('SLUG_TAKEN');
    const english = await asAdmin('POST', '/api/v1/admin/articles', {
      language: 'en',
      title: 'How to read the score',
      slug: draft.slug,
      translation_of: draft.article_id,
    });
    expect(english.status).toBe(201);
    const en = english.body as Article;
    expect(en.translation_of).toBe(draft.article_id);
    // The link goes both ways, without touching the original's updated_at.
    const original = (await asAdmin('GET', `/api/v1/admin/articles/${draft.article_id}`)).body as Article;
    expect(original.translation_of).toBe(en.article_id);
    expect(original.updated_at).toBe(draft.updated_at);
    // A third version of the same article is refused.
    const third = await asAdmin('POST', '/api/v1/admin/articles', {
      language: 'en',
      title: 'Another translation',
      translation_of: draft.article_id,
    });
    expect(third.status).toBe(409);
    expect(errorOf(third.body).code).toBe('TRANSLATION_EXISTS');
  });

  it('updates with the current updated_at (200) and refuses a stale one (409) without changing anything', async () => {
    const put = (updated_at: string, title: string) =>
      asAdmin('PUT', `/api/v1/admin/articles/${draft.article_id}`, {
        language: 'nb',
        slug: draft.slug,
        title,
        updated_at,
      });
    const first = await put(draft.updated_at, 'Slik leser du scoren');
    expect(first.status).toBe(200);
    const updated = first.body as Article & { title: string };
    expect(updated.title).toBe('Slik leser du scoren');
    expect(updated.updated_at > draft.updated_at).toBe(true);
    // A second admin still holding the first version:
    const stale = await put(draft.updated_at, 'Overskriver');
    expect(stale.status).toBe(409);
    expect(errorOf(stale.body)).toMatchObject({
      code: 'STALE_ARTICLE',
      details: { updated_at: updated.updated_at },
    });
    const now = await asAdmin('GET', `/api/v1/admin/articles/${draft.article_id}`);
    expect((now.body as { title: string }).title).toBe('Slik leser du scoren');
    draft = updated;
  });

  it('publishes now: published_at is set, and the slug is then locked (409)', async () => {
    const res = await asAdmin('PUT', `/api/v1/admin/articles/${draft.article_id}`, {
      language: 'nb',
      slug: draft.slug,
      title: 'Slik leser du scoren',
      status: 'published',
      updated_at: draft.updated_at,
    });
    expect(res.status).toBe(200);
    const published = res.body as Article;
    expect(published.status).toBe('published');
    expect(Date.parse(published.published_at!)).toBeGreaterThan(Date.now() - 60_000);
    // The blog pages of the article and of its language were asked to regenerate.
    // Each warning names the path, then the reason (redacted by describeError) on the same line.
    const paths = warn.mock.calls.map((c) =>
      String(c[0]).replace(/^(\[blog\] could not regenerate \S+:).*$/s, '$1'),
    );
    expect(paths).toEqual(
      expect.arrayContaining([
        `[blog] could not regenerate /blog:`,
        `[blog] could not regenerate /blog/${draft.slug}:`,
        `[blog] could not regenerate /en/blog/${draft.slug}:`,
      ]),
    );
    const rename = await asAdmin('PUT', `/api/v1/admin/articles/${draft.article_id}`, {
      language: 'nb',
      slug: 'nytt-navn',
      title: 'Slik leser du scoren',
      status: 'published',
      updated_at: published.updated_at,
    });
    expect(rename.status).toBe(409);
    expect(errorOf(rename.body).code).toBe('SLUG_LOCKED');
    draft = published;
  });

  it('validates input: 400 for a bad language, a bad slug, a scheduled article without time; 404 unknown id', async () => {
    const bad = [
      { language: 'de', title: 'x' },
      { language: 'nb', title: 'x', slug: 'Not A Slug' },
      { language: 'nb', title: 'x', status: 'scheduled' },
      { language: 'nb', title: '' },
    ];
    for (const body of bad) {
      const res = await asAdmin('POST', '/api/v1/admin/articles', body);
      expect([res.status, errorOf(res.body).code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await asAdmin('GET', '/api/v1/admin/articles/99999')).status).toBe(404);
    expect((await asAdmin('GET', '/api/v1/admin/articles/abc')).status).toBe(400);
    const put = await asAdmin('PUT', '/api/v1/admin/articles/99999', {
      language: 'nb',
      title: 'x',
      updated_at: new Date().toISOString(),
    });
    expect(put.status).toBe(404);
  });

  it('filters the admin list by status and language', async () => {
    const published = await asAdmin('GET', '/api/v1/admin/articles?view=list&status=published');
    expect((published.body as { items: Article[] }).items.map((a) => a.article_id)).toEqual([
      draft.article_id,
    ]);
    const en = await asAdmin('GET', '/api/v1/admin/articles?view=list&language=en&status=draft');
    expect((en.body as { total: number }).total).toBe(1);
    expect((await asAdmin('GET', '/api/v1/admin/articles?status=gone')).status).toBe(400);
  });

  it('deletes (204), then 404; the other language version stays, unlinked', async () => {
    expect((await asAdmin('DELETE', `/api/v1/admin/articles/${draft.article_id}`)).status).toBe(204);
    expect((await asAdmin('GET', `/api/v1/admin/articles/${draft.article_id}`)).status).toBe(404);
    expect((await asAdmin('DELETE', `/api/v1/admin/articles/${draft.article_id}`)).status).toBe(404);
    const list = await asAdmin('GET', '/api/v1/admin/articles?view=list');
    const items = (list.body as { items: Article[] }).items;
    expect(items).toHaveLength(1);
    expect(items[0].translation_of).toBeNull();
  });
});
