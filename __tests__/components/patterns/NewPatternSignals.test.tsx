import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import NewPatternSignals from '@/components/patterns/NewPatternSignals';
import { useMarketStore } from '@/stores/useMarketStore';
import { usePatternSignalsStore } from '@/stores/usePatternSignalsStore';
import type { MockRouter } from '../common/shellHelpers';
import { createMarketServer, errorBody, listItem } from '../market/marketFixtures';
import { marketRouter, renderMarket } from '../market/renderMarket';

let mockRouter: MockRouter;
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));

const { server, seen, record } = createMarketServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  useMarketStore.getState().reset();
  mockRouter = marketRouter('/signals', {}, 'nb');
});
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
  usePatternSignalsStore.getState().reset();
});
afterAll(() => server.close());

const completed = {
  kind: 'inverse_head_and_shoulders' as const,
  direction: 'buy' as const,
  status: 'completed' as const,
  breakout_date: '2026-11-20',
  target: 412,
  target_zone: [412, 430] as [number, number],
  invalidation: 355.5,
};

describe('NewPatternSignals', () => {
  it('asks for the patterns completed in the last session and lists each with target and invalidation', async () => {
    const today = listItem({ date: '2026-11-20', patterns: [completed] });
    // The server filters; a pattern of another session on the same share is not a row.
    const older = listItem({
      ticker_id: 2,
      symbol: 'DNB',
      date: '2026-11-20',
      patterns: [
        { ...completed, kind: 'double_top', direction: 'sell', breakout_date: '2026-11-19' },
        { ...completed, kind: 'rectangle', target_zone: [101, 101] },
      ],
    });
    server.use(
      http.get('*/api/v1/tickers/list', ({ request }) => {
        record(request);
        return HttpResponse.json({ items: [today, older], total: 2, page: 1, pageSize: 200 });
      }),
    );
    renderMarket(<NewPatternSignals />, 'nb');
    const table = await screen.findByRole('table');
    expect(seen.at(-1)?.params).toMatchObject({
      pattern_status: 'completed',
      pattern_new: 'true',
      countryID: '160',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['EQNR', 'Omvendt hode-og-skulder', 'Kjøp', '412–430', '355,5'],
      ['DNB', 'Rektangel', 'Kjøp', '101', '355,5'],
    ]);
  });

  it('says when there is none, and shows an error next to the list when the request fails', async () => {
    server.use(
      http.get('*/api/v1/tickers/list', () =>
        HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 200 }),
      ),
    );
    const view = renderMarket(<NewPatternSignals />, 'nb');
    expect(await screen.findByText('Ingen nye formasjonssignaler i siste handelsdag.')).toBeInTheDocument();
    view.unmount();
    usePatternSignalsStore.getState().reset();
    server.use(
      http.get('*/api/v1/tickers/list', () => HttpResponse.json(errorBody('INTERNAL'), { status: 500 })),
    );
    renderMarket(<NewPatternSignals />, 'nb');
    expect(await screen.findByRole('alert')).toHaveTextContent('Kunne ikke hente formasjonene.');
  });
});
