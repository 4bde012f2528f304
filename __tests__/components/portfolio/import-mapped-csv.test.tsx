// Issue 22 item 4 in the browser: another bank's CSV mapped in the import dialog (columns guessed
// from the header, type words given a meaning), previewed with the mapping, and a server field
// problem shown next to its field.
import { waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { createMockRouter, type MockRouter } from '../common/shellHelpers';
import { errorBody } from './portfolioFixtures';
import { LANGS } from './helpers';
import { openImportDialog, setUpPortfolioView } from './portfolioViewHarness';

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

const FILE =
  'Dato;Type;ISIN;Antall;Kurs;Beløp\n15.01.2024;Kjøp;NO0010096985;10;100,5;\n16.01.2024;Salg;NO0010096985;5;101;\n';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A column field by its exact label (required ones end in " *"). */
const label = (text: string) => new RegExp(`^${escape(text)}( \\*)?$`);

describe.each(LANGS)('mapped CSV import dialog (%s)', (lang) => {
  async function openMapped() {
    const { user, t, dialog } = await openImportDialog(lang);
    await user.selectOptions(within(dialog).getByLabelText(t('portfolio:import.mapped.source')), 'mapped');
    await user.type(within(dialog).getByLabelText(t('portfolio:import.mapped.broker')), 'DNB');
    await user.upload(
      within(dialog).getByLabelText(t('portfolio:import.file')),
      new File([FILE], 'dnb.csv', { type: 'text/csv' }),
    );
    return { user, t, dialog };
  }

  it('guesses the columns from the header, maps the type words, and previews with the mapping', async () => {
    const { user, t, dialog } = await openMapped();
    const field = (name: string) =>
      within(dialog).getByLabelText(label(t(`portfolio:import.mapped.fields.${name}`)));
    expect(await waitFor(() => field('date'))).toHaveValue('Dato');
    expect(field('type')).toHaveValue('Type');
    expect(field('price')).toHaveValue('Kurs');
    expect(field('fee')).toHaveValue('');
    await user.selectOptions(
      within(dialog).getByLabelText(t('portfolio:import.mapped.kindFor', { word: 'Kjøp' })),
      'buy',
    );
    await user.selectOptions(
      within(dialog).getByLabelText(t('portfolio:import.mapped.kindFor', { word: 'Salg' })),
      'sell',
    );
    await user.click(within(dialog).getByRole('button', { name: t('portfolio:import.mapped.preview') }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.query).toMatchObject({ format: 'mapped', broker: 'DNB', dryRun: 'true' });
    expect(JSON.parse(post?.query.mapping ?? '{}')).toEqual({
      columns: {
        date: 'Dato',
        type: 'Type',
        security: 'ISIN',
        quantity: 'Antall',
        price: 'Kurs',
        fee: null,
        currency: null,
        amount: 'Beløp',
        id: null,
      },
      decimal: 'comma',
      dateOrder: 'dmy',
      // A new mapping starts on "detect" (15.01.2024 is day first; 05/06 would be refused, not guessed).
      dateFormat: 'auto',
      types: [
        { word: 'Kjøp', kind: 'buy' },
        { word: 'Salg', kind: 'sell' },
      ],
    });
  });

  it('imports with the previewed mapping under the broker name', async () => {
    const { user, t, dialog } = await openMapped();
    await user.selectOptions(
      await within(dialog).findByLabelText(t('portfolio:import.mapped.kindFor', { word: 'Kjøp' })),
      'buy',
    );
    await user.click(within(dialog).getByRole('button', { name: t('portfolio:import.mapped.preview') }));
    const importButton = await within(dialog).findByRole('button', { name: /^(Importer|Import) / });
    await waitFor(() => expect(importButton).toBeEnabled());
    await user.click(importButton);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    const real = calls.filter((c) => c.method === 'POST')[1];
    expect(real.query.dryRun).toBeUndefined();
    expect(real.query).toMatchObject({ format: 'mapped', broker: 'DNB' });
    expect(JSON.parse(real.query.mapping ?? '{}').types).toEqual([{ word: 'Kjøp', kind: 'buy' }]);
  });

  it('shows a column the server did not find next to its field', async () => {
    server.use(
      http.post('*/api/v1/portfolio-import/:id', () =>
        errorBody(400, 'IMPORT_MAPPING_COLUMNS', [
          { path: 'mapping.columns.price', message: '"Kurs" is not a column of the file', code: 'custom' },
        ]),
      ),
    );
    const { user, t, dialog } = await openMapped();
    await user.click(
      await within(dialog).findByRole('button', { name: t('portfolio:import.mapped.preview') }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      t('portfolio:import.mapped.fixFields'),
    );
    const price = within(dialog).getByLabelText(label(t('portfolio:import.mapped.fields.price')));
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('"Kurs" is not a column of the file')).toBeInTheDocument();
  });
});
