import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import TaxPanel from '@/components/portfolio/TaxPanel';
import { usePortfolioStore } from '@/stores/usePortfolioStore';
import { useAuthStore } from '@/stores/useAuthStore';
import { createPortfolioBackend, errorBody, taxReport, transaction } from './portfolioFixtures';
import { LANGS, plain, renderPage, signIn } from './helpers';
import { expectConsoleError } from '@/__tests__/helpers/consoleErrors';

jest.mock('@/services/authService', () => ({
  authService: { watch: jest.fn(() => () => {}), signOut: jest.fn() },
}));

const backend = createPortfolioBackend();
const { server, calls } = backend;
const taxCalls = () => calls.filter((c) => c.path.startsWith('/portfolio-tax/'));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  backend.state.tax = { 2024: taxReport({ event_years: [2024, 2023] }) };
  usePortfolioStore.getState().reset();
  useAuthStore.getState().reset();
  signIn();
  // The portfolio is selected; the panel fetches the tax view itself when it is first shown.
  usePortfolioStore.setState({ selectedId: 1, taxYear: 2024 });
});
afterEach(() => {
  server.resetHandlers();
  calls.length = 0;
  jest.restoreAllMocks();
});
afterAll(() => server.close());

describe.each(LANGS)('TaxPanel (%s)', (lang) => {
  it('shows the year’s sales with FIFO cost and a signed gain, the totals and the rules used', async () => {
    const { t } = renderPage(<TaxPanel />, lang);
    const table = await screen.findByRole('table', { name: t('portfolio:tax.caption', { year: 2024 }) });
    expect(taxCalls()).toEqual([
      expect.objectContaining({ path: '/portfolio-tax/1', query: { year: '2024' }, header: 'trendvakt' }),
    ]);
    const row = within(table).getAllByRole('row')[1];
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => plain(c.textContent));
    const nok = (n: string) => (lang === 'nb' ? `${n},00 kr` : `NOK ${n}.00`);
    expect(cells[1]).toContain('DNB');
    expect(cells.slice(2)).toEqual([
      '60',
      nok(lang === 'nb' ? '14 370' : '14,370'),
      nok(lang === 'nb' ? '12 030' : '12,030'),
      // The sign carries the meaning, and screen readers hear "gain".
      `+${nok(lang === 'nb' ? '2 340' : '2,340')} (${t('portfolio:gain.gain')})`,
    ]);
    const totals = screen.getByTestId('tax-totals');
    expect(plain(totals.textContent)).toContain(t('portfolio:tax.totals.dividends'));
    // gross, the fees on dividends and net (issue 13)
    expect(plain(totals.textContent)).toContain(t('portfolioIntegrity:tax.dividendFees'));
    expect(plain(totals.textContent)).toContain(t('portfolioIntegrity:tax.dividendsNet'));
    expect(plain(totals.textContent)).toContain(nok(lang === 'nb' ? '850' : '850'));
    expect(screen.getByText(t('portfolio:tax.explanation'))).toBeInTheDocument();
  });

  it('lets the server pick the latest year with events and lists only years with events (issue 24 item 9)', async () => {
    usePortfolioStore.setState({ taxYear: null });
    const { t } = renderPage(<TaxPanel />, lang);
    await screen.findByRole('table');
    // No year asked: the server answers its latest year with a sale or a dividend (2024 here).
    expect(taxCalls().map((c) => c.query.year)).toEqual([undefined]);
    const select = screen.getByRole('combobox', { name: t('portfolio:tax.year') });
    expect([...(select as HTMLSelectElement).options].map((o) => o.value)).toEqual(['2024', '2023']);
  });

  it('another year is fetched on choice; a year without sales says so', async () => {
    const user = userEvent.setup();
    const { t } = renderPage(<TaxPanel />, lang);
    await screen.findByRole('table');
    await user.selectOptions(screen.getByRole('combobox', { name: t('portfolio:tax.year') }), '2023');
    expect(await screen.findByText(t('portfolio:tax.noSales', { year: 2023 }))).toBeInTheDocument();
    expect(taxCalls().map((c) => c.query.year)).toEqual(['2024', '2023']);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('a failure shows a message with a retry that loads it', async () => {
    expectConsoleError(/^Fetching the tax view failed:$/);
    server.use(
      http.get('*/api/v1/portfolio-tax/:id', () => errorBody(500, 'INTERNAL'), {
        once: true,
      }),
    );
    const user = userEvent.setup();
    const { t } = renderPage(<TaxPanel />, lang);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(t('portfolio:tax.loadFailed'));
    await user.click(within(alert).getByRole('button', { name: t('portfolio:actions.retry') }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });
});

describe('tax view refresh', () => {
  it('is fetched again after a transaction change once it has been shown, and not before', async () => {
    await usePortfolioStore.getState().deleteTransaction(transaction());
    expect(taxCalls()).toHaveLength(0);
    renderPage(<TaxPanel />, 'nb');
    await screen.findByRole('table');
    // A store change while the panel is shown re-renders it: inside act.
    await act(() =>
      usePortfolioStore
        .getState()
        .deleteTransaction(transaction({ portfolio_transaction_id: 12, date: '2024-03-15', quantity: 50 })),
    );
    await waitFor(() => expect(taxCalls()).toHaveLength(2));
  });
});
