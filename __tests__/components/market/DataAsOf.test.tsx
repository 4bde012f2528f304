import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import DataAsOf from '@/components/market/DataAsOf';
import type { MarketStatusMap } from '@/lib/types/operations';
import { useMarketStore } from '@/stores/useMarketStore';
import { useOperationsStore } from '@/stores/useOperationsStore';
import { renderMarket, type Lang } from './renderMarket';

jest.mock('@/services/authService', () => ({
  authService: { watch: jest.fn(() => () => {}), signOut: jest.fn() },
}));

let status: MarketStatusMap;
const server = setupServer(http.get('*/api/v1/markets/status', () => HttpResponse.json(status)));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  useOperationsStore.getState().reset();
  useMarketStore.getState().reset();
});
afterAll(() => server.close());

const current = {
  last_session: '2026-11-23',
  refreshed_at: '2026-11-23T15:52:00Z',
  status: 'current',
  sessions_behind: 0,
  holidays_through: '2027-12-31',
  holidays_running_out: false,
} as const;

describe.each(['nb', 'en'] as Lang[])('DataAsOf (%s)', (locale) => {
  // "23. nov. 2026" / "Nov 23, 2026" (lib/format's medium date).
  const date = locale === 'nb' ? '23. nov. 2026' : 'Nov 23, 2026';

  it('says which session the selected market’s data is from, without a notice when current', async () => {
    status = { '160': current, '226': { ...current, last_session: '2026-11-20' } };
    const { t } = renderMarket(<DataAsOf />, locale);
    expect(await screen.findByTestId('data-as-of')).toHaveTextContent(t('operations:dataAsOf', { date }));
    expect(screen.queryByTestId('stale-notice')).not.toBeInTheDocument();
  });

  it('shows the notice with the number of missing sessions when the market is stale', async () => {
    status = {
      '160': current,
      '226': { ...current, last_session: '2026-11-20', status: 'stale', sessions_behind: 2 },
    };
    useMarketStore.getState().setMarket(226);
    const { t } = renderMarket(<DataAsOf />, locale);
    const notice = await screen.findByTestId('stale-notice');
    const usDate = locale === 'nb' ? '20. nov. 2026' : 'Nov 20, 2026';
    expect(notice).toHaveTextContent(t('operations:stale.body', { date: usDate, count: 2 }));
    expect(notice).toHaveAttribute('role', 'status');
    expect(screen.getByTestId('data-as-of')).toHaveTextContent(t('operations:dataAsOf', { date: usDate }));
  });

  it('staleOnly: nothing at all while the data is current', async () => {
    status = { '160': current, '226': current };
    const { container } = renderMarket(<DataAsOf staleOnly />, locale);
    await waitFor(() => expect(useOperationsStore.getState().marketStatus.status).toBe('success'));
    expect(container).toBeEmptyDOMElement();
  });
});
