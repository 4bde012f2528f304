import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import Dashboard from '@/components/market/Dashboard';
import { formatNumber } from '@/lib/format';
import { useDashboardStore } from '@/stores/useDashboardStore';
import { useMarketStore } from '@/stores/useMarketStore';
import type { MockRouter } from '../common/shellHelpers';
import { createMarketServer, dashboard, deferred, errorBody } from './marketFixtures';
import { marketRouter, renderMarket, type Lang } from './renderMarket';

let mockRouter: MockRouter;
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));
jest.mock('@/services/authService', () => ({
  authService: { watch: jest.fn(() => () => {}), signOut: jest.fn() },
}));
jest.mock('@/components/charts', () => ({
  PRICE_CHART_HEIGHT: 460,
  INDEX_CHART_HEIGHT: 240,
  PriceChart: () => <div data-testid="price-chart" />,
  IndexChart: ({ bars, name }: { bars: unknown[]; name: string }) => (
    <div data-testid="index-chart">
      {name}: {bars.length} bars
    </div>
  ),
}));

const { server, seen } = createMarketServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => useMarketStore.getState().reset());
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
  useDashboardStore.getState().reset();
});
afterAll(() => server.close());

describe.each(['nb', 'en'] as Lang[])('Dashboard (%s)', (locale) => {
  beforeEach(() => {
    mockRouter = marketRouter('/home', {}, locale);
  });

  it('shows the main index with its chart, the signal counts, the movers, the as-of date and the demo badge', async () => {
    const { t } = renderMarket(<Dashboard />, locale);
    const card = await screen.findByTestId('index-card');
    expect(seen[0]).toEqual({
      path: '/tickers/homeDashboard/160',
      params: { ticker_symbol: 'OSEBX.INDX', timeframe: '2' },
    });
    expect(card.textContent).toContain(formatNumber(1432.55, locale));
    expect(within(card).getByTestId('index-chart')).toHaveTextContent('Oslo Børs Benchmark Index: 60 bars');
    expect(within(card).getByTestId('demo-badge')).toHaveTextContent(t('market:demo.badge'));
    expect(
      within(card).getByText(new RegExp(t('market:dashboard.asOf', { date: '' }).trim())),
    ).toBeInTheDocument();
    const buy = document.querySelector('[data-signal-count="buy"]')!;
    expect(buy).toHaveTextContent('12');
    expect(buy).toHaveAttribute('href', '/market/tickers?signal=buy');
    expect(document.querySelector('[data-signal-count="sell"]')).toHaveTextContent('8');
    for (const [title, name] of [
      ['topBuy', 'Equinor ASA'],
      ['topSell', 'Norsk Hydro ASA'],
      ['gainers', 'Mowi ASA'],
      ['losers', 'Telenor ASA'],
      ['mostActive', 'DNB Bank ASA'],
    ]) {
      const section = screen.getByRole('region', { name: t(`market:dashboard.${title}`) });
      expect(within(section).getByRole('link', { name: new RegExp(name) })).toHaveAttribute(
        'href',
        expect.stringMatching(/^\/market\/analysis\?tickerID=\d+&timeframe=2$/),
      );
    }
  });

  it('has no demo badge with real data, and says so when a list is empty', async () => {
    server.use(
      http.get('*/api/v1/tickers/homeDashboard/:id', () =>
        HttpResponse.json(dashboard({ demo: false, top_buy: [] })),
      ),
    );
    const { t } = renderMarket(<Dashboard />, locale);
    await screen.findByTestId('index-card');
    expect(screen.queryByTestId('demo-badge')).not.toBeInTheDocument();
    expect(screen.getByText(t('market:dashboard.noBuy'))).toBeInTheDocument();
  });

  it('shows a skeleton with the chart box while loading', async () => {
    const gate = deferred();
    server.use(
      http.get('*/api/v1/tickers/homeDashboard/:id', async () => {
        await gate.promise;
        return HttpResponse.json(dashboard());
      }),
    );
    renderMarket(<Dashboard />, locale);
    expect(screen.getByTestId('dashboard-skeleton')).toBeInTheDocument();
    expect(screen.getByTestId('chart-placeholder')).toHaveStyle({ height: '240px' });
    gate.resolve();
    expect(await screen.findByTestId('index-card')).toBeInTheDocument();
  });

  it('a failure shows an inline message with a retry', async () => {
    server.use(
      http.get(
        '*/api/v1/tickers/homeDashboard/:id',
        () => HttpResponse.json(errorBody('X'), { status: 500 }),
        { once: true },
      ),
    );
    const user = userEvent.setup();
    const { t } = renderMarket(<Dashboard />, locale);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(t('market:errors.load', { what: t('market:errors.what.dashboard') }));
    await user.click(within(alert).getByRole('button', { name: t('market:errors.retry') }));
    expect(await screen.findByTestId('index-card')).toBeInTheDocument();
  });

  it('a user without a subscription is told so, with a link to the products', async () => {
    server.use(
      http.get('*/api/v1/tickers/homeDashboard/:id', () =>
        HttpResponse.json(errorBody('FORBIDDEN'), { status: 403 }),
      ),
    );
    const { t } = renderMarket(<Dashboard />, locale);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(t('market:errors.forbidden'));
    expect(within(alert).getByRole('link')).toHaveAttribute('href', '/products');
  });

  it('follows the market switch', async () => {
    renderMarket(<Dashboard />, locale);
    await screen.findByTestId('index-card');
    act(() => useMarketStore.getState().setMarket(226));
    await screen.findByTestId('index-card');
    expect(seen.at(-1)).toEqual({
      path: '/tickers/homeDashboard/226',
      params: { ticker_symbol: 'NDX.INDX', timeframe: '2' },
    });
  });
});
