import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import HeaderSearch, { SEARCH_DEBOUNCE_MS } from '@/components/search/HeaderSearch';
import { useMarketStore } from '@/stores/useMarketStore';
import { useSearchStore } from '@/stores/useSearchStore';
import type { MockRouter } from '../common/shellHelpers';
import { createMarketServer, errorBody, suggestion } from '../market/marketFixtures';
import { marketRouter, renderMarket, type Lang } from '../market/renderMarket';
import { expectConsoleError } from '@/__tests__/helpers/consoleErrors';

let mockRouter: MockRouter;
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));
jest.mock('@/services/authService', () => ({
  authService: { watch: jest.fn(() => () => {}), signOut: jest.fn() },
}));

const { server, seen, record } = createMarketServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  useMarketStore.getState().reset();
  server.use(
    http.get('*/api/v1/tickers/autocomplete', ({ request }) => {
      record(request);
      const search = new URL(request.url).searchParams.get('search')!.toLowerCase();
      const all = [
        suggestion({ ticker_id: 1, long_name: 'Equinor ASA', symbol: 'EQNR', img: '/logos/eqnr.png' }),
        suggestion({ ticker_id: 2, long_name: 'Aker BP ASA', symbol: 'AKRBP' }),
        suggestion({ ticker_id: 3, long_name: 'Aker ASA', symbol: 'AKER' }),
      ];
      return HttpResponse.json(all.filter((s) => s.long_name.toLowerCase().includes(search)));
    }),
  );
});
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
  useSearchStore.getState().reset();
  jest.useRealTimers();
  jest.restoreAllMocks();
});
afterAll(() => server.close());

