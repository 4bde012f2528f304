import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import SignalsView, { isNewSignal } from '@/components/signals/SignalsView';
import { useMarketStore } from '@/stores/useMarketStore';
import { useScreenerStore } from '@/stores/useScreenerStore';
import type { MockRouter } from '../common/shellHelpers';
import { createMarketServer, deferred, errorBody, listItem } from '../market/marketFixtures';
import { marketRouter, renderMarket, type Lang } from '../market/renderMarket';

let mockRouter: MockRouter;
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));
jest.mock('@/services/authService', () => ({
  authService: { watch: jest.fn(() => () => {}), signOut: jest.fn() },
}));

const { server, seen, record } = createMarketServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => useMarketStore.getState().reset());
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
  useScreenerStore.getState().reset();
});
afterAll(() => server.close());

const buyNew = listItem({
  ticker_id: 1,
  long_name: 'Equinor ASA',
  signal: 'buy',
  previous_signal: 'hold',
  technical_score: 0.8,
});
const buyOld = listItem({
  ticker_id: 2,
  long_name: 'Aker BP ASA',
  symbol: 'AKRBP',
  signal: 'buy',
  previous_signal: 'buy',
  technical_score: 0.6,
});
const sellNew = listItem({
  ticker_id: 3,
  long_name: 'Norsk Hydro ASA',
  symbol: 'NHY',
  signal: 'sell',
  previous_signal: 'buy',
  technical_score: -0.7,
});

function bySide() {
  return http.get('*/api/v1/tickers/list', ({ request }) => {
    record(request);
    const buy = new URL(request.url).searchParams.has('technical_score_gte');
    const items = buy ? [buyNew, buyOld] : [sellNew];
    return HttpResponse.json({ items, total: items.length, page: 1, pageSize: 200 });
  });
}

describe('isNewSignal', () => {
  it.each([
    ['hold', 'buy', true],
    ['buy', 'buy', false],
    [null, 'buy', false],
  ] as const)('previous %s, now %s -> %s', (previous, signal, expected) => {
    expect(isNewSignal(listItem({ previous_signal: previous, signal }))).toBe(expected);
  });
});

describe.each(['nb', 'en'] as Lang[])('SignalsView (%s)', (locale) => {
  beforeEach(() => {
    mockRouter = marketRouter('/signals', {}, locale);
  });

  it('asks for buy (score ≥ 0.5) and sell (score ≤ −0.5) candidates of the market and timeframe', async () => {
    server.use(bySide());
    renderMarket(<SignalsView />, locale);
    await screen.findByRole('link', { name: /Norsk Hydro/ });
    const buy = seen.find((s) => s.params.technical_score_gte)!.params;
    const sell = seen.find((s) => s.params.technical_score_lte)!.params;
    expect(buy).toMatchObject({
      countryID: '160',
      timeframe: '2',
      technical_score_gte: '0.5',
      order: 'desc',
    });
    expect(sell).toMatchObject({
      countryID: '160',
      timeframe: '2',
      technical_score_lte: '-0.5',
      order: 'asc',
    });
  });

  it('lists each side and marks the signals that are new since the previous session', async () => {
    server.use(bySide());
    const { t } = renderMarket(<SignalsView />, locale);
    const buy = await screen.findByTestId('signals-buy');
    expect(within(buy).getByRole('heading', { name: t('signals:buy.title') })).toBeInTheDocument();
    const equinor = within(buy).getByRole('link', { name: /Equinor ASA/ });
    expect(within(equinor).getByText(t('signals:new'))).toBeInTheDocument();
    expect(equinor).toHaveAttribute('href', '/market/analysis?tickerID=1&timeframe=2');
    expect(
      within(within(buy).getByRole('link', { name: /Aker BP/ })).queryByText(t('signals:new')),
    ).not.toBeInTheDocument();
    const sell = screen.getByTestId('signals-sell');
    expect(within(sell).getByRole('link', { name: /Norsk Hydro/ })).toHaveTextContent(t('signals:new'));
    expect(within(buy).getByText(t('signals:newCount', { count: 1 }))).toBeInTheDocument();
  });

  it('"only new signals" hides the others, and says so when none are new', async () => {
    server.use(bySide());
    const user = userEvent.setup();
    const { t } = renderMarket(<SignalsView />, locale);
    await screen.findByRole('link', { name: /Aker BP/ });
    await user.click(screen.getByRole('switch', { name: t('signals:onlyNew') }));
    expect(screen.queryByRole('link', { name: /Aker BP/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Equinor/ })).toBeInTheDocument();
  });

  it('says so when a side is empty', async () => {
    server.use(
      http.get('*/api/v1/tickers/list', () =>
        HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 200 }),
      ),
    );
    const { t } = renderMarket(<SignalsView />, locale);
    expect(await screen.findByText(t('signals:buy.empty'))).toBeInTheDocument();
    expect(screen.getByText(t('signals:sell.empty'))).toBeInTheDocument();
  });

  it('shows placeholders while loading, and an inline error with a retry on failure', async () => {
    const gate = deferred();
    server.use(
      http.get('*/api/v1/tickers/list', async () => {
        await gate.promise;
        return HttpResponse.json(errorBody('X'), { status: 500 });
      }),
    );
    const user = userEvent.setup();
    const { t } = renderMarket(<SignalsView />, locale);
    expect(screen.getAllByTestId('signals-skeleton')).toHaveLength(2);
    gate.resolve();
    const alert = await screen.findByRole('alert');
    server.resetHandlers();
    server.use(bySide());
    await user.click(within(alert).getByRole('button', { name: t('market:errors.retry') }));
    expect(await screen.findByRole('link', { name: /Equinor/ })).toBeInTheDocument();
  });

  it('follows the timeframe switch', async () => {
    server.use(bySide());
    const user = userEvent.setup();
    const { t } = renderMarket(<SignalsView />, locale);
    await screen.findByRole('link', { name: /Equinor/ });
    await user.click(screen.getByRole('button', { name: new RegExp(t('market:timeframe.3.name')) }));
    await waitFor(() => expect(seen.filter((s) => s.params.timeframe === '3')).toHaveLength(2));
    act(() => useMarketStore.getState().setMarket(226));
    await waitFor(() => expect(seen.filter((s) => s.params.countryID === '226')).toHaveLength(2));
  });
});
