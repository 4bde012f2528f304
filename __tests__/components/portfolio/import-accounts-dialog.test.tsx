// Issue 37: a Nordnet file with several accounts. The dialog's dry run lists them; the user maps
// each to a portfolio (an existing one, a new one named by the user, ordinary or ASK, or none) and
// imports them all in one go: new portfolios are created first, then one import per account with
// `account=`. In nb and en.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ImportAccountDto } from '@/lib/types/portfolio';
import { createMockRouter, type MockRouter } from '../common/shellHelpers';
import { importResult, portfolio } from './portfolioFixtures';
import { LANGS, plain } from './helpers';
import { openImportDialog, setUpPortfolioView } from './portfolioViewHarness';

let mockRouter: MockRouter;
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));
jest.mock('@/services/authService', () => ({
  authService: { watch: jest.fn(() => () => {}), signOut: jest.fn() },
}));
jest.mock('react-chartjs-2', () => jest.requireActual('./chartsAsText'));

const backend = setUpPortfolioView((b) => {
  mockRouter = createMockRouter();
  mockRouter.pathname = '/portfolio';
  // Each test starts with the one portfolio "Langsiktig" (id 1); new ones get ids from 100.
  b.state.portfolios = [portfolio()];
  b.state.nextId = 100;
});
const { server, calls } = backend;

const ACCOUNTS: ImportAccountDto[] = [
  { account: '18250011', rows: 4, balance: '82952', currency: 'NOK' },
  { account: '18250029', rows: 3, balance: '30000', currency: 'NOK' },
  { account: '18250037', rows: 3, balance: '25012.5', currency: 'SEK' },
  { account: '18250045', rows: 3, balance: '9475', currency: 'NOK' },
];

/** The dry run lists the four accounts; each real import answers with the rows of its account. */
function serveAccounts(failFor: string | null = null) {
  const importedOf: Record<string, number> = { '18250011': 4, '18250029': 3, '18250037': 3, '18250045': 3 };
  server.use(
    http.post('*/api/v1/portfolio-import/:id', async ({ request }) => {
      const url = new URL(request.url);
      const q = Object.fromEntries(url.searchParams);
      calls.push({
        method: 'POST',
        path: url.pathname.replace(/^\/api\/v1/, ''),
        query: q,
        body: null,
        header: null,
      });
      if (q.dryRun === 'true') return HttpResponse.json(importResult({ accounts: ACCOUNTS }));
      if (q.account === failFor)
        return HttpResponse.json(
          { error: { code: 'INTERNAL', message: 'Something went wrong' } },
          { status: 500 },
        );
      return HttpResponse.json(
        importResult({ dry_run: false, imported: importedOf[q.account ?? ''] ?? 0, accounts: ACCOUNTS }),
      );
    }),
  );
}

const nordnetFile = () => new File(['Id\tPortefølje\r\n'], 'transactions.csv', { type: 'text/csv' });

