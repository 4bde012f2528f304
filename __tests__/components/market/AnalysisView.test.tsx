import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import AnalysisView, { parseAnalysisQuery } from '@/components/market/AnalysisView';
import { formatMoney, formatNumber } from '@/lib/format';
import type { TickerDetail } from '@/lib/types/market';
import { useMarketStore } from '@/stores/useMarketStore';
import { useTickerStore } from '@/stores/useTickerStore';
import type { MockRouter } from '../common/shellHelpers';
import { createMarketServer, deferred, errorBody, tickerDetail } from './marketFixtures';
import { marketRouter, renderMarket, type Lang } from './renderMarket';

let mockRouter: MockRouter;
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));
jest.mock('@/services/authService', () => ({
  authService: { watch: jest.fn(() => () => {}), signOut: jest.fn() },
}));
// jsdom has no canvas: the chart is a stub that shows what it was given.
jest.mock('@/components/charts', () => ({
  PRICE_CHART_HEIGHT: 460,
  INDEX_CHART_HEIGHT: 240,
  PriceChart: ({ detail }: { detail: TickerDetail }) => (
    <div data-testid="price-chart">
      {detail.bars.length} bars, timeframe {detail.analysis.timeframe}
    </div>
  ),
  IndexChart: () => <div data-testid="index-chart" />,
}));

// The watchlist feature has its own tests; here it is a marker of where it is mounted.
jest.mock('@/components/watchlist/WatchlistButton', () => ({
  __esModule: true,
  default: ({ tickerId, symbol }: { tickerId: number; symbol: string }) => (
    <button type="button" data-testid="watchlist-button">
      {symbol} {tickerId}
    </button>
  ),
}));

const { server, seen, record } = createMarketServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  useMarketStore.getState().reset();
});
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
  useTickerStore.getState().reset();
});
afterAll(() => server.close());

function answerPerTimeframe() {
  return http.get('*/api/v1/ticker/:id', ({ request, params }) => {
    record(request);
    const timeframe = Number(new URL(request.url).searchParams.get('timeframe')) as 1 | 2 | 3;
    const score = { 1: 0.31, 2: 0.62, 3: -0.12 }[timeframe];
    return HttpResponse.json(
      tickerDetail({
        ticker_id: Number(params.id),
        analysis: { timeframe, technical_score: score, signal: score >= 0.5 ? 'buy' : 'hold' },
      }),
    );
  });
}

describe('parseAnalysisQuery', () => {
  it.each([
    [
      { tickerID: '12', timeframe: '3' },
      { tickerId: 12, timeframe: 3 },
    ],
    [{ tickerID: '12' }, { tickerId: 12, timeframe: null }],
    [
      { tickerID: 'abc', timeframe: '9' },
      { tickerId: null, timeframe: null },
    ],
    [
      { tickerID: ['5', '6'], timeframe: '1' },
      { tickerId: 5, timeframe: 1 },
    ],
    [{ tickerID: '-3' }, { tickerId: null, timeframe: null }],
  ])('%j -> %j', (query, expected) => {
    expect(parseAnalysisQuery(query)).toEqual(expected);
  });
});