describe.each(['nb', 'en'] as Lang[])('HeaderSearch (%s)', (locale) => {
  beforeEach(() => {
    mockRouter = marketRouter('/home', {}, locale);
  });

  function box(t: (k: string) => string) {
    return screen.getByRole('combobox', { name: t('search:label') });
  }

  it('searches the selected market once the typing pauses (debounced), not per key', async () => {
    const user = userEvent.setup();
    const { t } = renderMarket(<HeaderSearch />, locale);
    await user.type(box(t), 'Equinor');
    const option = await screen.findByRole('option', { name: /Equinor ASA/ });
    expect(seen.filter((s) => s.path === '/tickers/autocomplete')).toEqual([
      { path: '/tickers/autocomplete', params: { search: 'Equinor', countryID: '160', allMarkets: 'true' } },
    ]);
    // Logo when the company has one, monogram otherwise.
    expect(option.querySelector('img')).toHaveAttribute('src', '/logos/eqnr.png');
    expect(box(t)).toHaveAttribute('aria-expanded', 'true');
  });

  it('waits ~250 ms after the last key before searching', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { t } = renderMarket(<HeaderSearch />, locale);
    await user.type(box(t), 'ak');
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50));
    expect(seen).toHaveLength(0);
    act(() => jest.advanceTimersByTime(60));
    jest.useRealTimers();
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(SEARCH_DEBOUNCE_MS).toBe(250);
  });

  it('sends nothing for blank text, and an emptied box clears the suggestions', async () => {
    const user = userEvent.setup();
    const { t } = renderMarket(<HeaderSearch />, locale);
    await user.type(box(t), '   ');
    await new Promise((r) => setTimeout(r, SEARCH_DEBOUNCE_MS + 100));
    expect(seen).toHaveLength(0);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await user.type(box(t), 'aker');
    expect(await screen.findAllByRole('option')).toHaveLength(2);
    await user.clear(box(t));
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(useSearchStore.getState().suggestions.data).toBeNull();
    await new Promise((r) => setTimeout(r, SEARCH_DEBOUNCE_MS + 100));
    expect(seen).toHaveLength(1);
  });

  it('searches the other market after a market switch', async () => {
    act(() => useMarketStore.getState().setMarket(226));
    const user = userEvent.setup();
    const { t } = renderMarket(<HeaderSearch />, locale);
    await user.type(box(t), 'aker');
    await screen.findAllByRole('option');
    expect(seen[0].params.countryID).toBe('226');
  });

  it('arrow keys move through the suggestions, Enter opens the highlighted one in the current timeframe', async () => {
    act(() => useMarketStore.getState().setTimeframe(3));
    const user = userEvent.setup();
    const { t } = renderMarket(<HeaderSearch />, locale);
    await user.type(box(t), 'aker');
    const options = await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(box(t)).toHaveAttribute('aria-activedescendant', options[0].id);
    await user.keyboard('{ArrowDown}');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(mockRouter.push).toHaveBeenCalledWith('/market/analysis?tickerID=3&timeframe=3');
    expect(box(t)).toHaveValue('');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('a click on a suggestion opens its analysis page', async () => {
    const user = userEvent.setup();
    const { t } = renderMarket(<HeaderSearch />, locale);
    await user.type(box(t), 'Equinor');
    await user.click(await screen.findByRole('option', { name: /Equinor ASA/ }));
    expect(mockRouter.push).toHaveBeenCalledWith('/market/analysis?tickerID=1&timeframe=2');
  });

  it('marks a delisted share in its suggestion, still openable', async () => {
    server.use(
      http.get('*/api/v1/tickers/autocomplete', () =>
        HttpResponse.json([
          suggestion({ ticker_id: 7, long_name: 'Mowi ASA', symbol: 'MOWI', delisted_on: '2026-10-14' }),
          suggestion({ ticker_id: 8, long_name: 'Mowi Farming ASA', symbol: 'MOWIF' }),
        ]),
      ),
    );
    const user = userEvent.setup();
    const { t } = renderMarket(<HeaderSearch />, locale);
    await user.type(box(t), 'mowi');
    const delisted = await screen.findByRole('option', { name: /Mowi ASA/ });
    // By hand: 14 October 2026 in the medium date style of each language.
    const mark = locale === 'en' ? 'Delisted Oct 14, 2026' : 'Avnotert 14. okt. 2026';
    expect(within(delisted).getByText(mark)).toBeInTheDocument();
    const listed = screen.getByRole('option', { name: /Mowi Farming ASA/ });
    expect(within(listed).queryByText(/Delisted|Avnotert/)).not.toBeInTheDocument();
    await user.click(delisted);
    expect(mockRouter.push).toHaveBeenCalledWith('/market/analysis?tickerID=7&timeframe=2');
  });

  it('Escape closes the list; a second Escape empties the box', async () => {
    const user = userEvent.setup();
    const { t } = renderMarket(<HeaderSearch />, locale);
    await user.type(box(t), 'aker');
    await screen.findAllByRole('option');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box(t)).toHaveValue('aker');
    await user.keyboard('{Escape}');
    expect(box(t)).toHaveValue('');
  });

  it('shows the translated "No Result Found" when nothing matches, in a list at most 24rem high', async () => {
    const user = userEvent.setup();
    const { t } = renderMarket(<HeaderSearch />, locale);
    await user.type(box(t), 'zzzz');
    expect(await screen.findByText(t('search:noResult'))).toBeInTheDocument();
    expect(screen.getByTestId('search-dropdown')).toHaveStyle({ maxHeight: '24rem' });
    if (locale === 'en') expect(screen.getByText('No Result Found')).toBeInTheDocument();
  });

  it('a failed search says so with a retry', async () => {
    expectConsoleError(/^Autocomplete failed:$/);
    server.use(
      http.get('*/api/v1/tickers/autocomplete', () => HttpResponse.json(errorBody('X'), { status: 500 }), {
        once: true,
      }),
    );
    const user = userEvent.setup();
    const { t } = renderMarket(<HeaderSearch />, locale);
    await user.type(box(t), 'aker');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(t('search:failed'));
    await user.click(within(alert).getByRole('button', { name: t('search:retry') }));
    expect(await screen.findAllByRole('option')).toHaveLength(2);
  });
});