describe.each(LANGS)('the accounts of a several-account Nordnet file (%s)', (lang) => {
  it('lists each account with its lines and last balance in its currency, and imports each into its portfolio', async () => {
    serveAccounts();
    const { user, t, dialog } = await openImportDialog(lang);
    await user.upload(within(dialog).getByLabelText(t('portfolio:import.file')), nordnetFile());
    const section = await within(dialog).findByRole('region', { name: t('importAccounts:title') });
    const rows = within(section).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(
      ACCOUNTS.map((a) => a.account),
    );
    // last balance with its currency: 82 952,00 kr / NOK 82,952.00; the SEK account in SEK
    expect(plain(within(rows[0]).getAllByRole('cell')[1].textContent)).toBe(
      lang === 'nb' ? '82 952,00 kr' : 'NOK 82,952.00',
    );
    expect(plain(within(rows[2]).getAllByRole('cell')[1].textContent)).toBe(
      lang === 'nb' ? '25 012,50 SEK' : 'SEK 25,012.50',
    );
    // The row preview of the merged file is not offered: the accounts are imported one by one.
    expect(within(dialog).queryByRole('region', { name: t('portfolio:import.rowsTitle') })).toBeNull();

    const target = (account: string) =>
      within(section).getByLabelText(t('importAccounts:targetFor', { account }));
    const nameOf = (account: string) =>
      within(section).getByLabelText(t('importAccounts:newNameFor', { account }));
    // every account starts as a new portfolio named after it
    expect(nameOf('18250029')).toHaveValue(t('importAccounts:defaultName', { account: '18250029' }));
    // 18250011 into the existing "Langsiktig" (id 1)
    await user.selectOptions(target('18250011'), '1');
    // 18250029 a new ASK called "Min ASK"
    await user.clear(nameOf('18250029'));
    // an empty name is refused next to the field, and the import waits for it
    expect(within(section).getByText(t('importAccounts:nameRequired'))).toBeInTheDocument();
    expect(nameOf('18250029')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: t('importAccounts:import', { count: 3 }) })).toBeDisabled();
    await user.type(nameOf('18250029'), 'Min ASK');
    await user.selectOptions(
      within(section).getByLabelText(t('importAccounts:newTypeFor', { account: '18250029' })),
      'ask',
    );
    // 18250045 not imported
    await user.selectOptions(target('18250045'), 'skip');
    const go = screen.getByRole('button', { name: t('importAccounts:import', { count: 3 }) });
    expect(go).toBeEnabled();
    await user.click(go);

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: t('portfolio:import.title') })).toBeNull(),
    );
    const created = calls.filter((c) => c.method === 'POST' && c.path === '/portfolios');
    expect(created.map((c) => c.body)).toEqual([
      expect.objectContaining({ portfolio_name: 'Min ASK', account_type: 'ask' }),
      expect.objectContaining({ portfolio_name: 'Nordnet 18250037', account_type: 'ordinary' }),
    ]);
    const imports = calls.filter((c) => c.path.startsWith('/portfolio-import/') && c.query.dryRun !== 'true');
    // the backend gives new portfolios ids from 100 in creation order
    expect(imports.map((c) => [c.path, c.query.account, c.query.format])).toEqual([
      ['/portfolio-import/1', '18250011', 'nordnet'],
      ['/portfolio-import/100', '18250029', 'nordnet'],
      ['/portfolio-import/101', '18250037', 'nordnet'],
    ]);
    // 4 + 3 + 3 = 10 transactions into 3 portfolios
    expect(
      await screen.findByText(t('importAccounts:done', { count: 10, portfolios: 3 })),
    ).toBeInTheDocument();
  });

  it('names the account that failed, keeps the portfolio it created, and a retry creates no second one', async () => {
    serveAccounts('18250037');
    const { user, t, dialog } = await openImportDialog(lang);
    await user.upload(within(dialog).getByLabelText(t('portfolio:import.file')), nordnetFile());
    const section = await within(dialog).findByRole('region', { name: t('importAccounts:title') });
    for (const account of ['18250011', '18250029', '18250045'])
      await user.selectOptions(
        within(section).getByLabelText(t('importAccounts:targetFor', { account })),
        'skip',
      );
    await user.click(screen.getByRole('button', { name: t('importAccounts:import', { count: 1 }) }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(t('importAccounts:someFailed'));
    expect(alert).toHaveTextContent('18250037');
    // the new portfolio (id 100) is now the account's target
    expect(
      within(section).getByLabelText(t('importAccounts:targetFor', { account: '18250037' })),
    ).toHaveValue('100');
    serveAccounts();
    await user.click(screen.getByRole('button', { name: t('importAccounts:import', { count: 1 }) }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: t('portfolio:import.title') })).toBeNull(),
    );
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/portfolios')).toHaveLength(1);
    expect(
      calls
        .filter((c) => c.path.startsWith('/portfolio-import/') && c.query.dryRun !== 'true')
        .map((c) => c.path),
    ).toEqual(['/portfolio-import/100', '/portfolio-import/100']);
  });
});
