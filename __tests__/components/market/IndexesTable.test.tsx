import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import IndexesTable, { sortItems } from '@/components/market/IndexesTable';
import { formatNumber } from '@/lib/format';
import { useMarketStore } from '@/stores/useMarketStore';
import { useScreenerStore } from '@/stores/useScreenerStore';
import type { MockRouter } from '../common/shellHelpers';
import { createMarketServer, listItem } from './marketFixtures';
import { marketRouter, renderMarket } from './renderMarket';

let mockRouter: MockRouter;
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));
jest.mock('@/services/authService', () => ({
  authService: { watch: jest.fn(() => () => {}), signOut: jest.fn() },
}));

const { server, seen } = createMarketServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  mockRouter = marketRouter('/market/indexes');
  useMarketStore.getState().reset();
});
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
  useScreenerStore.getState().reset();
});
afterAll(() => server.close());

const a = listItem({ ticker_id: 1, long_name: 'B index', rsi: 40 });
const b = listItem({ ticker_id: 2, long_name: 'A index', rsi: 70 });

describe('IndexesTable', () => {
  it('sorts a short list in the browser', () => {
    expect(sortItems([a, b], 'long_name', 'asc').map((i) => i.ticker_id)).toEqual([2, 1]);
    expect(sortItems([a, b], 'rsi', 'desc').map((i) => i.ticker_id)).toEqual([2, 1]);
    expect(sortItems([a, b], 'rsi', 'asc').map((i) => i.ticker_id)).toEqual([1, 2]);
  });

  it('lists the market’s indexes with the screener’s columns, sortable, rows open the analysis', async () => {
    server.use(http.get('*/api/v1/indexes/list', () => HttpResponse.json({ items: [a, b] })));
    const user = userEvent.setup();
    renderMarket(<IndexesTable />);
    const rows = async () =>
      (await screen.findAllByRole('link', { name: /index/ })).map((l) => l.textContent);
    expect(await rows()).toEqual(['A index', 'B index']);
    await user.click(screen.getByRole('button', { name: 'Sorter etter RSI' }));
    expect(await rows()).toEqual(['A index', 'B index']);
    await user.click(screen.getByRole('button', { name: 'Sorter etter RSI' }));
    expect(await rows()).toEqual(['B index', 'A index']);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent?.replace(/[▲▼⇅]/g, ''))).toEqual([
      'Indeks',
      'Siste',
      'Endring',
      'Score',
      'Signal',
      'Signal endres over / under',
      'RSI',
      'Volumbalanse',
      'Likviditetsrisiko',
      'Volatilitet',
    ]);
    // An index is quoted in points, not in a currency.
    const cells = within(screen.getByRole('link', { name: 'A index' }).closest('tr')!).getAllByRole('cell');
    expect(cells[1].textContent).toBe(formatNumber(287.4, 'nb'));
    await user.click(cells[2]);
    expect(mockRouter.push).toHaveBeenCalledWith('/market/analysis?tickerID=2&timeframe=2');
  });

  it('says so when the market has no indexes', async () => {
    server.use(http.get('*/api/v1/indexes/list', () => HttpResponse.json({ items: [] })));
    renderMarket(<IndexesTable />);
    expect(await screen.findByText('Ingen indekser')).toBeInTheDocument();
  });

  it('asks again for the other market', async () => {
    renderMarket(<IndexesTable />);
    await screen.findByRole('link', { name: 'Oslo Børs Benchmark Index' });
    act(() => useMarketStore.getState().setMarket(226));
    await screen.findByRole('link', { name: 'Oslo Børs Benchmark Index' });
    expect(seen.map((s) => s.params.countryID)).toEqual(['160', '226']);
  });
});
