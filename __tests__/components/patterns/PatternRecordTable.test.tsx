import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import PatternRecordTable from '@/components/patterns/PatternRecordTable';
import { PATTERN_KINDS } from '@/lib/patterns';
import { useMarketStore } from '@/stores/useMarketStore';
import { usePatternSignalsStore } from '@/stores/usePatternSignalsStore';
import type { MockRouter } from '../common/shellHelpers';
import { createMarketServer } from '../market/marketFixtures';
import { marketRouter, renderMarket } from '../market/renderMarket';

let mockRouter: MockRouter;
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));

const { server, seen, record } = createMarketServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  useMarketStore.getState().reset();
  mockRouter = marketRouter('/signals', {}, 'en');
});
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
  usePatternSignalsStore.getState().reset();
});
afterAll(() => server.close());

it('shows a row per pattern kind with count, share reaching the target and median excess returns, labelled demo', async () => {
  server.use(
    http.get('*/api/v1/signals/pattern-record', ({ request }) => {
      record(request);
      return HttpResponse.json({
        country_id: 160,
        timeframe: 2,
        through: '2026-11-20',
        tickers: 70,
        demo: true,
        rows: PATTERN_KINDS.map((kind) =>
          kind === 'rectangle'
            ? {
                kind,
                count: 12,
                reached_target_share: 0.5,
                median_excess_22: 0.012,
                median_excess_66: -0.034,
              }
            : { kind, count: 0, reached_target_share: null, median_excess_22: null, median_excess_66: null },
        ),
      });
    }),
  );
  renderMarket(<PatternRecordTable />, 'en');
  const table = await screen.findByRole('table');
  expect(seen.at(-1)?.params).toMatchObject({ countryID: '160', timeframe: '2' });
  expect(screen.getByTestId('demo-badge')).toBeInTheDocument();
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows).toHaveLength(8);
  const rect = rows.find((r) => r.textContent?.startsWith('Rectangle'))!;
  expect(
    within(rect)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual(['12', '50%', '+1.2%', '-3.4%']);
  const top = rows.find((r) => r.textContent?.startsWith('Double top'))!;
  expect(within(top).getAllByRole('cell')[0]).toHaveTextContent('0');
});
