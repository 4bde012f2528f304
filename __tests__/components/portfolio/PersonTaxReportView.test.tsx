import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import PersonTaxReportView from '@/components/portfolio/PersonTaxReportView';
import { usePortfolioStore } from '@/stores/usePortfolioStore';
import { useAuthStore } from '@/stores/useAuthStore';
import { createPortfolioBackend, errorBody, personTaxReport, portfolio } from './portfolioFixtures';
import { LANGS, plain, renderPage, signIn } from './helpers';
import { expectConsoleError } from '@/__tests__/helpers/consoleErrors';

jest.mock('@/services/authService', () => ({
  authService: { watch: jest.fn(() => () => {}), signOut: jest.fn() },
}));

const backend = createPortfolioBackend();
const { server, calls } = backend;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  const report = personTaxReport();
  report.ask = [
    {
      portfolio_id: 3,
      deposits: 40000,
      value_end: 60000,
      shielding_base: 43900,
      shielding_year: 1580.4,
      shielding_carried: 5480.4,
      withdrawn_above_deposits: 0,
      shielding_used: 0,
      closed: false,
      loss_on_closing: 0,
      taxable: 0,
      estimated_tax: 0,
      wealth_value_end: 60000,
      dividends: [],
    },
  ];
  backend.state.personTax = { 2024: report };
  backend.state.portfolios = [
    portfolio(),
    portfolio({ portfolio_id: 2, portfolio_name: 'Sparing' }),
    portfolio({ portfolio_id: 3, portfolio_name: 'Min ASK', account_type: 'ask' }),
  ];
  usePortfolioStore.getState().reset();
  useAuthStore.getState().reset();
  signIn();
});
afterEach(() => {
  server.resetHandlers();
  calls.length = 0;
  jest.restoreAllMocks();
});
afterAll(() => server.close());

describe.each(LANGS)('PersonTaxReportView (%s)', (lang) => {
  it('lists every sale, every dividend and the ASK by its portfolio name', async () => {
    const { t } = renderPage(<PersonTaxReportView year={2024} onYearChange={() => {}} />, lang);
    const sales = await screen.findByRole('table', { name: t('personTax:sales.title') });
    // Both portfolios' sales: the person-level report, each noting FIFO took other portfolios' shares.
    expect(within(sales).getAllByRole('row')).toHaveLength(3);
    expect(within(sales).getAllByText(t('personTax:sales.otherPortfolio'))).toHaveLength(2);
    const dividends = screen.getByRole('table', { name: t('personTax:dividends.title') });
    const total = within(dividends).getAllByRole('row').at(-1)!;
    // 850 + 25.20 = 875.20 gross; net 850 + 20.92 = 870.92.
    expect(plain(total.textContent)).toContain(lang === 'nb' ? '875,20 kr' : 'NOK 875.20');
    expect(plain(total.textContent)).toContain(lang === 'nb' ? '870,92 kr' : 'NOK 870.92');
    // The ASK row is named once the portfolios are loaded.
    const ask = screen.getByRole('table', { name: t('personTax:ask.title') });
    expect(await within(ask).findByText('Min ASK')).toBeInTheDocument();
  });

  it('says so when the download fails', async () => {
    expectConsoleError(/^Downloading the tax report failed:$/);
    server.use(http.get('*/api/v1/tax/:year/export.csv', () => errorBody(500, 'INTERNAL')));
    const user = userEvent.setup();
    const { t } = renderPage(<PersonTaxReportView year={2024} onYearChange={() => {}} />, lang);
    await screen.findByTestId('person-tax-report');
    await user.click(screen.getByRole('button', { name: t('personTax:download') }));
    expect(await screen.findByText(t('personTax:downloadFailed'))).toBeInTheDocument();
  });
});
