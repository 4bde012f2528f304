import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import FirstStepsCard from '@/components/onboarding/FirstStepsCard';
import type { FirstStepsDto } from '@/lib/types/firstSteps';
import { useAuthStore } from '@/stores/useAuthStore';
import { useFirstStepsStore } from '@/stores/useFirstStepsStore';
import { renderMarket, type Lang } from '../market/renderMarket';

jest.mock('@/services/authService', () => ({
  authService: { watch: jest.fn(() => () => {}), signOut: jest.fn() },
}));

let answer: FirstStepsDto = { has_portfolio: false, has_transactions: false, has_watchlist: false };
const server = setupServer(http.get('*/api/v1/user/first-steps', () => HttpResponse.json(answer)));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  localStorage.clear();
  useFirstStepsStore.getState().reset();
  useAuthStore.setState({
    status: 'signedIn',
    identity: {
      uid: 'uid-kari',
      email: 'kari@trendvakt.test',
      phoneNumber: null,
      displayName: null,
      emailVerified: true,
    },
  });
});

const TEXT = {
  nb: {
    title: 'Kom i gang',
    import: 'Importer historikken din fra Nordnet',
    portfolio: 'Opprett en portefølje',
    watchlist: 'Legg en aksje i overvåkingslisten',
    three: '3 steg igjen.',
    one: 'Ett steg igjen.',
    hide: 'Skjul «Kom i gang»',
  },
  en: {
    title: 'Get started',
    import: 'Import your history from Nordnet',
    portfolio: 'Create a portfolio',
    watchlist: 'Add a share to your watchlist',
    three: '3 steps to go.',
    one: 'One step to go.',
    hide: 'Hide “Get started”',
  },
};

describe.each(['nb', 'en'] as Lang[])('FirstStepsCard (%s)', (locale) => {
  const text = TEXT[locale];

  it('lists the three steps as links, the Nordnet import first, where each is done', async () => {
    answer = { has_portfolio: false, has_transactions: false, has_watchlist: false };
    renderMarket(<FirstStepsCard />, locale);
    const card = await screen.findByRole('region', { name: text.title });
    expect(within(card).getByText(text.three)).toBeInTheDocument();
    const links = within(card).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      [text.import, '/portfolio?import=nordnet'],
      [text.portfolio, '/portfolio'],
      [text.watchlist, '/market/tickers'],
    ]);
  });

  it('ticks the steps taken (no link) and counts what is left', async () => {
    answer = { has_portfolio: true, has_transactions: true, has_watchlist: false };
    renderMarket(<FirstStepsCard />, locale);
    const card = await screen.findByRole('region', { name: text.title });
    expect(within(card).getByText(text.one)).toBeInTheDocument();
    expect(
      within(card)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([text.watchlist]);
    expect(within(card).getByText(text.import)).toHaveClass('text-decoration-line-through');
  });

  it('is gone once every step is done', async () => {
    answer = { has_portfolio: true, has_transactions: true, has_watchlist: true };
    renderMarket(<FirstStepsCard />, locale);
    await waitFor(() => expect(useFirstStepsStore.getState().status).toBe('ready'));
    expect(screen.queryByRole('region', { name: text.title })).not.toBeInTheDocument();
  });

  it('can be put away, and stays away for this user in this browser', async () => {
    answer = { has_portfolio: false, has_transactions: false, has_watchlist: false };
    const first = renderMarket(<FirstStepsCard />, locale);
    await screen.findByRole('region', { name: text.title });
    await userEvent.click(screen.getByRole('button', { name: text.hide }));
    expect(screen.queryByRole('region', { name: text.title })).not.toBeInTheDocument();
    first.unmount();
    renderMarket(<FirstStepsCard />, locale);
    // The steps are known (the store is ready), so only the stored choice keeps the card away.
    await waitFor(() => expect(useFirstStepsStore.getState().status).toBe('ready'));
    expect(screen.queryByRole('region', { name: text.title })).not.toBeInTheDocument();
  });
});
