import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import Screener from '@/components/market/Screener';
import { formatNumber, formatPercent } from '@/lib/format';
import { useMarketStore } from '@/stores/useMarketStore';
import { useScreenerStore } from '@/stores/useScreenerStore';
import type { MockRouter } from '../common/shellHelpers';
import { createMarketServer, deferred, errorBody, listItem } from './marketFixtures';
import { marketRouter, renderMarket, type Lang } from './renderMarket';

let mockRouter: MockRouter;
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));
jest.mock('@/services/authService', () => ({
  authService: { watch: jest.fn(() => () => {}), signOut: jest.fn() },
}));

const { server, seen, record } = createMarketServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  mockRouter = marketRouter('/market/tickers');
  useMarketStore.getState().reset();
});
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
  useScreenerStore.getState().reset();
});
afterAll(() => server.close());

const lastList = () => seen.filter((s) => s.path === '/tickers/list').at(-1)!.params;
const pushedQuery = () =>
  (mockRouter.push.mock.calls.at(-1) as unknown as [{ query: Record<string, string> }])[0].query;

function listAnswer(items = [listItem()], total = items.length) {
  return http.get('*/api/v1/tickers/list', ({ request }) => {
    record(request);
    const page = Number(new URL(request.url).searchParams.get('page'));
    return HttpResponse.json({ items, total, page, pageSize: 50 });
  });
}

