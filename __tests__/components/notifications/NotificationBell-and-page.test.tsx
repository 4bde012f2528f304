import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import NotificationBell from '@/components/navbar/NotificationBell';
import NotificationsView from '@/components/notifications/NotificationsView';
import type { NotificationDto } from '@/lib/types/signals';
import { useAuthStore } from '@/stores/useAuthStore';
import { useNotificationStore } from '@/stores/useNotificationStore';
import { LANGS, renderPage, signIn } from '../portfolio/helpers';
import { expectConsoleError } from '@/__tests__/helpers/consoleErrors';

jest.mock('@/services/authService', () => ({
  authService: { watch: jest.fn(() => () => {}), signOut: jest.fn() },
}));

const item = (overrides: Partial<NotificationDto> = {}): NotificationDto => ({
  id: 1,
  ticker_id: 12,
  symbol: 'EQNR',
  long_name: 'Equinor ASA',
  country_id: 160,
  session: '2026-11-20',
  changes: [{ timeframe: 'overall', previous_signal: 'hold', signal: 'buy' }],
  read: false,
  created_at: '2026-11-20T18:00:00.000Z',
  ...overrides,
});

const state = {
  items: [] as NotificationDto[],
  failList: false,
};
const calls: { method: string; path: string; body?: unknown }[] = [];
const unreadCount = () => state.items.filter((i) => !i.read).length;

const server = setupServer(
  http.get('*/api/v1/notifications', ({ request }) => {
    const unreadOnly = new URL(request.url).searchParams.get('unread') === 'true';
    calls.push({ method: 'GET', path: `/notifications?unread=${unreadOnly}` });
    if (state.failList)
      return HttpResponse.json({ error: { code: 'INTERNAL', message: 'boom' } }, { status: 500 });
    return HttpResponse.json({
      items: unreadOnly ? state.items.filter((i) => !i.read) : state.items,
      unread: unreadCount(),
    });
  }),
  http.post('*/api/v1/notifications/read', async ({ request }) => {
    const body = (await request.json()) as { ids?: number[]; all?: true };
    calls.push({ method: 'POST', path: '/notifications/read', body });
    let updated = 0;
    state.items = state.items.map((i) => {
      if (!i.read && (body.all || body.ids?.includes(i.id))) {
        updated += 1;
        return { ...i, read: true };
      }
      return i;
    });
    return HttpResponse.json({ updated, unread: unreadCount() });
  }),
  http.get('*/api/v1/notifications/settings', () =>
    HttpResponse.json({ in_app: true, email: true, language: 'nb' }),
  ),
  http.put('*/api/v1/notifications/settings', async ({ request }) => {
    const body = await request.json();
    calls.push({ method: 'PUT', path: '/notifications/settings', body });
    return HttpResponse.json({ in_app: true, email: true, language: 'nb', ...(body as object) });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  state.items = [
    item(),
    item({
      id: 2,
      ticker_id: 3,
      symbol: 'AAPL',
      long_name: 'Apple Inc.',
      country_id: 226,
      changes: [{ timeframe: 2, previous_signal: 'buy', signal: 'sell' }],
    }),
    item({
      id: 3,
      ticker_id: 2,
      symbol: 'DNB',
      long_name: 'DNB Bank ASA',
      session: '2026-11-19',
      read: true,
    }),
  ];
  state.failList = false;
  useNotificationStore.getState().reset();
  signIn();
});
afterEach(() => {
  server.resetHandlers();
  calls.length = 0;
});
afterAll(() => server.close());

describe.each(LANGS)('the bell (%s)', (lang) => {
  it('shows the unread count, tells the server the language, and refreshes when the tab becomes visible', async () => {
    const { t } = renderPage(<NotificationBell />, lang);
    const bell = await screen.findByRole('link', { name: t('alerts:bell.unread', { count: 2 }) });
    expect(bell).toHaveAttribute('href', '/notifications');
    expect(bell).toHaveTextContent('2');
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'PUT',
        path: '/notifications/settings',
        body: { language: lang },
      }),
    );

    state.items.push(item({ id: 4, symbol: 'MOWI' }));
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(
      await screen.findByRole('link', { name: t('alerts:bell.unread', { count: 3 }) }),
    ).toHaveTextContent('3');
  });

  it('shows no count when everything is read', async () => {
    state.items = state.items.map((i) => ({ ...i, read: true }));
    const { t } = renderPage(<NotificationBell />, lang);
    await waitFor(() => expect(calls.some((c) => c.path === '/notifications?unread=true')).toBe(true));
    const bell = screen.getByRole('link', { name: t('alerts:bell.label') });
    expect(bell).not.toHaveTextContent(/\d/);
  });
});

