// Issue 21 in the browser: the transaction form records a deposit and a withdrawal (no ticker,
// quantity 1, the amount as the price), says a refused withdrawal (409 INSUFFICIENT_CASH) at the
// amount, and sends a dividend's withholding tax.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import PortfolioView from '@/components/portfolio/PortfolioView';
import { expectConsoleError } from '@/__tests__/helpers/consoleErrors';
import { createMockRouter, type MockRouter } from '../common/shellHelpers';
import { dnbTotals, errorBody, portfolio, resultRow, transaction } from './portfolioFixtures';
import { LANGS, renderPage } from './helpers';
import { setUpPortfolioView } from './portfolioViewHarness';

let mockRouter: MockRouter;
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));
jest.mock('@/services/authService', () => ({
  authService: { watch: jest.fn(() => () => {}), signOut: jest.fn() },
}));
// jsdom has no canvas: the charts render their data as text.
jest.mock('react-chartjs-2', () => jest.requireActual('./chartsAsText'));

const backend = setUpPortfolioView(() => {
  mockRouter = createMockRouter();
  mockRouter.pathname = '/portfolio';
  backend.state.portfolios = [portfolio()];
  backend.state.results = { 1: [resultRow()] };
  backend.state.transactions = [transaction()];
});
const { server, calls } = backend;

