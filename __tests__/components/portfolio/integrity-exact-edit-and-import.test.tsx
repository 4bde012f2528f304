// Issue 13 in the browser: the edit form shows and sends the exact stored amounts, and the import
// dialog names the row count of a file over the limit.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import PortfolioView from '@/components/portfolio/PortfolioView';
import { createMockRouter, type MockRouter } from '../common/shellHelpers';
import { errorBody, portfolio, resultRow, transaction } from './portfolioFixtures';
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
  backend.state.portfolios = [portfolio(), portfolio({ portfolio_id: 2, portfolio_name: 'Trading' })];
  backend.state.results = { 1: [resultRow()], 2: [] };
  // A buy entered with 8, 10 and 10 decimals: the API returns it exactly (0.0000000001 is the JSON number 1e-10).
  backend.state.transactions = [
    transaction({ quantity: 10.12345678, price: 123.4567891234, fee: 1e-10, comment: 'gammel' }),
  ];
});
const { server, calls } = backend;

describe.each(LANGS)('exact amounts and import limits (%s)', (lang) => {
  it('shows the stored amounts exactly and a comment-only edit sends them back unchanged', async () => {
    const user = userEvent.setup();
    const { t } = renderPage(<PortfolioView />, lang);
    await screen.findByRole('table', { name: /NOK/ });
    await user.click(
      screen.getByRole('button', { name: t('portfolio:results.showTransactionsFor', { symbol: 'DNB' }) }),
    );
    const panel = await screen.findByRole('region', { name: /DNB/ });
    await user.click(
      (
        await within(panel).findAllByRole('button', {
          name: new RegExp(`^${t('portfolio:transactions.edit')} `),
        })
      )[0],
    );
    const dialog = await screen.findByRole('dialog', { name: t('portfolio:transactionForm.editTitle') });
    expect(within(dialog).getByLabelText(t('portfolio:transactionForm.quantity'))).toHaveValue('10.12345678');
    expect(within(dialog).getByLabelText(t('portfolio:transactionForm.price'))).toHaveValue('123.4567891234');
    expect(within(dialog).getByLabelText(t('portfolio:transactionForm.fee'))).toHaveValue('0.0000000001');
    const comment = within(dialog).getByLabelText(t('portfolio:transactionForm.comment'));
    await user.clear(comment);
    await user.type(comment, 'ny');
    await user.click(within(dialog).getByRole('button', { name: t('portfolio:actions.save') }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      quantity: '10.12345678',
      price: '123.4567891234',
      fee: '0.0000000001',
      comment: 'ny',
    });
  });

  it('says how many rows a refused file has (413 IMPORT_TOO_MANY_ROWS)', async () => {
    server.use(
      http.post('*/api/v1/portfolio-import/:id', () =>
        errorBody(413, 'IMPORT_TOO_MANY_ROWS', { rows: 10_001, max: 10_000 }),
      ),
    );
    const user = userEvent.setup();
    const { t } = renderPage(<PortfolioView />, lang);
    await screen.findByRole('table', { name: /NOK/ });
    await user.click(screen.getByRole('button', { name: t('portfolio:selector.import') }));
    const dialog = await screen.findByRole('dialog', { name: t('portfolio:import.title') });
    await user.upload(
      within(dialog).getByLabelText(t('portfolio:import.file')),
      new File(['Id\tHandelsdag\n'], 'transactions.csv', { type: 'text/csv' }),
    );
    const alert = await within(dialog).findByRole('alert');
    // 10 001 / 10,001 as the locale writes it
    expect(alert.textContent?.replace(/[\u00a0\u202f]/g, ' ')).toMatch(
      lang === 'nb' ? /10 001.*10 000/ : /10,001.*10,000/,
    );
  });
});
