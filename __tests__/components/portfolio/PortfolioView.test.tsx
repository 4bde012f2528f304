import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import PortfolioView from '@/components/portfolio/PortfolioView';
import { UNDO_DELETE_MS } from '@/components/portfolio/TickerTransactions';
import { usePortfolioStore } from '@/stores/usePortfolioStore';
import { useAuthStore } from '@/stores/useAuthStore';
import { createMockRouter, type MockRouter } from '../common/shellHelpers';
import {
  createPortfolioBackend,
  deferred,
  errorBody,
  portfolio,
  resultRow,
  suggestion,
  transaction,
} from './portfolioFixtures';
import { openImportDialog } from './portfolioViewHarness';
import { LANGS, plain, renderPage, signIn } from './helpers';
import { expectConsoleError } from '@/__tests__/helpers/consoleErrors';

let mockRouter: MockRouter;
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));
jest.mock('@/services/authService', () => ({
  authService: { watch: jest.fn(() => () => {}), signOut: jest.fn() },
}));
// jsdom has no canvas: the charts render their data as text.
jest.mock('react-chartjs-2', () => jest.requireActual('./chartsAsText'));

const backend = createPortfolioBackend();
const { server, calls } = backend;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  mockRouter = createMockRouter();
  mockRouter.pathname = '/portfolio';
  backend.state.portfolios = [
    portfolio(),
    portfolio({ portfolio_id: 2, portfolio_name: 'Trading', description: 'Kort sikt' }),
  ];
  backend.state.results = {
    1: [
      resultRow(),
      resultRow({
        ticker_id: 3,
        symbol: 'AAPL',
        long_name: 'Apple Inc.',
        currency: 'USD',
        country_id: 226,
        quantity: 10,
        avg_price: 150.1,
        last_price: 140,
        unrealized: -101,
        unrealized_pct: -6.728847,
        realized: 0,
        dividends: 0,
        market_value_base: 15400,
        total_return_base: -610,
        cost_base: 16010,
        total_bought_base: 16010,
        realized_and_dividends: 0,
        market_value: 1400,
        total_return: -101,
        total_return_pct: -6.728847,
        // Previous close 142 at USD/NOK 11 (15 400 / 1 400): 10 × (140 − 142) × 11 = −220 today;
        // currency effect −610 − (−101 × 11) = 501.
        today_base: -220,
        currency_effect_base: 501,
        weight: 0.426593,
        signal: 'sell',
        technical_score: -0.71,
      }),
    ],
    2: [],
  };
  // The server's decimal totals of those rows: 20 700 + 15 400 = 36 100; cost 18 645 + 16 010 =
  // 34 655; return 5 870 − 610 = 5 260 over 31 075 + 16 010 = 47 085 bought → 11.171286 %.
  backend.state.totals = {
    1: {
      market_value_base: 36100,
      cost_base: 34655,
      unrealized_base: 1445,
      total_return_base: 5260,
      total_bought_base: 47085,
      total_return_pct: 11.171286,
      // today 360 + (−220) = 140; currency effect 0 + 501 = 501 (the rows' figures).
      today_base: 140,
      currency_effect_base: 501,
    },
  };
  backend.state.transactions = [
    transaction(),
    transaction({ portfolio_transaction_id: 12, date: '2024-03-15', quantity: 50, price: 220, fee: 25 }),
    transaction({
      portfolio_transaction_id: 13,
      date: '2024-06-03',
      event_id: 2,
      quantity: 60,
      price: 240,
      fee: 30,
    }),
  ];
  backend.state.suggestions = [
    suggestion(),
    suggestion({ ticker_id: 3, symbol: 'AAPL', long_name: 'Apple Inc.', country_id: 226 }),
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

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const resultsTable = () => screen.getByRole('table', { name: /NOK/ });
const rowOf = (symbol: string) =>
  within(resultsTable()).getByRole('row', { name: new RegExp(`^${symbol}\\b`) });

describe.each(LANGS)('PortfolioView (%s)', (lang) => {
  it('shows the holdings with signed, coloured returns, signals, totals and the charts', async () => {
    const { t } = renderPage(<PortfolioView />, lang);
    await screen.findByRole('table', { name: /NOK/ });
    expect(screen.getByRole('combobox', { name: t('portfolio:selector.label') })).toHaveDisplayValue(
      'Langsiktig',
    );

    const dnb = rowOf('DNB');
    // +5 870 NOK, green, with the word for screen readers; 5 870 / 31 075 = +18.89 %
    // The NOK share shows its return in its own currency and in NOK: both +5 870.
    const [gain] = within(dnb).getAllByText(
      (_, el) => el?.getAttribute('data-kind') === 'gain' && /^\+\D*5.870/.test(plain(el.textContent)),
    );
    expect(gain).toHaveClass('text-success');
    expect(gain).toHaveTextContent(t('portfolio:gain.gain'));
    expect(plain(dnb.textContent)).toMatch(lang === 'nb' ? /\+18,89 %/ : /\+18\.89%/);
    expect(within(dnb).getByText(t('portfolio:signal.buy'))).toBeInTheDocument();

    const aapl = rowOf('AAPL');
    const loss = within(aapl).getAllByText(
      (_, el) => el?.getAttribute('data-kind') === 'loss' && el.tagName === 'SPAN',
    );
    expect(loss[0]).toHaveClass('text-danger');
    expect(plain(loss[0].textContent)).toMatch(/^−/);
    expect(within(aapl).getByText(t('portfolio:signal.sell'))).toBeInTheDocument();
    expect(plain(aapl.textContent)).toMatch(lang === 'nb' ? /140,00 USD/ : /\$140\.00/);

    const total = within(resultsTable()).getByRole('row', {
      name: new RegExp(`^${t('portfolio:results.total')}`),
    });
    // The server's totals, not sums in the client: 36 100, +5 260 and +11.17 %.
    expect(plain(total.textContent)).toMatch(lang === 'nb' ? /36 100,00 kr/ : /NOK 36,100\.00/);
    expect(plain(total.textContent)).toMatch(lang === 'nb' ? /\+5 260,00 kr/ : /\+NOK 5,260\.00/);
    expect(plain(total.textContent)).toMatch(lang === 'nb' ? /\+11,17 %/ : /\+11\.17%/);

    expect(await screen.findByTestId('doughnut')).toHaveTextContent('DNB,AAPL');
    expect(await screen.findByTestId('line')).toHaveTextContent(
      `${t('portfolio:performance.portfolio')}:0|0.15`,
    );
    expect(screen.getByTestId('line')).toHaveTextContent('Oslo Børs Benchmark Index:0|0.1');
  });

  it('shows the allocation, performance and tax panels only once the holdings have answered (no layout shift)', async () => {
    const gate = deferred();
    server.use(
      http.get('*/api/v1/portfolio-results/:id', async () => {
        await gate.promise;
        return HttpResponse.json({ rows: backend.state.results[1], totals: backend.state.totals[1] });
      }),
    );
    const { t } = renderPage(<PortfolioView />, lang);
    await screen.findByRole('combobox', { name: t('portfolio:selector.label') });
    // Holdings still on their way: nothing is placed below where the table will appear.
    expect(screen.queryByRole('heading', { name: t('portfolio:allocation.title') })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: t('portfolio:tax.title') })).not.toBeInTheDocument();
    await act(async () => gate.resolve());
    await screen.findByRole('table', { name: /NOK/ });
    expect(await screen.findByRole('heading', { name: t('portfolio:allocation.title') })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: t('portfolio:tax.title') })).toBeInTheDocument();
  });

  it('keeps share-currency and NOK amounts in separate labelled columns, with today and the currency effect (issue 24 item 8), in nine columns (issue 39)', async () => {
    const { t } = renderPage(<PortfolioView />, lang);
    await screen.findByRole('table', { name: /NOK/ });
    const table = resultsTable();
    for (const name of [
      t('portfolio:results.groups.share'),
      t('portfolio:results.groups.base', { currency: 'NOK' }),
      // Under the "In NOK" group the headers are short; the phone cards' labels name the currency.
      t('portfolio:results.columns.todayShort'),
      t('portfolio:results.columns.marketValueShort'),
      t('portfolio:results.columns.totalReturnShort'),
    ])
      expect(within(table).getByRole('columnheader', { name })).toBeInTheDocument();
    // Nine columns: ticker, quantity, 2 in the share's currency, 3 in NOK, weight, signal (and the
    // two group headers).
    expect(within(table).getAllByRole('columnheader')).toHaveLength(2 + 2 + 2 + 3 + 2);
    // AAPL's cells after the quantity: price, gain (USD); today, market value (with the USD value
    // under it), return (with the currency effect under it) in NOK; weight; signal.
    const cells = within(rowOf('AAPL'))
      .getAllByRole('cell')
      .map((c) => plain(c.textContent));
    const usd = (n: string) => (lang === 'nb' ? `${n.replace('.', ',')} USD` : `$${n}`);
    const nok = (nb: string, en: string) => (lang === 'nb' ? `${nb} kr` : `NOK ${en}`);
    expect(cells[2]).toMatch(new RegExp(`^−${escapeRe(usd('101.00'))}`));
    // Today: 10 × (140 − 142) × 11 = −220 NOK; the return in NOK −610; currency effect +501.
    expect(cells[3]).toMatch(new RegExp(`^−${escapeRe(nok('220,00', '220.00'))}`));
    // 15,400 NOK, and under it the value in USD: 10 × 140 = 1,400.
    expect(cells[4]).toBe(
      nok('15 400,00', '15,400.00') + usd('1,400.00'.replace(',', lang === 'nb' ? ' ' : ',')),
    );
    expect(cells[5]).toMatch(new RegExp(`^−${escapeRe(nok('610,00', '610.00'))}`));
    expect(cells[5]).toMatch(
      new RegExp(
        `${escapeRe(t('portfolio:results.currencyEffectLine'))} \\+${escapeRe(nok('501,00', '501.00'))}`,
      ),
    );
    // The totals in NOK: today 360 − 220 = +140, currency effect 0 + 501 = +501 (the server's).
    const total = within(table).getByRole('row', { name: new RegExp(`^${t('portfolio:results.total')}`) });
    const totalCells = within(total)
      .getAllByRole('cell')
      .map((c) => plain(c.textContent));
    expect(totalCells[2]).toMatch(new RegExp(`^\\+${escapeRe(nok('140,00', '140.00'))}`));
    expect(totalCells[4]).toMatch(
      new RegExp(
        `${escapeRe(t('portfolio:results.currencyEffectLine'))} \\+${escapeRe(nok('501,00', '501.00'))}`,
      ),
    );
  });

  it('fetches sold positions with the toggle, and switches portfolio', async () => {
    const user = userEvent.setup();
    const { t } = renderPage(<PortfolioView />, lang);
    await screen.findByRole('table', { name: /NOK/ });
    await user.click(screen.getByRole('switch', { name: t('portfolio:results.includeSold') }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/portfolio-results/1' && c.query.includeSold === 'true')).toBe(
        true,
      ),
    );
    await user.click(screen.getByRole('switch', { name: t('portfolio:results.includeSold') }));
    await user.selectOptions(screen.getByRole('combobox', { name: t('portfolio:selector.label') }), '2');
    expect(await screen.findByRole('heading', { name: t('portfolio:noHoldings.title') })).toBeInTheDocument();
    expect(screen.getByText('Kort sikt')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/portfolio-performance/2')).toBe(true);
  });

  it('creates a portfolio, then lists them again and selects it', async () => {
    const user = userEvent.setup();
    const { t } = renderPage(<PortfolioView />, lang);
    await screen.findByRole('table', { name: /NOK/ });
    await user.click(screen.getByRole('button', { name: t('portfolio:selector.create') }));
    const dialog = await screen.findByRole('dialog', { name: t('portfolio:form.createTitle') });
    await user.click(within(dialog).getByRole('button', { name: t('portfolio:form.create') }));
    expect(within(dialog).getByText(t('portfolio:fieldErrors.required'))).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(t('portfolio:form.name')), 'Pensjon');
    await user.click(within(dialog).getByRole('button', { name: t('portfolio:form.create') }));
    expect(await screen.findByText(t('portfolio:toast.created', { name: 'Pensjon' }))).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: t('portfolio:selector.label') })).toHaveDisplayValue(
        'Pensjon',
      ),
    );
    expect(calls.filter((c) => c.method === 'GET' && c.path === '/portfolios/uid-1')).toHaveLength(2);
  });

  it('renames the portfolio in place', async () => {
    const user = userEvent.setup();
    const { t } = renderPage(<PortfolioView />, lang);
    await screen.findByRole('table', { name: /NOK/ });
    await user.click(screen.getByRole('button', { name: t('portfolio:selector.rename') }));
    const dialog = await screen.findByRole('dialog', { name: t('portfolio:form.editTitle') });
    const name = within(dialog).getByLabelText(t('portfolio:form.name'));
    expect(name).toHaveValue('Langsiktig');
    await user.clear(name);
    await user.type(name, 'Pensjonssparing');
    await user.click(within(dialog).getByRole('button', { name: t('portfolio:actions.save') }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: t('portfolio:selector.label') })).toHaveDisplayValue(
        'Pensjonssparing',
      ),
    );
    expect(calls.filter((c) => c.method === 'GET' && c.path === '/portfolios/uid-1')).toHaveLength(1);
  });

  it('deletes the portfolio only after confirmation', async () => {
    const user = userEvent.setup();
    const { t } = renderPage(<PortfolioView />, lang);
    await screen.findByRole('table', { name: /NOK/ });
    await user.click(screen.getByRole('button', { name: t('portfolio:selector.delete') }));
    const dialog = await screen.findByRole('dialog', { name: t('portfolio:deleteDialog.title') });
    expect(dialog).toHaveTextContent(t('portfolio:deleteDialog.text', { name: 'Langsiktig' }));
    await user.click(within(dialog).getByRole('button', { name: t('portfolio:actions.cancel') }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: t('portfolio:selector.delete') }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: t('portfolio:deleteDialog.confirm'),
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: t('portfolio:selector.label') })).toHaveDisplayValue(
        'Trading',
      ),
    );
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/portfolios/1')).toBe(true);
  });

  it('lists a ticker’s transactions; a refused delete comes back with an error toast', async () => {
    expectConsoleError(/^Deleting the transaction failed:$/);
    const user = userEvent.setup();
    const { t } = renderPage(<PortfolioView />, lang);
    await screen.findByRole('table', { name: /NOK/ });
    await user.click(
      screen.getByRole('button', { name: t('portfolio:results.showTransactionsFor', { symbol: 'DNB' }) }),
    );
    const panel = await screen.findByRole('region', {
      name: t('portfolio:transactions.title', { name: 'DNB Bank ASA', symbol: 'DNB' }),
    });
    await within(panel).findAllByRole('button', { name: new RegExp(t('portfolio:transactions.delete')) });
    expect(within(panel).getAllByRole('row')).toHaveLength(4);

    const gate = deferred();
    server.use(
      http.delete('*/api/v1/portfolio/:id', async () => {
        await gate.promise;
        return errorBody(409, 'INSUFFICIENT_HOLDING', { held: 50 });
      }),
    );
    const deleteButtons = within(panel).getAllByRole('button', {
      name: new RegExp(`^${t('portfolio:transactions.delete')} `),
    });
    await user.click(deleteButtons[0]);
    const dialog = await screen.findByRole('dialog', { name: t('portfolio:transactions.confirmTitle') });
    await user.click(within(dialog).getByRole('button', { name: t('portfolio:transactions.delete') }));
    expect(within(panel).getAllByRole('row')).toHaveLength(3);
    // Leaving the undo window early (as the list does when it closes) sends the DELETE now.
    await act(async () => {
      const flushed = usePortfolioStore.getState().flushPendingDeletes();
      gate.resolve();
      await flushed;
    });
    await waitFor(() => expect(within(panel).getAllByRole('row')).toHaveLength(4));
    expect(
      await screen.findByText(
        t('portfolio:transactions.deleteFailed', { reason: t('portfolio:transactions.deleteRefused') }),
      ),
    ).toBeInTheDocument();
  });

  it('asks before deleting, naming the transaction; cancel keeps it (issue 24 item 3)', async () => {
    const user = userEvent.setup();
    const { t } = renderPage(<PortfolioView />, lang);
    await screen.findByRole('table', { name: /NOK/ });
    await user.click(
      screen.getByRole('button', { name: t('portfolio:results.showTransactionsFor', { symbol: 'DNB' }) }),
    );
    const panel = await screen.findByRole('region', { name: /DNB/ });
    const buttons = await within(panel).findAllByRole('button', {
      name: new RegExp(`^${t('portfolio:transactions.delete')} `),
    });
    await user.click(buttons[2]);
    const dialog = await screen.findByRole('dialog', { name: t('portfolio:transactions.confirmTitle') });
    // The third row is the sale of 60 DNB on 3 June 2024 at 240 (portfolioFixtures).
    expect(dialog).toHaveTextContent(/60/);
    expect(dialog).toHaveTextContent(/DNB/);
    expect(dialog).toHaveTextContent(lang === 'nb' ? /3\. juni 2024/ : /Jun 3, 2024/);
    expect(dialog).toHaveTextContent(t('portfolio:events.2').toLowerCase());
    await user.click(within(dialog).getByRole('button', { name: t('portfolio:actions.cancel') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(panel).getAllByRole('row')).toHaveLength(4);
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('offers Undo in the toast: undo puts the row back and nothing is deleted', async () => {
    const user = userEvent.setup();
    const { t } = renderPage(<PortfolioView />, lang);
    await screen.findByRole('table', { name: /NOK/ });
    await user.click(
      screen.getByRole('button', { name: t('portfolio:results.showTransactionsFor', { symbol: 'DNB' }) }),
    );
    const panel = await screen.findByRole('region', { name: /DNB/ });
    const buttons = await within(panel).findAllByRole('button', {
      name: new RegExp(`^${t('portfolio:transactions.delete')} `),
    });
    await user.click(buttons[2]);
    const dialog = await screen.findByRole('dialog', { name: t('portfolio:transactions.confirmTitle') });
    await user.click(within(dialog).getByRole('button', { name: t('portfolio:transactions.delete') }));
    expect(within(panel).getAllByRole('row')).toHaveLength(3);
    await user.click(await screen.findByRole('button', { name: t('portfolio:transactions.undo') }));
    expect(within(panel).getAllByRole('row')).toHaveLength(4);
    expect(await screen.findByText(t('portfolio:transactions.restored'))).toBeInTheDocument();
    await act(async () => usePortfolioStore.getState().flushPendingDeletes());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('deletes a transaction once the undo time is over', async () => {
    const user = userEvent.setup();
    const { t } = renderPage(<PortfolioView />, lang);
    await screen.findByRole('table', { name: /NOK/ });
    await user.click(
      screen.getByRole('button', { name: t('portfolio:results.showTransactionsFor', { symbol: 'DNB' }) }),
    );
    const panel = await screen.findByRole('region', { name: /DNB/ });
    const buttons = await within(panel).findAllByRole('button', {
      name: new RegExp(`^${t('portfolio:transactions.delete')} `),
    });
    await user.click(buttons[2]);
    const dialog = await screen.findByRole('dialog', { name: t('portfolio:transactions.confirmTitle') });
    await user.click(within(dialog).getByRole('button', { name: t('portfolio:transactions.delete') }));
    expect(within(panel).getAllByRole('row')).toHaveLength(3);
    expect(
      await screen.findByText(new RegExp(t('portfolio:transactions.deletedUndo', { what: '' }))),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await waitFor(
      () => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/portfolio/13')).toBe(true),
      {
        timeout: UNDO_DELETE_MS + 3000,
      },
    );
    expect(within(panel).getAllByRole('row')).toHaveLength(3);
  }, 20_000);

  it('adds a transaction on a ticker found by name, with the amounts as typed', async () => {
    const user = userEvent.setup();
    const { t } = renderPage(<PortfolioView />, lang);
    await screen.findByRole('table', { name: /NOK/ });
    await user.click(screen.getByRole('button', { name: t('portfolio:selector.addTransaction') }));
    const dialog = await screen.findByRole('dialog', { name: t('portfolio:transactionForm.addTitle') });
    await user.type(
      within(dialog).getByRole('combobox', { name: t('portfolio:transactionForm.ticker') }),
      'equi',
    );
    await user.click(await within(dialog).findByRole('option', { name: /Equinor ASA/ }));
    await user.type(within(dialog).getByLabelText(t('portfolio:transactionForm.quantity')), '12,5');
    await user.type(within(dialog).getByLabelText(t('portfolio:transactionForm.price')), '250.4');
    await user.click(within(dialog).getByRole('button', { name: t('portfolio:actions.save') }));
    expect(await screen.findByText(t('portfolio:transactionForm.saved'))).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST' && c.path === '/portfolioTransaction');
    expect(post?.body).toMatchObject({
      portfolio_id: 1,
      ticker_id: 1,
      event_id: 1,
      quantity: '12,5',
      price: '250.4',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('marks a delisted share in the ticker search and still lets it be chosen (a portfolio may hold it)', async () => {
    backend.state.suggestions = [
      suggestion({ ticker_id: 7, symbol: 'MOWI', long_name: 'Mowi ASA', delisted_on: '2026-10-14' }),
    ];
    const user = userEvent.setup();
    const { t } = renderPage(<PortfolioView />, lang);
    await screen.findByRole('table', { name: /NOK/ });
    await user.click(screen.getByRole('button', { name: t('portfolio:selector.addTransaction') }));
    const dialog = await screen.findByRole('dialog', { name: t('portfolio:transactionForm.addTitle') });
    const box = within(dialog).getByRole('combobox', { name: t('portfolio:transactionForm.ticker') });
    await user.type(box, 'mowi');
    const option = await within(dialog).findByRole('option', { name: /Mowi ASA/ });
    // By hand: 14 October 2026 in each language's medium date style.
    expect(option).toHaveTextContent(lang === 'en' ? 'delisted Oct 14, 2026' : 'avnotert 14. okt. 2026');
    await user.click(option);
    expect(box).toHaveValue('Mowi ASA (MOWI)');
  });

  it('offers the chosen day’s close and warns before saving a Saturday buy far above it (issue 24 item 4)', async () => {
    const user = userEvent.setup();
    const { t } = renderPage(<PortfolioView />, lang);
    await screen.findByRole('table', { name: /NOK/ });
    await user.click(screen.getByRole('button', { name: t('portfolio:selector.addTransaction') }));
    const dialog = await screen.findByRole('dialog', { name: t('portfolio:transactionForm.addTitle') });
    await user.type(
      within(dialog).getByRole('combobox', { name: t('portfolio:transactionForm.ticker') }),
      'equi',
    );
    await user.click(await within(dialog).findByRole('option', { name: /Equinor ASA/ }));
    const date = within(dialog).getByLabelText(t('portfolio:transactionForm.date'));
    // Friday 2025-03-07: a session; the fixture's close is 185, range 180–190.
    await user.clear(date);
    await user.type(date, '2025-03-07');
    const price = within(dialog).getByLabelText(t('portfolio:transactionForm.price'));
    await waitFor(() => expect(price).toHaveAttribute('placeholder', '185'));
    await user.click(within(dialog).getByRole('button', { name: t('portfolio:transactionForm.useClose') }));
    expect(price).toHaveValue('185');
    expect(within(dialog).queryByTestId('transaction-warnings')).not.toBeInTheDocument();
    // Saturday 2025-03-08 at 1 250,50: no session (Friday's range applies), and 1250.5 > 190 × 1.2.
    await user.clear(date);
    await user.type(date, '2025-03-08');
    await user.clear(price);
    await user.type(price, '1250,50');
    const warnings = await within(dialog).findByTestId('transaction-warnings');
    const items = within(warnings).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(lang === 'nb' ? /8\. mars 2025/ : /Mar 8, 2025/);
    expect(items[0]).toHaveTextContent(lang === 'nb' ? /7\. mars 2025/ : /Mar 7, 2025/);
    expect(items[1]).toHaveTextContent(/180/);
    expect(items[1]).toHaveTextContent(/190/);
    // Nothing is refused: saving still works.
    await user.type(within(dialog).getByLabelText(t('portfolio:transactionForm.quantity')), '10');
    await user.click(within(dialog).getByRole('button', { name: t('portfolio:actions.save') }));
    expect(await screen.findByText(t('portfolio:transactionForm.saved'))).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST' && c.path === '/portfolioTransaction');
    expect(post?.body).toMatchObject({ date: '2025-03-08', price: '1250,50' });
  });

  it('checks the form before sending: ticker, quantity, price, future date', async () => {
    const user = userEvent.setup();
    const { t } = renderPage(<PortfolioView />, lang);
    await screen.findByRole('table', { name: /NOK/ });
    await user.click(screen.getByRole('button', { name: t('portfolio:selector.addTransaction') }));
    const dialog = await screen.findByRole('dialog');
    const date = within(dialog).getByLabelText(t('portfolio:transactionForm.date'));
    await user.clear(date);
    await user.type(date, '2999-01-01');
    await user.type(within(dialog).getByLabelText(t('portfolio:transactionForm.quantity')), '0');
    await user.type(within(dialog).getByLabelText(t('portfolio:transactionForm.price')), 'ti');
    await user.click(within(dialog).getByRole('button', { name: t('portfolio:actions.save') }));
    expect(within(dialog).getByText(t('portfolio:fieldErrors.future'))).toBeInTheDocument();
    expect(within(dialog).getByText(t('portfolio:fieldErrors.positive'))).toBeInTheDocument();
    expect(within(dialog).getByText(t('portfolio:fieldErrors.notANumber'))).toBeInTheDocument();
    expect(within(dialog).getByText(t('portfolio:fieldErrors.required'))).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('says how many shares were held when the server refuses a sell (409)', async () => {
    expectConsoleError(/^Adding the transaction failed:$/);
    const user = userEvent.setup();
    server.use(
      http.post('*/api/v1/portfolioTransaction', () =>
        errorBody(409, 'INSUFFICIENT_HOLDING', { held: 90, date: '2024-08-01' }),
      ),
    );
    const { t } = renderPage(<PortfolioView />, lang);
    await screen.findByRole('table', { name: /NOK/ });
    await user.click(
      screen.getByRole('button', { name: t('portfolio:results.showTransactionsFor', { symbol: 'DNB' }) }),
    );
    const panel = await screen.findByRole('region', { name: /DNB/ });
    await user.click(within(panel).getByRole('button', { name: t('portfolio:transactions.add') }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('DNB Bank ASA (DNB)');
    await user.selectOptions(within(dialog).getByLabelText(t('portfolio:transactionForm.event')), '2');
    const date = within(dialog).getByLabelText(t('portfolio:transactionForm.date'));
    await user.clear(date);
    await user.type(date, '2024-08-01');
    await user.type(within(dialog).getByLabelText(t('portfolio:transactionForm.quantity')), '91');
    await user.type(within(dialog).getByLabelText(t('portfolio:transactionForm.price')), '250');
    await user.click(within(dialog).getByRole('button', { name: t('portfolio:actions.save') }));
    const alert = await within(dialog).findByRole('alert');
    expect(plain(alert.textContent)).toContain(
      lang === 'nb' ? '90 aksjer 1. aug. 2024' : '90 shares on Aug 1, 2024',
    );
    expect(usePortfolioStore.getState().error).toMatchObject({ status: 409 });
  });

  it('edits a transaction: the split hides the price and asks for new and old shares', async () => {
    const user = userEvent.setup();
    const { t } = renderPage(<PortfolioView />, lang);
    await screen.findByRole('table', { name: /NOK/ });
    await user.click(
      screen.getByRole('button', { name: t('portfolio:results.showTransactionsFor', { symbol: 'DNB' }) }),
    );
    const panel = await screen.findByRole('region', { name: /DNB/ });
    const edits = await within(panel).findAllByRole('button', {
      name: new RegExp(`^${t('portfolio:transactions.edit')} `),
    });
    await user.click(edits[1]);
    const dialog = await screen.findByRole('dialog', { name: t('portfolio:transactionForm.editTitle') });
    expect(within(dialog).getByLabelText(t('portfolio:transactionForm.quantity'))).toHaveValue('50');
    await user.selectOptions(within(dialog).getByLabelText(t('portfolio:transactionForm.event')), '4');
    expect(within(dialog).queryByLabelText(t('portfolio:transactionForm.price'))).not.toBeInTheDocument();
    // Both whole numbers are required: without them nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: t('portfolio:actions.save') }));
    expect(within(dialog).getAllByText(t('portfolio:fieldErrors.required'))).toHaveLength(2);
    await user.type(within(dialog).getByLabelText(t('portfolioIntegrity:splitTo')), '1');
    await user.type(within(dialog).getByLabelText(t('portfolioIntegrity:splitFrom')), '3');
    await user.click(within(dialog).getByRole('button', { name: t('portfolio:actions.save') }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.path === '/portfolio/transaction')).toBe(true),
    );
    const put = calls.find((c) => c.method === 'PUT' && c.path === '/portfolio/transaction');
    // 1 for 3: the quantity carries the ratio to 10 decimals, the API keeps 1 and 3.
    expect(put?.body).toMatchObject({
      portfolio_transaction_id: 12,
      event_id: 4,
      split_to: '1',
      split_from: '3',
      quantity: '0.3333333333',
      price: '0',
      fee: '25',
    });
  });

  it('previews a Nordnet file with its errors by line, then imports it', async () => {
    const { user, t, dialog } = await openImportDialog(lang);
    const importButton = within(dialog).getByRole('button', {
      name: t('portfolio:import.import', { count: 0 }),
    });
    expect(importButton).toBeDisabled();
    const file = new File(['Id\tHandelsdag\n'], 'transactions.csv', { type: 'text/csv' });
    await user.upload(within(dialog).getByLabelText(t('portfolio:import.file')), file);
    expect(
      await within(dialog).findByText(t('portfolio:import.willImport', { count: 1 })),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('cell', { name: 'Antall "ti" is not a number' })).toBeInTheDocument();
    expect(within(dialog).getByText(/Equinor ASA \(EQNR\)/)).toBeInTheDocument();
    // The skipped line in the dialog's language, from the answer's code (not its English reason),
    // the Makuleringsdato 2020-03-13 as the tables show dates.
    expect(
      within(dialog).getByText(
        lang === 'nb'
          ? 'Linje 10: «KJØPT» ble makulert 13. mars 2020 og tas ikke med. Du trenger ikke gjøre noe.'
          : 'Line 10: “KJØPT” was cancelled on Mar 13, 2020 and is left out. Nothing to do.',
      ),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/portfolio-import/1')?.query).toEqual({
      format: 'nordnet',
      dryRun: 'true',
    });
    await user.click(
      within(dialog).getByRole('button', { name: t('portfolio:import.import', { count: 1 }) }),
    );
    expect(await screen.findByText(t('portfolio:import.imported', { count: 1 }))).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/portfolio-import/1').map((c) => c.query)).toEqual([
      { format: 'nordnet', dryRun: 'true' },
      { format: 'nordnet' },
    ]);
  });

  it('downloads the CSV export under the server’s file name', async () => {
    const user = userEvent.setup();
    const createObjectURL = jest.fn(() => 'blob:export');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('trendvakt-langsiktig-2024-12-30.csv');
    });
    const { t } = renderPage(<PortfolioView />, lang);
    await screen.findByRole('table', { name: /NOK/ });
    await user.click(screen.getByRole('button', { name: t('portfolio:selector.export') }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(createObjectURL).toHaveBeenCalled();
    expect(calls.find((c) => c.path === '/portfolio-export/1')?.header).toBe('trendvakt');
  });

  it('invites to create the first portfolio when there is none', async () => {
    backend.state.portfolios = [];
    const { t } = renderPage(<PortfolioView />, lang);
    expect(await screen.findByRole('heading', { name: t('portfolio:empty.title') })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t('portfolio:empty.create') })).toBeInTheDocument();
  });

  it('offers a retry when the portfolios cannot be loaded', async () => {
    expectConsoleError(/^Fetching the portfolios failed:$/);
    const user = userEvent.setup();
    server.use(http.get('*/api/v1/portfolios/:userId', () => errorBody(500, 'INTERNAL')));
    const { t } = renderPage(<PortfolioView />, lang);
    expect(await screen.findByText(t('portfolio:status.loadFailed'))).toBeInTheDocument();
    server.resetHandlers();
    await user.click(screen.getByRole('button', { name: t('portfolio:actions.retry') }));
    expect(await screen.findByRole('table', { name: /NOK/ })).toBeInTheDocument();
  });

  it('opens the add form for a ticker linked from the analysis page', async () => {
    mockRouter.query = { addTicker: '3', symbol: 'AAPL', name: 'Apple Inc.' };
    const { t } = renderPage(<PortfolioView />, lang);
    const dialog = await screen.findByRole('dialog', { name: t('portfolio:transactionForm.addTitle') });
    expect(dialog).toHaveTextContent('Apple Inc. (AAPL)');
  });
});