describe('Screener: the URL is the state (shareable, back button works)', () => {
  it('asks for what the URL says', async () => {
    mockRouter.query = {
      signal: 'buy',
      volbalMin: '10',
      rsiMax: '70',
      liquidity: '2',
      sort: 'rsi',
      order: 'asc',
      page: '2',
    };
    renderMarket(<Screener />);
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(lastList()).toEqual({
      countryID: '160',
      timeframe: '2',
      page: '2',
      pageSize: '50',
      sort: 'rsi',
      order: 'asc',
      technical_score_gte: '0.5',
      volbal_22_gte: '0.1',
      rsi_lte: '70',
      liquidity_risk_lte: '2',
    });
    expect(screen.getByRole('button', { name: 'Kjøp' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('spinbutton', { name: 'Volumbalanse (%), fra' })).toHaveValue(10);
    expect(screen.getByRole('columnheader', { name: /RSI/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it.each([
    ['buy', 'Kjøp', { technical_score_gte: '0.5' }],
    ['hold', 'Hold', { technical_score_gte: '-0.5', technical_score_lte: '0.5' }],
    ['sell', 'Selg', { technical_score_lte: '-0.5' }],
  ] as const)(
    'the signal %s goes into the URL, and from the URL into the query',
    async (signal, label, params) => {
      const user = userEvent.setup();
      const view = renderMarket(<Screener />);
      await screen.findByRole('link', { name: 'Equinor ASA' });
      await user.click(screen.getByRole('button', { name: label }));
      expect(mockRouter.push).toHaveBeenCalledWith(
        { pathname: '/market/tickers', query: { signal } },
        undefined,
        { shallow: true, scroll: false },
      );
      // The router answers with the new URL.
      mockRouter.query = pushedQuery();
      view.rerender(<Screener />);
      await waitFor(() => expect(lastList()).toMatchObject(params));
      const keys = Object.keys(lastList()).filter((k) => k.startsWith('technical_score'));
      expect(keys.sort()).toEqual(Object.keys(params).sort());
    },
  );

  it('volume balance is entered in % and sent divided by 100', async () => {
    const user = userEvent.setup();
    const view = renderMarket(<Screener />, 'en');
    await screen.findByRole('link', { name: 'Equinor ASA' });
    await user.type(screen.getByRole('spinbutton', { name: 'Volume balance (%), from' }), '-25');
    await user.type(screen.getByRole('spinbutton', { name: 'Volume balance (%), to' }), '60');
    await user.type(screen.getByRole('spinbutton', { name: 'RSI, from' }), '30');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Volatility risk' }), 'At most Medium');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(pushedQuery()).toEqual({ volbalMin: '-25', volbalMax: '60', rsiMin: '30', volatility: '2' });
    mockRouter.query = pushedQuery();
    view.rerender(<Screener />);
    await waitFor(() =>
      expect(lastList()).toMatchObject({
        volbal_22_gte: '-0.25',
        volbal_22_lte: '0.6',
        rsi_gte: '30',
        volatility_risk_lte: '2',
      }),
    );
  });

  it.each([
    ['nb', 'Segment', 'Euronext Growth Oslo', 'Bruk filtrene'],
    ['en', 'Segment', 'Euronext Growth Oslo', 'Apply filters'],
  ] as const)(
    'Oslo: the segment filter goes into the URL and the query (%s)',
    async (lang, label, option, apply) => {
      const user = userEvent.setup();
      const view = renderMarket(<Screener />, lang as Lang);
      await screen.findByRole('link', { name: 'Equinor ASA' });
      await user.selectOptions(screen.getByRole('combobox', { name: label }), option);
      await user.click(screen.getByRole('button', { name: apply }));
      expect(pushedQuery()).toEqual({ segment: 'growth' });
      mockRouter.query = pushedQuery();
      view.rerender(<Screener />);
      await waitFor(() => expect(lastList()).toMatchObject({ countryID: '160', segment: 'growth' }));
    },
  );

  it.each([
    ['nb', 'Formasjon', 'Omvendt hode-og-skulder', 'Fullført (brudd)', 'Bruk filtrene'],
    ['en', 'Pattern', 'Inverse head and shoulders', 'Completed (breakout)', 'Apply filters'],
  ] as const)(
    'the chart-pattern filter (kind and status) goes into the URL and the query (%s)',
    async (lang, label, kind, status, apply) => {
      const user = userEvent.setup();
      const view = renderMarket(<Screener />, lang as Lang);
      await screen.findByRole('link', { name: 'Equinor ASA' });
      await user.selectOptions(screen.getByRole('combobox', { name: label }), kind);
      await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), status);
      await user.click(screen.getByRole('button', { name: apply }));
      expect(pushedQuery()).toEqual({ pattern: 'inverse_head_and_shoulders', patternStatus: 'completed' });
      mockRouter.query = pushedQuery();
      view.rerender(<Screener />);
      await waitFor(() =>
        expect(lastList()).toMatchObject({
          pattern: 'inverse_head_and_shoulders',
          pattern_status: 'completed',
        }),
      );
    },
  );

  it('the US market has no segment filter and a carried-over segment is not sent', async () => {
    useMarketStore.getState().setMarket(226);
    mockRouter.query = { segment: 'growth' };
    renderMarket(<Screener />, 'en');
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(lastList()).not.toHaveProperty('segment');
    expect(screen.queryByRole('combobox', { name: 'Segment' })).toBeNull();
  });

  it('refuses a range whose start is above its end, and says why', async () => {
    const user = userEvent.setup();
    renderMarket(<Screener />);
    await screen.findByRole('link', { name: 'Equinor ASA' });
    const from = screen.getByRole('spinbutton', { name: 'RSI, fra' });
    await user.type(from, '80');
    await user.type(screen.getByRole('spinbutton', { name: 'RSI, til' }), '20');
    await user.click(screen.getByRole('button', { name: 'Bruk filtrene' }));
    expect(mockRouter.push).not.toHaveBeenCalled();
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('«Fra» må være lavere enn «til».')).toBeInTheDocument();
  });

  it('refuses values outside a filter’s bounds', async () => {
    const user = userEvent.setup();
    renderMarket(<Screener />);
    await screen.findByRole('link', { name: 'Equinor ASA' });
    await user.type(screen.getByRole('spinbutton', { name: 'Teknisk score, fra' }), '2');
    await user.click(screen.getByRole('button', { name: 'Bruk filtrene' }));
    expect(mockRouter.push).not.toHaveBeenCalled();
    expect(screen.getByText('Skriv tall fra -1 til 1.')).toBeInTheDocument();
  });

  it('sorts by a column (first click descending for numbers, then the other way)', async () => {
    const user = userEvent.setup();
    const view = renderMarket(<Screener />);
    await screen.findByRole('link', { name: 'Equinor ASA' });
    await user.click(screen.getByRole('button', { name: 'Sorter etter RSI' }));
    expect(pushedQuery()).toEqual({ sort: 'rsi', order: 'desc' });
    mockRouter.query = pushedQuery();
    view.rerender(<Screener />);
    await user.click(screen.getByRole('button', { name: 'Sorter etter RSI' }));
    expect(pushedQuery()).toEqual({ sort: 'rsi', order: 'asc' });
    await user.click(screen.getByRole('button', { name: 'Sorter etter Aksje' }));
    expect(pushedQuery()).toEqual({ sort: 'long_name', order: 'asc' });
  });

  it('a filter change goes back to page 1; the reset clears filters, sort and page', async () => {
    const user = userEvent.setup();
    mockRouter.query = { signal: 'sell', sort: 'rsi', order: 'asc', page: '3' };
    renderMarket(<Screener />);
    await screen.findByRole('link', { name: 'Equinor ASA' });
    await user.click(screen.getByRole('button', { name: 'Kjøp' }));
    expect(pushedQuery()).toEqual({ signal: 'buy', sort: 'rsi', order: 'asc' });
    await user.click(screen.getByRole('button', { name: 'Nullstill' }));
    expect(pushedQuery()).toEqual({});
  });

  it('pages through the result', async () => {
    server.use(listAnswer([listItem()], 120));
    const user = userEvent.setup();
    renderMarket(<Screener />);
    expect(await screen.findByText('Viser 1–50 av 120')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Side 2' }));
    expect(pushedQuery()).toEqual({ page: '2' });
    expect(screen.getByRole('button', { name: 'Side 1' })).toHaveAttribute('aria-current', 'page');
  });
});

describe.each(['nb', 'en'] as Lang[])('Screener table (%s)', (locale) => {
  beforeEach(() => {
    mockRouter.locale = locale;
  });

  it('shows name, price in the ticker’s currency, change, score, signal, RSI, volume balance and risks in words', async () => {
    server.use(
      listAnswer([
        listItem(),
        listItem({
          ticker_id: 2,
          symbol: 'AAPL',
          long_name: 'Apple Inc.',
          country_id: 226,
          currency: 'USD',
          close: 1234.5,
          change_pct: -2.5,
          technical_score: -0.55,
          signal: 'sell',
          liquidity_risk: 4,
          volatility_risk: 3,
        }),
      ]),
    );
    const { t } = renderMarket(<Screener />, locale);
    const row = (await screen.findByRole('link', { name: 'Apple Inc.' })).closest('tr')!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    const money = new Intl.NumberFormat(locale === 'nb' ? 'nb-NO' : 'en-US', {
      style: 'currency',
      currency: 'USD',
    }).format(1234.5);
    expect(cells[1]).toBe(money);
    expect(cells[2]).toContain(formatPercent(-0.025, locale, { signed: true }));
    expect(cells[3]).toContain(formatNumber(-0.55, locale));
    expect(cells[4]).toContain(t('market:signal.sell'));
    expect(cells[8]).toContain(t('market:risk.4'));
    expect(cells[9]).toContain(t('market:risk.3'));
    const eqnr = screen.getByRole('link', { name: 'Equinor ASA' }).closest('tr')!;
    const nok = new Intl.NumberFormat(locale === 'nb' ? 'nb-NO' : 'en-US', {
      style: 'currency',
      currency: 'NOK',
    }).format(287.4);
    const eqnrCells = within(eqnr)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(eqnrCells[1]).toBe(nok);
    // Early warning (the fixture: no buy level, sell below 271.05 NOK): "▲ –" and "▼ 271,05 kr".
    expect(eqnrCells[5]).toBe(
      `▲ ${t('market:earlyWarning.buyShort')} –▼ ${t('market:earlyWarning.sellShort')} ${new Intl.NumberFormat(
        locale === 'nb' ? 'nb-NO' : 'en-US',
        { style: 'currency', currency: 'NOK' },
      ).format(271.05)}`,
    );
    expect(eqnrCells[6]).toBe(formatNumber(64.2, locale, 1));
    expect(eqnrCells[7]).toBe(formatPercent(0.183, locale, { decimals: 0, signed: true }));
    // Logo or monogram: no logo here, so the monogram.
    expect(within(eqnr).getByTestId('monogram')).toHaveTextContent('EQ');
  });

  it('a row opens the analysis page in the current timeframe', async () => {
    useMarketStore.getState().setTimeframe(3);
    const user = userEvent.setup();
    renderMarket(<Screener />, locale);
    const link = await screen.findByRole('link', { name: 'Equinor ASA' });
    expect(link).toHaveAttribute('href', '/market/analysis?tickerID=1&timeframe=3');
    await user.click(within(link.closest('tr')!).getAllByRole('cell')[3]);
    expect(mockRouter.push).toHaveBeenCalledWith('/market/analysis?tickerID=1&timeframe=3');
  });

  it('shows placeholder rows while the first page loads, then the rows', async () => {
    const gate = deferred();
    server.use(
      http.get('*/api/v1/tickers/list', async () => {
        await gate.promise;
        return HttpResponse.json({ items: [listItem()], total: 1, page: 1, pageSize: 50 });
      }),
    );
    renderMarket(<Screener />, locale);
    expect(await screen.findAllByTestId('skeleton-row')).toHaveLength(10);
    gate.resolve();
    expect(await screen.findByRole('link', { name: 'Equinor ASA' })).toBeInTheDocument();
    expect(screen.queryByTestId('skeleton-row')).not.toBeInTheDocument();
  });

  it('says so when the filters match nothing, with a reset', async () => {
    server.use(listAnswer([], 0));
    mockRouter.query = { signal: 'buy' };
    const user = userEvent.setup();
    const { t } = renderMarket(<Screener />, locale);
    expect(await screen.findByText(t('market:table.emptyFiltered'))).toBeInTheDocument();
    const resets = screen.getAllByRole('button', { name: t('market:filters.reset') });
    await user.click(resets[resets.length - 1]);
    expect(pushedQuery()).toEqual({});
  });

  it('says so when the market has no stocks', async () => {
    server.use(listAnswer([], 0));
    const { t } = renderMarket(<Screener />, locale);
    expect(await screen.findByText(t('market:table.empty'))).toBeInTheDocument();
  });

  it('a failure shows an inline message with a retry that loads again', async () => {
    server.use(
      http.get('*/api/v1/tickers/list', () => HttpResponse.json(errorBody('INTERNAL'), { status: 500 }), {
        once: true,
      }),
    );
    const user = userEvent.setup();
    const { t } = renderMarket(<Screener />, locale);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(t('market:errors.load', { what: t('market:errors.what.tickers') }));
    await user.click(within(alert).getByRole('button', { name: t('market:errors.retry') }));
    expect(await screen.findByRole('link', { name: 'Equinor ASA' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('without a subscription (403) says so and links to the products page', async () => {
    server.use(
      http.get('*/api/v1/tickers/list', () => HttpResponse.json(errorBody('FORBIDDEN'), { status: 403 })),
    );
    const { t } = renderMarket(<Screener />, locale);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(t('market:errors.forbidden'));
    expect(within(alert).getByRole('link', { name: t('market:errors.seeProducts') })).toHaveAttribute(
      'href',
      '/products',
    );
  });

  it('the timeframe switch changes the timeframe of the request', async () => {
    const user = userEvent.setup();
    const { t } = renderMarket(<Screener />, locale);
    await screen.findByRole('link', { name: 'Equinor ASA' });
    await user.click(screen.getByRole('button', { name: new RegExp(t('market:timeframe.1.name')) }));
    await waitFor(() => expect(lastList().timeframe).toBe('1'));
    expect(useMarketStore.getState().timeframe).toBe(1);
  });
});