describe.each(LANGS)('cash events and withholding in the transaction form (%s)', (lang) => {
  it('adds a deposit without a ticker: quantity 1 and the amount as the price', async () => {
    const user = userEvent.setup();
    const { t } = renderPage(<PortfolioView />, lang);
    await screen.findByRole('table', { name: /NOK/ });
    await user.click(screen.getByRole('button', { name: t('portfolio:selector.addTransaction') }));
    const dialog = await screen.findByRole('dialog', { name: t('portfolio:transactionForm.addTitle') });
    await user.selectOptions(within(dialog).getByLabelText(t('portfolio:transactionForm.event')), '5');
    // A deposit has no stock and no number of shares.
    expect(
      within(dialog).queryByRole('combobox', { name: t('portfolio:transactionForm.ticker') }),
    ).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText(t('portfolio:transactionForm.quantity'))).not.toBeInTheDocument();
    await user.type(
      within(dialog).getByLabelText(t('portfolio:transactionForm.cashAmount', { currency: 'NOK' })),
      '10000',
    );
    await user.type(within(dialog).getByLabelText(t('portfolio:transactionForm.fee')), '2');
    await user.click(within(dialog).getByRole('button', { name: t('portfolio:actions.save') }));
    expect(await screen.findByText(t('portfolio:transactionForm.saved'))).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST' && c.path === '/portfolioTransaction');
    expect(post?.body).toMatchObject({
      portfolio_id: 1,
      ticker_id: null,
      event_id: 5,
      quantity: '1',
      price: '10000',
      fee: '2',
      withholding_tax: null,
    });
  });

  it('shows a refused withdrawal (409 INSUFFICIENT_CASH) at the amount field', async () => {
    expectConsoleError(/^Adding the transaction failed:$/);
    server.use(
      http.post('*/api/v1/portfolioTransaction', () =>
        errorBody(409, 'INSUFFICIENT_CASH', { date: '2025-03-07', available: 7999.5, requested: 8000 }),
      ),
    );
    const user = userEvent.setup();
    const { t } = renderPage(<PortfolioView />, lang);
    await screen.findByRole('table', { name: /NOK/ });
    await user.click(screen.getByRole('button', { name: t('portfolio:selector.addTransaction') }));
    const dialog = await screen.findByRole('dialog', { name: t('portfolio:transactionForm.addTitle') });
    await user.selectOptions(within(dialog).getByLabelText(t('portfolio:transactionForm.event')), '6');
    const date = within(dialog).getByLabelText(t('portfolio:transactionForm.date'));
    await user.clear(date);
    await user.type(date, '2025-03-07');
    const amount = within(dialog).getByLabelText(
      t('portfolio:transactionForm.cashAmount', { currency: 'NOK' }),
    );
    await user.type(amount, '8000');
    await user.click(within(dialog).getByRole('button', { name: t('portfolio:actions.save') }));
    await waitFor(() => expect(amount).toHaveClass('is-invalid'));
    // 7999.5 written by hand in each language; the date is the server's.
    expect(amount.closest('.mb-3')).toHaveTextContent(
      lang === 'nb'
        ? /Bare 7\s999,5 i kontanter den 7\. mars 2025\./
        : /Only 7,999\.5 in cash on Mar 7, 2025\./,
    );
    // The dialog stays open with the typed amount.
    expect(amount).toHaveValue('8000');
  });

  it('sends a dividend’s withholding tax', async () => {
    const user = userEvent.setup();
    const { t } = renderPage(<PortfolioView />, lang);
    await screen.findByRole('table', { name: /NOK/ });
    await user.click(
      screen.getByRole('button', { name: t('portfolio:results.showTransactionsFor', { symbol: 'DNB' }) }),
    );
    const panel = await screen.findByRole('region', { name: /DNB/ });
    await user.click(within(panel).getByRole('button', { name: t('portfolio:transactions.add') }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).queryByLabelText(t('portfolio:transactionForm.withholdingTax')),
    ).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText(t('portfolio:transactionForm.event')), '3');
    await user.type(within(dialog).getByLabelText(t('portfolio:transactionForm.dividendQuantity')), '100');
    await user.type(within(dialog).getByLabelText(t('portfolio:transactionForm.dividendPrice')), '2.5');
    // 15 % of the gross 100 × 2.5 = 250 is 37.5.
    await user.type(within(dialog).getByLabelText(t('portfolio:transactionForm.withholdingTax')), '37.5');
    await user.click(within(dialog).getByRole('button', { name: t('portfolio:actions.save') }));
    expect(await screen.findByText(t('portfolio:transactionForm.saved'))).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST' && c.path === '/portfolioTransaction');
    expect(post?.body).toMatchObject({
      portfolio_id: 1,
      ticker_id: 2,
      event_id: 3,
      quantity: '100',
      price: '2.5',
      withholding_tax: '37.5',
    });
  });

  it('lists the deposits and withdrawals under Cash and edits one as a cash event', async () => {
    backend.state.totals = { 1: dnbTotals };
    const deposit = transaction({
      portfolio_transaction_id: 77,
      ticker_id: null,
      event_id: 5,
      date: '2025-01-02',
      quantity: 1,
      price: 10000,
      fee: 0,
    });
    server.use(http.get('*/api/v1/portfolio/:id/cash', () => HttpResponse.json([deposit])));
    const user = userEvent.setup();
    const { t } = renderPage(<PortfolioView />, lang);
    await screen.findByRole('table', { name: /NOK/ });
    await user.click(await screen.findByRole('button', { name: t('portfolio:transactions.showCash') }));
    const panel = await screen.findByRole('region', { name: t('portfolio:transactions.cashTitle') });
    const rows = await within(panel).findAllByRole('row');
    // The header and the one deposit.
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent(t('portfolio:events.5'));
    // The delete asks first and names the deposit by its amount (no share count or symbol).
    await user.click(
      within(panel).getByRole('button', { name: new RegExp(`^${t('portfolio:transactions.delete')} `) }),
    );
    const confirm = await screen.findByRole('dialog', { name: t('portfolio:transactions.confirmTitle') });
    expect(confirm).toHaveTextContent(
      lang === 'nb'
        ? /innskudd på 10\s000,00\skr 2\. jan\. 2025/
        : /deposit of NOK\s10,000\.00 on Jan 2, 2025/,
    );
    await user.click(within(confirm).getByRole('button', { name: t('portfolio:actions.cancel') }));
    await user.click(
      within(panel).getAllByRole('button', { name: new RegExp(`^${t('portfolio:transactions.edit')} `) })[0],
    );
    const dialog = await screen.findByRole('dialog', { name: t('portfolio:transactionForm.editTitle') });
    const amount = within(dialog).getByLabelText(
      t('portfolio:transactionForm.cashAmount', { currency: 'NOK' }),
    );
    expect(amount).toHaveValue('10000');
    await user.clear(amount);
    await user.type(amount, '12000');
    await user.click(within(dialog).getByRole('button', { name: t('portfolio:actions.save') }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      portfolio_transaction_id: 77,
      event_id: 5,
      quantity: '1',
      price: '12000',
    });
  });
});
