import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import TaxPanel from '@/components/portfolio/TaxPanel';
import { usePortfolioStore } from '@/stores/usePortfolioStore';
import { useAuthStore } from '@/stores/useAuthStore';
import {
  createPortfolioBackend,
  emptyPersonTax,
  errorBody,
  personTaxReport,
  portfolio,
  taxReport,
  transaction,
} from './portfolioFixtures';
import { LANGS, plain, renderPage, signIn, type Lang } from './helpers';
import { expectConsoleError } from '@/__tests__/helpers/consoleErrors';

jest.mock('@/services/authService', () => ({
  authService: { watch: jest.fn(() => () => {}), signOut: jest.fn() },
}));

const backend = createPortfolioBackend();
const { server, calls } = backend;
const taxCalls = () => calls.filter((c) => c.path.startsWith('/portfolio-tax/'));
const personCalls = () => calls.filter((c) => c.path.startsWith('/tax/'));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  backend.state.tax = { 2024: taxReport({ event_years: [2024, 2023] }) };
  backend.state.personTax = { 2024: personTaxReport() };
  usePortfolioStore.getState().reset();
  useAuthStore.getState().reset();
  signIn();
  // The portfolio is selected; the panel fetches the tax view itself when it is first shown.
  usePortfolioStore.setState({
    selectedId: 1,
    taxYear: 2024,
    portfolios: [portfolio(), portfolio({ portfolio_id: 2, portfolio_name: 'Sparing' })],
  });
});
afterEach(() => {
  server.resetHandlers();
  calls.length = 0;
  jest.restoreAllMocks();
});
afterAll(() => server.close());

/** An amount as the locale writes NOK: `n` is written with the locale's grouping already. */
const nokIn = (lang: Lang) => (nb: string, en: string) => (lang === 'nb' ? `${nb} kr` : `NOK ${en}`);
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => plain(c.textContent));