describe('the bell, signed out', () => {
  it('asks the server nothing', async () => {
    useAuthStore.setState({ status: 'signedOut', identity: null, user: null, userStatus: 'idle' });
    renderPage(<NotificationBell />, 'nb');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(calls).toEqual([]);
  });
});

describe.each(LANGS)('/notifications (%s)', (lang) => {
  it('lists the notifications with what changed and links to the analysis', async () => {
    const { t } = renderPage(<NotificationsView />, lang);
    const link = await screen.findByRole('link', {
      name: t('alerts:page.openAnalysis', { name: 'Equinor ASA' }),
    });
    expect(link).toHaveAttribute('href', '/market/analysis?tickerID=12&timeframe=2');
    const buy = t('alerts:signal.buy');
    const hold = t('alerts:signal.hold');
    // EQNR and DNB both went from hold to buy overall.
    expect(screen.getAllByText(t('alerts:change.overall', { previous: hold, signal: buy }))).toHaveLength(2);
    expect(
      screen.getByText(t('alerts:change.medium', { previous: buy, signal: t('alerts:signal.sell') })),
    ).toBeInTheDocument();
    expect(screen.getAllByText(t('alerts:page.unread'))).toHaveLength(2);
  });

  it('marks one as read, then all', async () => {
    const user = userEvent.setup();
    const { t } = renderPage(<NotificationsView />, lang);
    const eqnr = (
      await screen.findByRole('link', { name: t('alerts:page.openAnalysis', { name: 'Equinor ASA' }) })
    ).closest('li')!;
    await user.click(within(eqnr).getByRole('button', { name: t('alerts:page.markRead') }));
    await waitFor(() => expect(within(eqnr).queryByText(t('alerts:page.unread'))).not.toBeInTheDocument());
    expect(calls).toContainEqual({ method: 'POST', path: '/notifications/read', body: { ids: [1] } });
    expect(useNotificationStore.getState().unread).toBe(1);

    await user.click(screen.getByRole('button', { name: t('alerts:page.markAllRead') }));
    await waitFor(() => expect(screen.queryByText(t('alerts:page.unread'))).not.toBeInTheDocument());
    expect(calls).toContainEqual({ method: 'POST', path: '/notifications/read', body: { all: true } });
    expect(screen.getByRole('button', { name: t('alerts:page.markAllRead') })).toBeDisabled();
  });

  it('shows only the unread ones when asked, and says when there are none', async () => {
    const user = userEvent.setup();
    const { t } = renderPage(<NotificationsView />, lang);
    await screen.findByText('Equinor ASA (EQNR)');
    await user.click(screen.getByRole('switch', { name: t('alerts:page.unreadOnly') }));
    await waitFor(() => expect(screen.queryByText('DNB Bank ASA (DNB)')).not.toBeInTheDocument());
    expect(screen.getByText('Equinor ASA (EQNR)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t('alerts:page.markAllRead') }));
    expect(await screen.findByText(t('alerts:page.emptyUnread'))).toBeInTheDocument();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    state.failList = true;
    expectConsoleError(/^Fetching the notifications failed:/);
    const user = userEvent.setup();
    const { t } = renderPage(<NotificationsView />, lang);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(t('alerts:page.loadError'));
    expect(console.error).toHaveBeenCalledWith('Fetching the notifications failed:', expect.anything());
    state.failList = false;
    await user.click(within(alert).getByRole('button', { name: t('alerts:page.retry') }));
    expect(await screen.findByText('Equinor ASA (EQNR)')).toBeInTheDocument();
  });
});
