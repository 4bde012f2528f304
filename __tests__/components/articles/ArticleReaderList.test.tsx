import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import ArticleReaderList from '@/components/articles/ArticleReaderList';
import type { ArticleSummaryDto } from '@/lib/types/article';
import { ARTICLE_LAYOUT_STORAGE_KEY, useArticlesStore } from '@/stores/useArticlesStore';
import { createMockRouter, renderWithShell } from '../common/shellHelpers';

const mockRouter = createMockRouter();
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));

const article = (id: number, over: Partial<ArticleSummaryDto> = {}): ArticleSummaryDto => ({
  article_id: id,
  language: 'nb',
  slug: `artikkel-${id}`,
  title: `Artikkel ${id}`,
  summary: `Ingress ${id}`,
  tags: ['score'],
  cover_image_id: null,
  published_at: '2026-11-20T10:00:00.000Z',
  translation_of: null,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  ...over,
});

const requests: URLSearchParams[] = [];
const server = setupServer(
  http.get('*/api/v1/articles', ({ request }) => {
    const query = new URL(request.url).searchParams;
    requests.push(query);
    const page = Number(query.get('page'));
    const tag = query.get('tag');
    const items = tag
      ? [article(3, { title: 'Om volum', tags: ['volum'] })]
      : page === 2
        ? [article(13)]
        : [article(1, { cover_image_id: 'a'.repeat(32), tags: ['score', 'volum'] }), article(2)];
    return HttpResponse.json({ items, total: tag ? 1 : 13, page, pageSize: 12 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.clear();
  useArticlesStore.setState({ layout: 'grid' });
  useArticlesStore.getState().reset();
  requests.length = 0;
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe.each(['nb', 'en'] as const)('ArticleReaderList (%s)', (lang) => {
  beforeEach(() => {
    mockRouter.locale = lang;
  });

  it('starts as a grid of cards in the reader’s language, linking to the in-app article', async () => {
    const { t } = renderWithShell(<ArticleReaderList />, lang);
    const link = await screen.findByRole('link', { name: 'Artikkel 1' });
    expect(link).toHaveAttribute('href', '/articles/artikkel-1');
    expect(requests[0].get('language')).toBe(lang);
    expect(document.querySelector('[data-layout]')).toHaveAttribute('data-layout', 'grid');
    expect(screen.getByRole('button', { name: t('articles:layout.grid') })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(document.querySelector(`img[src="/api/v1/images/${'a'.repeat(32)}"]`)).not.toBeNull();
  });

  it('switches to a list and remembers it for the next visit', async () => {
    const user = userEvent.setup();
    const { t, unmount } = renderWithShell(<ArticleReaderList />, lang);
    await screen.findByRole('link', { name: 'Artikkel 1' });
    await user.click(screen.getByRole('button', { name: t('articles:layout.list') }));
    expect(document.querySelector('[data-layout]')).toHaveAttribute('data-layout', 'list');
    expect(JSON.parse(localStorage.getItem(ARTICLE_LAYOUT_STORAGE_KEY)!).state).toEqual({ layout: 'list' });
    unmount();
    // A new visit: the store starts as grid (setting it writes storage too) and reads the remembered choice.
    const remembered = localStorage.getItem(ARTICLE_LAYOUT_STORAGE_KEY)!;
    useArticlesStore.setState({ layout: 'grid' });
    localStorage.setItem(ARTICLE_LAYOUT_STORAGE_KEY, remembered);
    renderWithShell(<ArticleReaderList />, lang);
    await screen.findByRole('link', { name: 'Artikkel 1' });
    await waitFor(() =>
      expect(document.querySelector('[data-layout]')).toHaveAttribute('data-layout', 'list'),
    );
  });

  it('ignores a stored layout that is neither grid nor list', async () => {
    localStorage.setItem(
      ARTICLE_LAYOUT_STORAGE_KEY,
      JSON.stringify({ state: { layout: 'masonry' }, version: 0 }),
    );
    renderWithShell(<ArticleReaderList />, lang);
    await screen.findByRole('link', { name: 'Artikkel 1' });
    await act(async () => undefined);
    expect(document.querySelector('[data-layout]')).toHaveAttribute('data-layout', 'grid');
  });

  it('filters by a tag and clears the filter again', async () => {
    const user = userEvent.setup();
    const { t } = renderWithShell(<ArticleReaderList />, lang);
    const card = (await screen.findByRole('link', { name: 'Artikkel 1' })).closest('article')!;
    await user.click(within(card).getByRole('button', { name: '#volum' }));
    expect(await screen.findByRole('link', { name: 'Om volum' })).toBeInTheDocument();
    expect(requests.at(-1)!.get('tag')).toBe('volum');
    expect(
      screen.getByRole('heading', { name: t('articles:list.taggedHeading', { tag: 'volum' }) }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t('articles:list.clearTag', { tag: 'volum' }) }));
    expect(await screen.findByRole('link', { name: 'Artikkel 1' })).toBeInTheDocument();
    expect(requests.at(-1)!.get('tag')).toBeNull();
  });

  it('pages: 13 articles are two pages of 12', async () => {
    const user = userEvent.setup();
    const { t } = renderWithShell(<ArticleReaderList />, lang);
    await screen.findByRole('link', { name: 'Artikkel 1' });
    expect(screen.getByText(t('articles:pager.position', { page: 1, pages: 2 }))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: new RegExp(t('articles:pager.next')) }));
    expect(await screen.findByRole('link', { name: 'Artikkel 13' })).toBeInTheDocument();
    expect(requests.at(-1)!.get('page')).toBe('2');
  });
});