describe.each(['nb', 'en'] as Lang[])('AnalysisView (%s)', (locale) => {
  beforeEach(() => {
    mockRouter = marketRouter('/market/analysis', { tickerID: '1', timeframe: '2' }, locale);
  });

  it('loading: a skeleton with the chart box at its final height, then the analysis', async () => {
    const gate = deferred();
    server.use(
      http.get('*/api/v1/ticker/:id', async () => {
        await gate.promise;
        return HttpResponse.json(tickerDetail());
      }),
    );
    const { t } = renderMarket(<AnalysisView />, locale);
    const skeleton = screen.getByTestId('analysis-skeleton');
    expect(within(skeleton).getByRole('status')).toHaveTextContent(t('analysis:loading'));
    expect(within(skeleton).getByTestId('chart-placeholder')).toHaveStyle({ height: '460px' });
    gate.resolve();
    expect(await screen.findByRole('heading', { level: 1, name: 'Equinor ASA' })).toBeInTheDocument();
    expect(screen.queryByTestId('analysis-skeleton')).not.toBeInTheDocument();
  });

  it('shows the chart, the score with its four components, the key figures and every timeframe’s score', async () => {
    const { t } = renderMarket(<AnalysisView />, locale);
    await screen.findByRole('heading', { level: 1, name: 'Equinor ASA' });
    expect(seen).toEqual([{ path: '/ticker/1', params: { timeframe: '2' } }]);
    expect(screen.getByTestId('price-chart')).toHaveTextContent('40 bars, timeframe 2');
    expect(screen.getByTestId('technical-score')).toHaveTextContent(locale === 'nb' ? '+0,62' : '+0.62');
    expect(screen.getByTestId('last-close').textContent).toBe(formatMoney(118.5, 'NOK', locale));
    const card = screen.getByTestId('score-card');
    for (const key of ['trend', 'support_resistance', 'momentum', 'volume']) {
      expect(within(card).getByText(t(`analysis:components.${key}.name`))).toBeInTheDocument();
    }
    expect(
      within(screen.getByTestId('figure-rsi')).getByText(formatNumber(64.2, locale, 1)),
    ).toBeInTheDocument();
    // Issue 39: the figure says liquidity *risk* (EQNR's is low) and the daily turnover in NOK.
    const liquidity = screen.getByTestId('figure-liquidity');
    expect(liquidity).toHaveTextContent(locale === 'nb' ? 'Likviditetsrisiko' : 'Liquidity risk');
    expect(liquidity).toHaveTextContent(formatMoney(1_250_000_000, 'NOK', locale, 0).replace(/\s+/g, ' '));
    const overall = document.querySelector('[data-scores-timeframe="overall"]')!;
    expect(overall).toHaveTextContent(t('analysis:timeframes.overall'));
    expect(overall).toHaveTextContent(locale === 'nb' ? '+0,41' : '+0.41');
    // Real prices (demo: false) carry no demo label.
    expect(screen.queryByTestId('demo-badge')).not.toBeInTheDocument();
    expect(screen.getByTestId('watchlist-button')).toHaveTextContent('EQNR 1');
    const add = screen.getByRole('link', { name: t('analysis:header.addTransaction') });
    expect(add.getAttribute('href')).toMatch(/\/portfolio\?addTicker=1&symbol=EQNR&name=Equinor/);
  });

  it('labels generated prices as demo data in the header (issue 39 item 7)', async () => {
    server.use(http.get('*/api/v1/ticker/:id', () => HttpResponse.json(tickerDetail({ demo: true }))));
    renderMarket(<AnalysisView />, locale);
    const header = (await screen.findByRole('heading', { level: 1, name: 'Equinor ASA' })).closest('header')!;
    expect(within(header).getByTestId('demo-badge')).toHaveTextContent(
      locale === 'nb' ? 'Demodata' : 'Demo data',
    );
  });

  it('the timeframe switch changes the URL; the new URL loads that timeframe and its score', async () => {
    server.use(answerPerTimeframe());
    const user = userEvent.setup();
    const view = renderMarket(<AnalysisView />, locale);
    const { t } = view;
    await screen.findByRole('heading', { level: 1, name: 'Equinor ASA' });
    const group = screen.getByRole('group', { name: t('market:timeframe.label') });
    await user.click(within(group).getByRole('button', { name: new RegExp(t('market:timeframe.3.name')) }));
    expect(mockRouter.push).toHaveBeenCalledWith(
      { pathname: '/market/analysis', query: { tickerID: '1', timeframe: '3' } },
      undefined,
      { shallow: true, scroll: false },
    );
    mockRouter.query = { tickerID: '1', timeframe: '3' };
    view.rerender(<AnalysisView />);
    await waitFor(() =>
      expect(screen.getByTestId('technical-score')).toHaveTextContent(locale === 'nb' ? '−0,12' : '-0.12'),
    );
    expect(seen.map((s) => s.params.timeframe)).toEqual(['2', '3']);
    expect(screen.getByTestId('price-chart')).toHaveTextContent('timeframe 3');
    expect(useMarketStore.getState().timeframe).toBe(3);
  });

  it('error: an inline message with a retry that loads the analysis', async () => {
    server.use(
      http.get('*/api/v1/ticker/:id', () => HttpResponse.json(errorBody('INTERNAL'), { status: 500 }), {
        once: true,
      }),
    );
    const user = userEvent.setup();
    const { t } = renderMarket(<AnalysisView />, locale);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(t('market:errors.load', { what: t('market:errors.what.ticker') }));
    await user.click(within(alert).getByRole('button', { name: t('market:errors.retry') }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Equinor ASA' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('an unknown ticker (404) says it cannot be found', async () => {
    server.use(
      http.get('*/api/v1/ticker/:id', () => HttpResponse.json(errorBody('NOT_FOUND'), { status: 404 })),
    );
    const { t } = renderMarket(<AnalysisView />, locale);
    expect(await screen.findByRole('alert')).toHaveTextContent(t('market:errors.notFound'));
  });

  it('empty: without a ticker in the URL it asks to choose one, and sends nothing', async () => {
    mockRouter.query = {};
    const { t } = renderMarket(<AnalysisView />, locale);
    expect(screen.getByText(t('analysis:choose.title'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t('analysis:choose.action') })).toHaveAttribute(
      'href',
      '/market/tickers',
    );
    // The request would start in the mount effect: nothing was asked for.
    expect(useTickerStore.getState().requested).toBeNull();
    expect(seen).toEqual([]);
  });

  it('without a timeframe in the URL it uses the app’s timeframe', async () => {
    useMarketStore.getState().setTimeframe(1);
    mockRouter.query = { tickerID: '1' };
    renderMarket(<AnalysisView />, locale);
    await screen.findByRole('heading', { level: 1, name: 'Equinor ASA' });
    expect(seen[0].params.timeframe).toBe('1');
  });

  it('never shows the previous ticker while another one loads', async () => {
    const view = renderMarket(<AnalysisView />, locale);
    await screen.findByRole('heading', { level: 1, name: 'Equinor ASA' });
    const gate = deferred();
    server.use(
      http.get('*/api/v1/ticker/:id', async () => {
        await gate.promise;
        return HttpResponse.json(tickerDetail({ ticker_id: 2, long_name: 'Norsk Hydro ASA', symbol: 'NHY' }));
      }),
    );
    mockRouter.query = { tickerID: '2', timeframe: '2' };
    view.rerender(<AnalysisView />);
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Equinor ASA' })).not.toBeInTheDocument(),
    );
    expect(screen.getByTestId('analysis-skeleton')).toBeInTheDocument();
    gate.resolve();
    expect(await screen.findByRole('heading', { level: 1, name: 'Norsk Hydro ASA' })).toBeInTheDocument();
  });
});
