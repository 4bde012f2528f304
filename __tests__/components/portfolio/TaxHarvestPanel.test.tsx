import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import TaxHarvestPanel from '@/components/portfolio/tax/TaxHarvestPanel';
import type { LossHarvestDto } from '@/lib/types/personTax';
import { LANGS, plain, renderPage, signIn } from './helpers';

jest.mock('@/services/authService', () => ({
  authService: { watch: jest.fn(() => () => {}), signOut: jest.fn() },
}));

// Two holdings below their cost on 2025-11-28 (factor 1.72, 22 %: 37.84 % of a loss):
// NHY 100 shares, cost 10 000, value 9 000: loss −1 000; tax saved 1 000 × 1.72 × 0.22 = 378.40;
//   carried shielding 390 (10 000 × 0.039, 2024) lapses.
// EQNR 20 shares, cost 6 000, value 5 700: loss −300; tax saved 300 × 0.3784 = 113.52; none lapses.
// Totals: loss −1 300; tax saved 378.40 + 113.52 = 491.92; shielding lost 390.
const answer: LossHarvestDto = {
  items: [
    {
      ticker_id: 2,
      symbol: 'NHY',
      quantity: 100,
      value: 9000,
      cost: 10000,
      loss: -1000,
      tax_saved: 378.4,
      shielding_lapsing: 390,
    },
    {
      ticker_id: 1,
      symbol: 'EQNR',
      quantity: 20,
      value: 5700,
      cost: 6000,
      loss: -300,
      tax_saved: 113.52,
      shielding_lapsing: 0,
    },
  ],
  rates_year: 2025,
};

const server = setupServer();
const asked: string[] = [];
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => signIn());
afterEach(() => {
  server.resetHandlers();
  asked.length = 0;
});
afterAll(() => server.close());

describe.each(LANGS)('TaxHarvestPanel (%s)', (lang) => {
  it('lists the holdings a sale today would realise at a loss, the tax saved and the shielding lost', async () => {
    server.use(
      http.get('*/api/v1/tax/harvest', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('date') ?? '');
        return HttpResponse.json(answer);
      }),
    );
    const { t } = renderPage(<TaxHarvestPanel date="2025-11-28" />, lang);
    const table = await screen.findByTestId('tax-harvest-table');
    expect(asked).toEqual(['2025-11-28']);
    const rows = within(table).getAllByRole('row');
    // Header, two holdings, the total.
    expect(rows).toHaveLength(4);
    expect(plain(rows[1].textContent)).toContain('NHY');
    expect(plain(rows[1].textContent)).toContain(lang === 'nb' ? '378,40' : '378.40');
    expect(plain(rows[1].textContent)).toContain(lang === 'nb' ? '390,00' : '390.00');
    expect(plain(rows[2].textContent)).toContain('EQNR');
    expect(plain(rows[2].textContent)).toContain(lang === 'nb' ? '113,52' : '113.52');
    expect(plain(screen.getByTestId('tax-harvest-total-saved').textContent)).toContain(
      lang === 'nb' ? '491,92' : '491.92',
    );
    expect(plain(rows[3].textContent)).toContain(lang === 'nb' ? '1 300,00' : '1,300.00');
    expect(plain(rows[3].textContent)).toContain(t('taxHarvest:total', { count: 2 }));
    // The estimate used the date's own year: no note about another year's rates.
    expect(screen.queryByText(t('taxHarvest:ratesNote', { year: 2025 }))).not.toBeInTheDocument();
  });

  it('says which year’s rates it used when the date’s year has none yet', async () => {
    server.use(http.get('*/api/v1/tax/harvest', () => HttpResponse.json({ ...answer, rates_year: 2025 })));
    const { t } = renderPage(<TaxHarvestPanel date="2026-11-28" />, lang);
    expect(await screen.findByText(t('taxHarvest:ratesNote', { year: 2025 }))).toBeInTheDocument();
  });

  it('says so when nothing would be sold at a loss', async () => {
    server.use(http.get('*/api/v1/tax/harvest', () => HttpResponse.json({ items: [], rates_year: 2025 })));
    const { t } = renderPage(<TaxHarvestPanel date="2025-11-28" />, lang);
    expect(await screen.findByText(t('taxHarvest:empty'))).toBeInTheDocument();
    expect(screen.queryByTestId('tax-harvest-table')).not.toBeInTheDocument();
  });

  it('shows the loading state, then an error with a retry that fetches again', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    let calls = 0;
    server.use(
      http.get('*/api/v1/tax/harvest', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ error: { code: 'INTERNAL', message: 'boom' } }, { status: 500 })
          : HttpResponse.json(answer);
      }),
    );
    const { t } = renderPage(<TaxHarvestPanel date="2025-11-28" />, lang);
    expect(screen.getByText(t('taxHarvest:loading'))).toBeInTheDocument();
    expect(await screen.findByText(t('taxHarvest:loadFailed'))).toBeInTheDocument();
    expect(spy).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: t('taxHarvest:retry') }));
    expect(await screen.findByTestId('tax-harvest-table')).toBeInTheDocument();
    expect(calls).toBe(2);
    spy.mockRestore();
  });
});
