import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import UniversePanel from '@/components/admin/UniversePanel';
import type { MarketUniverseDto } from '@/lib/types/operations';
import { renderMarket } from '../market/renderMarket';

jest.mock('@/services/authService', () => ({
  authService: { watch: jest.fn(() => () => {}), signOut: jest.fn() },
}));

const bodies: unknown[] = [];
let answer: { status: number; body: unknown };
const server = setupServer(
  http.post('*/api/v1/admin/market-universe', async ({ request }) => {
    bodies.push(await request.json());
    return HttpResponse.json(answer.body as MarketUniverseDto, { status: answer.status });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  bodies.length = 0;
});
afterAll(() => server.close());

describe('UniversePanel', () => {
  it('syncs the chosen market’s universe and says what changed (en)', async () => {
    answer = {
      status: 200,
      body: {
        action: 'sync',
        market_id: 226,
        listed: 101,
        added: [{ symbol: 'ARM', isin: 'US0420682058' }],
        renamed: [{ from: 'FB', to: 'META' }],
        delisted: ['SGEN'],
        relisted: [],
      },
    };
    const user = userEvent.setup();
    renderMarket(<UniversePanel />, 'en');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Market' }), '226');
    await user.click(screen.getByRole('button', { name: 'Sync the universe' }));
    const status = await screen.findByRole('status');
    expect(bodies).toEqual([{ action: 'sync', market_id: 226 }]);
    expect(status).toHaveTextContent('101 listed shares; 1 added, 1 renamed, 1 delisted, 0 listed again.');
    expect(status).toHaveTextContent('Added: ARM');
    expect(status).toHaveTextContent('Renamed: FB → META');
    expect(status).toHaveTextContent('Delisted: SGEN');
  });

  it('sends an index-members file and shows the API’s refusal beside nothing changed (nb)', async () => {
    answer = {
      status: 400,
      body: {
        error: {
          code: 'UNKNOWN_MEMBERS',
          message: '1 member(s) are not listed on the exchange: ZZZZ',
          details: { unknown: ['ZZZZ'] },
        },
      },
    };
    const user = userEvent.setup();
    renderMarket(<UniversePanel />, 'nb');
    const apply = screen.getByRole('button', { name: 'Bruk filen som indeksmedlemmer' });
    expect(apply).toBeDisabled();
    const file = new File(['EQNR\nZZZZ\n'], 'osebx.txt', { type: 'text/plain' });
    await user.upload(screen.getByLabelText('Fil med indeksmedlemmer'), file);
    await user.click(apply);
    const alert = await screen.findByRole('alert');
    expect(bodies).toEqual([
      { action: 'index_members', market_id: 160, source: 'file', content: 'EQNR\nZZZZ\n' },
    ]);
    expect(alert).toHaveTextContent('Ingenting ble endret: 1 member(s) are not listed on the exchange: ZZZZ');
  });

  it('stores the Oslo segments from Euronext’s list (en)', async () => {
    answer = {
      status: 200,
      body: {
        action: 'segments',
        matched: 3,
        unmatched: 1,
        by_segment: { oslo_bors: 1, expand: 1, growth: 1 },
      },
    };
    const user = userEvent.setup();
    renderMarket(<UniversePanel />, 'en');
    const csv = 'ISIN;Market\nNO0010096985;Oslo Børs\n';
    await user.upload(
      screen.getByLabelText('Euronext equities list (Oslo segments)'),
      new File([csv], 'euronext.csv', { type: 'text/csv' }),
    );
    await user.click(screen.getByRole('button', { name: 'Store the segments' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Segments stored for 3 shares (1 not in the file): Oslo Børs 1, Expand 1, Growth 1.',
    );
    expect(bodies).toEqual([{ action: 'segments', content: csv }]);
  });
});