describe.each(LANGS)('TaxPanel (%s)', (lang) => {
  const nok = nokIn(lang);

  it('shows this portfolio’s sales with the person-level FIFO cost, gain and shielding, and names the other portfolio', async () => {
    const { t } = renderPage(<TaxPanel />, lang);
    const table = await screen.findByRole('table', { name: t('personTax:panel.salesTitle', { year: 2024 }) });
    expect(taxCalls()).toEqual([
      expect.objectContaining({ path: '/portfolio-tax/1', query: { year: '2024' }, header: 'trendvakt' }),
    ]);
    expect(personCalls()).toEqual([expect.objectContaining({ path: '/tax/2024' })]);
    // Only portfolio 1's sale (portfolio 2's sale of 2024-09-02 is not this portfolio's).
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    const cells = cellsOf(rows[0]);
    // FIFO took portfolio 2's 40 older shares: the note names it.
    expect(cells[1]).toBe(`DNB${t('personTax:panel.fromOther', { names: 'Sparing' })}`);
    expect(cells.slice(2)).toEqual([
      '60',
      nok('14 370,00', '14,370.00'),
      nok('11 230,00', '11,230.00'),
      `+${nok('3 140,00', '3,140.00')} (${t('portfolio:gain.gain')})`,
      nok('250,00', '250.00'),
    ]);
    // Taxable gain after shielding: 3 140 − 250 = 2 890.
    const totals = plain(screen.getByTestId('tax-totals').textContent);
    expect(totals).toContain(t('personTax:panel.taxableGain'));
    expect(totals).toContain(`+${nok('2 890,00', '2,890.00')}`);
    expect(screen.getByRole('link', { name: t('personTax:openReport', { year: 2024 }) })).toHaveAttribute(
      'href',
      '/tax?year=2024',
    );
  });

  it('lists each dividend with gross, withholding, fee and net, and their total', async () => {
    const { t } = renderPage(<TaxPanel />, lang);
    const table = await screen.findByRole('table', {
      name: t('personTax:panel.dividendsTitle', { year: 2024 }),
    });
    const [, dnb, aapl, total] = within(table).getAllByRole('row');
    expect(cellsOf(dnb).slice(1)).toEqual([
      'DNB',
      '100',
      nok('850,00', '850.00'),
      nok('0,00', '0.00'),
      nok('0,00', '0.00'),
      nok('850,00', '850.00'),
    ]);
    // 25.20 gross − 3.78 withheld − 0.50 fee = 20.92 net.
    expect(cellsOf(aapl).slice(1)).toEqual([
      'AAPL',
      '10',
      nok('25,20', '25.20'),
      nok('3,78', '3.78'),
      nok('0,50', '0.50'),
      nok('20,92', '20.92'),
    ]);
    // Totals: gross 850 + 25.20 = 875.20; withheld 3.78; fee 0.50; net 850 + 20.92 = 870.92.
    expect(plain(total.textContent)).toBe(
      t('personTax:dividends.total', { count: 2 }) +
        [nok('875,20', '875.20'), nok('3,78', '3.78'), nok('0,50', '0.50'), nok('870,92', '870.92')].join(''),
    );
  });

  it('lets the server pick the latest year with events and lists only years with events (issue 24 item 9)', async () => {
    usePortfolioStore.setState({ taxYear: null });
    const { t } = renderPage(<TaxPanel />, lang);
    await screen.findAllByRole('table');
    // No year asked: the server answers its latest year with a sale or a dividend (2024 here).
    expect(taxCalls().map((c) => c.query.year)).toEqual([undefined]);
    expect(personCalls().map((c) => c.path)).toEqual(['/tax/2024']);
    const select = screen.getByRole('combobox', { name: t('portfolio:tax.year') });
    expect([...(select as HTMLSelectElement).options].map((o) => o.value)).toEqual(['2024', '2023']);
  });

  it('another year is fetched on choice; a year without sales or dividends says so', async () => {
    const user = userEvent.setup();
    const { t } = renderPage(<TaxPanel />, lang);
    await screen.findAllByRole('table');
    await user.selectOptions(screen.getByRole('combobox', { name: t('portfolio:tax.year') }), '2023');
    expect(await screen.findByText(t('portfolio:tax.noSales', { year: 2023 }))).toBeInTheDocument();
    expect(screen.getByText(t('personTax:dividends.empty', { year: 2023 }))).toBeInTheDocument();
    expect(taxCalls().map((c) => c.query.year)).toEqual(['2024', '2023']);
    expect(personCalls().map((c) => c.path)).toEqual(['/tax/2024', '/tax/2023']);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('an aksjesparekonto shows its own year and its dividends as not taxed', async () => {
    usePortfolioStore.setState({
      selectedId: 3,
      portfolios: [portfolio({ portfolio_id: 3, portfolio_name: 'ASK', account_type: 'ask' })],
    });
    const report = emptyPersonTax(2024);
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
        dividends: [
          {
            date: '2024-05-02',
            portfolio_id: 3,
            ticker_id: 2,
            symbol: 'DNB',
            isin: 'NO0010161896',
            quantity: 20,
            gross: 320,
            withholding: 0,
            fee: 2,
            net: 318,
          },
        ],
      },
    ];
    backend.state.personTax = { 2024: report };
    const { t } = renderPage(<TaxPanel />, lang);
    const askTable = await screen.findByRole('table', { name: t('personTax:ask.title') });
    expect(screen.getByText(t('personTax:panel.askNote'))).toBeInTheDocument();
    expect(cellsOf(within(askTable).getAllByRole('row')[1]).slice(0, 2)).toEqual([
      'ASK',
      nok('40 000,00', '40,000.00'),
    ]);
    const dividends = screen.getByRole('table', {
      name: t('personTax:panel.dividendsTitle', { year: 2024 }),
    });
    expect(cellsOf(within(dividends).getAllByRole('row')[1]).slice(3)).toEqual([
      nok('320,00', '320.00'),
      nok('0,00', '0.00'),
      nok('2,00', '2.00'),
      nok('318,00', '318.00'),
    ]);
    // Inside an ASK no sale is a taxable line.
    expect(
      screen.queryByRole('table', { name: t('personTax:panel.salesTitle', { year: 2024 }) }),
    ).not.toBeInTheDocument();
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
    expect(await screen.findAllByRole('table')).not.toHaveLength(0);
  });

  it('a failed person-level report shows a message with a retry that loads it', async () => {
    expectConsoleError(/^Fetching the tax report failed:$/);
    server.use(http.get('*/api/v1/tax/:year', () => errorBody(500, 'INTERNAL'), { once: true }));
    const user = userEvent.setup();
    const { t } = renderPage(<TaxPanel />, lang);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(t('portfolio:tax.loadFailed'));
    await user.click(within(alert).getByRole('button', { name: t('portfolio:actions.retry') }));
    expect(await screen.findAllByRole('table')).not.toHaveLength(0);
    expect(taxCalls()).toHaveLength(1);
  });
});

describe('tax view refresh', () => {
  it('is fetched again after a transaction change once it has been shown, and not before', async () => {
    await usePortfolioStore.getState().deleteTransaction(transaction());
    expect(taxCalls()).toHaveLength(0);
    renderPage(<TaxPanel />, 'nb');
    await screen.findAllByRole('table');
    // A store change while the panel is shown re-renders it: inside act.
    await act(() =>
      usePortfolioStore
        .getState()
        .deleteTransaction(transaction({ portfolio_transaction_id: 12, date: '2024-03-15', quantity: 50 })),
    );
    await waitFor(() => expect(taxCalls()).toHaveLength(2));
    // The person-level figures follow the same ledger.
    await waitFor(() => expect(personCalls()).toHaveLength(2));
  });
});
