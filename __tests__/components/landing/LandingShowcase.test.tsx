// The landing page's showcase (issue 25): a live, signed-out mini analysis of EQNR and the day's
// three strongest signals linking to their public pages, with loading, empty and error states.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LandingMiniAnalysis, LandingSignalsAndPrice } from '@/components/landing/LandingShowcase';
import { MARKET_OSLO, MARKET_US } from '@/lib/constants';
import type { PlansResponse } from '@/lib/types/billing';
import type { PublicSignalItem, PublicTopSignals } from '@/lib/types/publicStocks';
import { billingService } from '@/services/billingService';
import { idleResource } from '@/stores/asyncResource';
import { useBillingStore } from '@/stores/useBillingStore';
import { expectConsoleError } from '@/__tests__/helpers/consoleErrors';
import { createMockRouter, renderWithShell, type MockRouter } from '../common/shellHelpers';

let mockRouter: MockRouter;
import { EQNR_PAGE } from './publicStockFixture';

jest.mock('next/router', () => ({ useRouter: () => mockRouter }));
jest.mock('@/services/billingService', () => ({
  billingService: { publicStock: jest.fn(), publicTopSignals: jest.fn(), plans: jest.fn() },
}));
const service = jest.mocked(billingService);

const EQNR = EQNR_PAGE;

const item = (symbol: string, long_name: string, technical_score: number): PublicSignalItem => ({
  symbol,
  long_name,
  currency: 'NOK',
  close: 100,
  date: '2025-12-30',
  technical_score,
  signal: technical_score > 0 ? 'buy' : 'sell',
});

const SIGNALS: PublicTopSignals = {
  as_of: '2025-12-30',
  demo: true,
  markets: [
    {
      country_id: MARKET_OSLO,
      name: 'Oslo',
      buy: [item('MOWI', 'Mowi ASA', 0.5), item('DNB', 'DNB Bank ASA', 0.8)],
      sell: [item('NHY', 'Norsk Hydro ASA', -0.9)],
    },
    { country_id: MARKET_US, name: 'US', buy: [item('AAPL', 'Apple Inc', 0.8)], sell: [] },
  ],
};

const PLANS: PlansResponse = {
  provider: 'demo',
  currency: 'NOK',
  vat_included: true,
  plans: [
    { id: 'monthly', interval: 'month', amount: 149, monthly_amount: 149 },
    { id: 'yearly', interval: 'year', amount: 1490, monthly_amount: 124.17 },
  ],
  yearly_saving: 298,
  yearly_saving_pct: 17,
};

beforeEach(() => {
  mockRouter = createMockRouter();
  // reset() keeps the public data (it is the same for every user): start each test from nothing.
  useBillingStore.setState({ plans: idleResource(), publicSignals: idleResource() });
  service.publicStock.mockReset();
  service.publicTopSignals.mockReset();
  service.plans.mockReset();
});

describe('LandingMiniAnalysis', () => {
  it.each(['nb', 'en'] as const)('loads EQNR and links to its public page (%s)', async (locale) => {
    mockRouter.locale = locale;
    service.publicStock.mockResolvedValue(EQNR);
    const { t } = renderWithShell(<LandingMiniAnalysis />, locale);
    expect(screen.getByRole('status')).toBeInTheDocument();
    const link = await screen.findByRole('link', {
      name: t('pages:showcase.livePage', { name: 'Equinor ASA' }),
    });
    expect(link).toHaveAttribute('href', '/public/stocks/EQNR');
    expect(service.publicStock).toHaveBeenCalledWith('EQNR');
    expect(screen.getByTestId('mini-price-chart')).toBeInTheDocument();
    // Issue 39: one sentence says which of the two scores the signal follows.
    expect(screen.getByTestId('public-scores-explained')).toHaveTextContent(
      locale === 'nb' ? 'Signalet følger den tekniske scoren' : 'The signal follows the technical score',
    );
  });

  it('says so when the analysis cannot be loaded, and tries again from the keyboard', async () => {
    expectConsoleError(/Fetching the landing analysis failed/);
    service.publicStock.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(EQNR);
    renderWithShell(<LandingMiniAnalysis />, 'en');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load the analysis.');
    const retry = within(alert).getByRole('button', { name: 'Try again' });
    retry.focus();
    await userEvent.setup().keyboard('{Enter}');
    expect(await screen.findByRole('link', { name: 'See the page for Equinor ASA' })).toBeInTheDocument();
    expect(service.publicStock).toHaveBeenCalledTimes(2);
  });
});

describe('LandingSignalsAndPrice', () => {
  it('lists the three strongest signals linking to their public pages, and the price', async () => {
    mockRouter.locale = 'en';
    service.publicTopSignals.mockResolvedValue(SIGNALS);
    service.plans.mockResolvedValue(PLANS);
    renderWithShell(<LandingSignalsAndPrice />, 'en');
    const list = await screen.findByTestId('strongest-signals');
    // |score|: NHY 0.9, AAPL 0.8 and DNB 0.8 (a tie, AAPL first by symbol); MOWI 0.5 is fourth.
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/public/stocks/NHY',
      '/public/stocks/AAPL',
      '/public/stocks/DNB',
    ]);
    expect(links[0]).toHaveTextContent('Norsk Hydro ASA');
    expect(screen.getByText('Demo data: the prices are generated, not real.')).toBeInTheDocument();
    expect(await screen.findByTestId('landing-price')).toHaveTextContent('/ month');
  });

  it('says there are no signals on a day without any', async () => {
    service.publicTopSignals.mockResolvedValue({ as_of: null, demo: false, markets: [] });
    service.plans.mockResolvedValue(PLANS);
    const { t } = renderWithShell(<LandingSignalsAndPrice />, 'nb');
    expect(await screen.findByText(t('pages:showcase.strongestEmpty'))).toBeInTheDocument();
    expect(screen.queryByTestId('strongest-signals')).not.toBeInTheDocument();
  });

  it('says so when the signals cannot be loaded, and tries again', async () => {
    expectConsoleError(/Fetching the public signals failed/);
    service.publicTopSignals.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(SIGNALS);
    service.plans.mockResolvedValue(PLANS);
    const { t } = renderWithShell(<LandingSignalsAndPrice />, 'nb');
    expect(await screen.findByText(t('pages:showcase.strongestError'))).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: t('pages:showcase.retry') }));
    expect(await screen.findByTestId('strongest-signals')).toBeInTheDocument();
  });
});
