// Issue 37 item 3 in the dialog: a big broker's export in one click (the preset fills the mapping,
// empty-header columns by position, no type column), the explicit date format, the numbers that
// cannot be right shown next to their row with the decimal separator as the likely cause, and an
// Excel file's columns read through the server.
import { waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { IMPORT_PRESETS } from '@/lib/importPresets';
import { createMockRouter, type MockRouter } from '../common/shellHelpers';
import { importResult } from './portfolioFixtures';
import { LANGS } from './helpers';
import { openImportDialog, setUpPortfolioView } from './portfolioViewHarness';
import { DEGIRO_TRANSACTIONS_NL } from '../../server/domain/portfolio/fixtures/brokerPresetFiles';

let mockRouter: MockRouter;
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));
jest.mock('@/services/authService', () => ({
  authService: { watch: jest.fn(() => () => {}), signOut: jest.fn() },
}));
jest.mock('react-chartjs-2', () => jest.requireActual('./chartsAsText'));

const backend = setUpPortfolioView(() => {
  mockRouter = createMockRouter();
  mockRouter.pathname = '/portfolio';
});
const { server, calls } = backend;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const label = (text: string) => new RegExp(`^${escape(text)}( \\*)?$`);

describe.each(LANGS)('broker presets in the import dialog (%s)', (lang) => {
  async function openMapped() {
    const opened = await openImportDialog(lang);
    const { user, t, dialog } = opened;
    await user.selectOptions(within(dialog).getByLabelText(t('portfolio:import.mapped.source')), 'mapped');
    return opened;
  }

  it('fills the mapping from the DEGIRO preset in one click and previews with it', async () => {
    const { user, t, dialog } = await openMapped();
    await user.selectOptions(within(dialog).getByLabelText(t('brokerImport:preset')), 'degiro-transactions');
    // The broker's name comes with the preset.
    expect(within(dialog).getByLabelText(t('portfolio:import.mapped.broker'))).toHaveValue(
      'DEGIRO · Transactions.csv',
    );
    await user.upload(
      within(dialog).getByLabelText(t('portfolio:import.file')),
      new File([DEGIRO_TRANSACTIONS_NL], 'Transactions.csv', { type: 'text/csv' }),
    );
    const field = (name: string) =>
      within(dialog).getByLabelText(label(t(`portfolio:import.mapped.fields.${name}`)));
    // The preset names DEGIRO's columns by position (#1, #4, #7 …), so Dutch and English headers
    // read alike; the form shows each as the file's own header where it has one.
    expect(await waitFor(() => field('date'))).toHaveValue('Datum');
    // The currency's header cell is empty: the column is named by its position.
    expect(field('currency')).toHaveValue('#9');
    expect(
      within(field('currency')).getByRole('option', {
        name: t('brokerImport:unnamedColumn', { position: 9 }),
      }),
    ).toBeInTheDocument();
    // No type column: the quantity's sign is the direction.
    expect(field('type')).toHaveValue('');
    expect(within(dialog).getByLabelText(t('brokerImport:dateFormat'))).toHaveValue('dmy');
    await user.click(within(dialog).getByRole('button', { name: t('portfolio:import.mapped.preview') }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.query).toMatchObject({
      format: 'mapped',
      broker: 'DEGIRO · Transactions.csv',
      dryRun: 'true',
    });
    const preset = IMPORT_PRESETS['degiro-transactions'].mapping;
    expect(JSON.parse(post?.query.mapping ?? '{}')).toEqual({
      ...preset,
      columns: {
        ...preset.columns,
        date: 'Datum',
        security: 'ISIN',
        quantity: 'Aantal',
        price: 'Koers',
        fee: 'Transactiekosten en/of',
        currency: '#9',
        id: 'Order ID',
      },
    });
  });

  it('sends the chosen date format', async () => {
    const { user, t, dialog } = await openMapped();
    await user.type(within(dialog).getByLabelText(t('portfolio:import.mapped.broker')), 'Bank');
    await user.upload(
      within(dialog).getByLabelText(t('portfolio:import.file')),
      new File(['Date,Type,ISIN\n20240105,BUY,US0378331005\n'], 'bank.csv', { type: 'text/csv' }),
    );
    const format = await within(dialog).findByLabelText(t('brokerImport:dateFormat'));
    expect(format).toHaveValue('auto');
    await user.selectOptions(format, 'ymd-compact');
    await user.click(within(dialog).getByRole('button', { name: t('portfolio:import.mapped.preview') }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const mapping = JSON.parse(calls.find((c) => c.method === 'POST')?.query.mapping ?? '{}');
    expect(mapping).toMatchObject({ dateFormat: 'ymd-compact', dateOrder: 'dmy' });
  });

  it('shows a number that cannot be right next to its row, naming the decimal separator', async () => {
    server.use(
      http.post('*/api/v1/portfolio-import/:id', () =>
        HttpResponse.json(
          importResult({
            errors: [],
            warnings: [
              {
                line: 2,
                code: 'PRICE_FAR_FROM_CLOSE',
                field: 'price',
                text: '280.50',
                value: '28050',
                other_reading: '280.5',
                likely_cause: 'decimal_separator',
                params: { close: 280, session: '2020-01-10', ratio: '100' },
                message: 'price 28050 is 100× the close 280 of 2020-01-10',
              },
            ],
          }),
        ),
      ),
    );
    const { user, t, dialog } = await openMapped();
    await user.selectOptions(within(dialog).getByLabelText(t('brokerImport:preset')), 'avanza');
    await user.upload(
      within(dialog).getByLabelText(t('portfolio:import.file')),
      new File(
        [
          'Datum;Typ av transaktion;ISIN;Antal;Kurs;Belopp;Courtage (SEK);Instrumentvaluta\n2020-01-10;Köp;NO0010096985;100;280.50;;;NOK\n',
        ],
        'transaktioner.csv',
        { type: 'text/csv' },
      ),
    );
    await user.click(
      await within(dialog).findByRole('button', { name: t('portfolio:import.mapped.preview') }),
    );
    const rows = await within(dialog).findByRole('region', { name: t('portfolio:import.rowsTitle') });
    const row = within(rows).getAllByRole('row')[1];
    expect(
      within(rows).getByRole('columnheader', { name: t('brokerImport:warnings.column') }),
    ).toBeInTheDocument();
    const cell = within(row).getAllByRole('cell').at(-1);
    expect(cell).toHaveTextContent(
      t('brokerImport:warnings.separatorCause', { text: '280.50', other: lang === 'nb' ? '280,5' : '280.5' }),
    );
    expect(within(dialog).getByText(t('brokerImport:warnings.summary', { count: 1 }))).toBeInTheDocument();
  });

  it("reads an Excel file's columns through the server", async () => {
    server.use(
      http.post('*/api/v1/import-mappings/sheet', () =>
        HttpResponse.json({
          headers: ['Handelsdato', 'Transaksjonstype', 'ISIN', 'Antall', 'Kurs'],
          rows: [['2024-01-16', 'Kjøp', 'NO0010096985', '100', '280.5']],
        }),
      ),
    );
    const { user, t, dialog } = await openMapped();
    await user.type(within(dialog).getByLabelText(t('portfolio:import.mapped.broker')), 'DNB');
    await user.upload(
      within(dialog).getByLabelText(t('portfolio:import.file')),
      new File([new Uint8Array([0x50, 0x4b, 3, 4, 0, 0])], 'dnb.xlsx', {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
    );
    expect(
      await within(dialog).findByLabelText(t('portfolio:import.mapped.kindFor', { word: 'Kjøp' })),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText(label(t('portfolio:import.mapped.fields.quantity')))).toHaveValue(
      'Antall',
    );
  });
});
