import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import ArticleEditor from '@/components/articles/admin/ArticleEditor';
import type { ArticleDto } from '@/lib/types/article';
import { createMockRouter, renderWithShell } from '../common/shellHelpers';

const mockRouter = createMockRouter();
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));

const IMAGE_ID = 'b'.repeat(32);
const bodies: Record<string, unknown>[] = [];
let stored: ArticleDto | null = null;

const toArticle = (body: Record<string, unknown>, id = 7): ArticleDto => ({
  article_id: id,
  language: body.language as 'nb' | 'en',
  slug: (body.slug as string) ?? 'x',
  title: body.title as string,
  summary: (body.summary as string) ?? '',
  body_markdown: (body.body_markdown as string) ?? '',
  tags: (body.tags as string[]) ?? [],
  cover_image_id: (body.cover_image_id as string | null) ?? null,
  status: (body.status as ArticleDto['status']) ?? 'draft',
  publish_at: (body.publish_at as string | null) ?? null,
  published_at: body.status === 'published' ? '2026-11-24T12:00:00.000Z' : null,
  author_uid: 'demo-admin',
  translation_of: null,
  created_at: '2026-11-24T12:00:00.000Z',
  updated_at: `2026-11-24T12:00:0${bodies.length}.000Z`,
});

const server = setupServer(
  http.post('*/api/v1/admin/articles', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    bodies.push(body);
    stored = toArticle(body);
    return HttpResponse.json(stored, { status: 201 });
  }),
  http.put('*/api/v1/admin/articles/:id', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    bodies.push(body);
    if (body.updated_at !== stored?.updated_at) {
      return HttpResponse.json({ error: { code: 'STALE_ARTICLE', message: 'stale' } }, { status: 409 });
    }
    stored = toArticle(body);
    return HttpResponse.json(stored);
  }),
  http.get('*/api/v1/admin/articles/:id', () => HttpResponse.json(stored)),
  http.post('*/api/v1/admin/images', () =>
    HttpResponse.json({ image_id: IMAGE_ID, url: `/api/v1/images/${IMAGE_ID}` }, { status: 201 }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  bodies.length = 0;
  stored = null;
  mockRouter.query = {};
  mockRouter.replace.mockClear();
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const preview = () => screen.getByTestId('article-preview');

describe.each(['nb', 'en'] as const)('ArticleEditor (%s)', (lang) => {
  beforeEach(() => {
    mockRouter.locale = lang;
  });

  it('makes the slug from the title and previews the Markdown live, with the same renderer as the blog', async () => {
    const user = userEvent.setup();
    const { t } = renderWithShell(<ArticleEditor />, lang);
    await user.type(screen.getByLabelText(t('articles:editor.fields.title')), 'Hva sier volumbalansen?');
    expect(screen.getByLabelText(t('articles:editor.fields.slug'))).toHaveValue('hva-sier-volumbalansen');
    const body = screen.getByLabelText(t('articles:editor.fields.body'));
    fireEvent.change(body, {
      target: {
        value:
          '## Terskler\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1))',
      },
    });
    await waitFor(() => expect(preview().querySelector('h2')).toHaveTextContent('Terskler'));
    expect(preview().querySelectorAll('td')).toHaveLength(2);
    expect(preview().querySelector('script')).toBeNull();
    expect(preview().querySelector('a')).toBeNull();
    expect(preview()).toHaveTextContent('x');
  });

  it('wraps the selection in bold with the toolbar', async () => {
    const user = userEvent.setup();
    const { t } = renderWithShell(<ArticleEditor />, lang);
    const body = screen.getByLabelText(t('articles:editor.fields.body')) as HTMLTextAreaElement;
    fireEvent.change(body, { target: { value: 'kjøp over 0,5' } });
    body.setSelectionRange(10, 13);
    await user.click(screen.getByRole('button', { name: t('articles:editor.toolbar.bold') }));
    expect(body).toHaveValue('kjøp over **0,5**');
    await waitFor(() => expect(preview().querySelector('strong')).toHaveTextContent('0,5'));
  });

  it('uploads an image and inserts its Markdown at the cursor', async () => {
    const user = userEvent.setup();
    const { t } = renderWithShell(<ArticleEditor />, lang);
    const body = screen.getByLabelText(t('articles:editor.fields.body')) as HTMLTextAreaElement;
    fireEvent.change(body, { target: { value: 'Før' } });
    body.setSelectionRange(3, 3);
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'graf-osebx.png', {
      type: 'image/png',
    });
    await user.upload(screen.getByTestId('body-image-input'), file);
    await waitFor(() => expect(body).toHaveValue(`Før\n\n![graf osebx](/api/v1/images/${IMAGE_ID})`));
    await waitFor(() =>
      expect(preview().querySelector('img')).toHaveAttribute('src', `/api/v1/images/${IMAGE_ID}`),
    );
  });

  it('saves a draft, then publishes it with the updated_at it got back; a stale save says so', async () => {
    const user = userEvent.setup();
    const { t } = renderWithShell(<ArticleEditor />, lang);
    await user.type(screen.getByLabelText(t('articles:editor.fields.title')), 'Skatt');
    await user.type(screen.getByLabelText(t('articles:editor.fields.tags')), 'Skatt, portefølje');
    await user.click(screen.getByRole('button', { name: t('articles:editor.actions.saveDraft') }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      language: lang,
      title: 'Skatt',
      slug: 'skatt',
      tags: ['skatt', 'portefølje'],
      status: 'draft',
      publish_at: null,
    });
    await waitFor(() =>
      expect(mockRouter.replace).toHaveBeenCalledWith('/admin/articleCreator?id=7', undefined, {
        shallow: true,
      }),
    );
    expect(screen.getByTestId('article-status')).toHaveTextContent(t('articles:status.draft'));

    const firstUpdatedAt = stored!.updated_at;
    await user.click(screen.getByRole('button', { name: t('articles:editor.actions.publish') }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ status: 'published', updated_at: firstUpdatedAt });
    await waitFor(() =>
      expect(screen.getByTestId('article-status')).toHaveTextContent(t('articles:status.published')),
    );

    // Someone else saves meanwhile.
    stored = { ...stored!, updated_at: '2030-01-01T00:00:00.000Z' };
    await user.type(screen.getByLabelText(t('articles:editor.fields.summary')), 'Mer');
    await user.click(screen.getByRole('button', { name: t('articles:editor.actions.update') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t('articles:editor.errors.stale'));
  });

  it('refuses to schedule without a time in the future', async () => {
    const user = userEvent.setup();
    const { t } = renderWithShell(<ArticleEditor />, lang);
    await user.type(screen.getByLabelText(t('articles:editor.fields.title')), 'Planlagt');
    await user.click(screen.getByRole('button', { name: t('articles:editor.actions.schedule') }));
    expect(await screen.findByText(t('articles:editor.errors.fields.publish_at'))).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    const when = new Date(Date.now() + 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())}T10:30`;
    fireEvent.change(screen.getByLabelText(t('articles:editor.fields.publishAt')), {
      target: { value: local },
    });
    await user.click(screen.getByRole('button', { name: t('articles:editor.actions.schedule') }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ status: 'scheduled', publish_at: new Date(local).toISOString() });
  });

  it('asks before leaving with unsaved changes', async () => {
    const user = userEvent.setup();
    const { t } = renderWithShell(<ArticleEditor />, lang);
    await user.type(screen.getByLabelText(t('articles:editor.fields.title')), 'Halvferdig');
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    expect(() => act(() => mockRouter.events.emit('routeChangeStart', '/market/tickers'))).toThrow();
    expect(confirm).toHaveBeenCalledWith(t('articles:editor.leaveConfirm'));
    confirm.mockReturnValue(true);
    expect(() => act(() => mockRouter.events.emit('routeChangeStart', '/market/tickers'))).not.toThrow();
    confirm.mockRestore();
  });
});
