// The import preview tells why a line is skipped or needs review in the user's language (issue
// 26, s2): the server's code and parameters, the English reason only for a code this build lacks.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ImportPreview from '@/components/portfolio/ImportPreview';
import { importResult } from './portfolioFixtures';
import { renderPage } from './helpers';

const preview = importResult({
  errors: [],
  skipped: 3,
  skipped_rows: [
    {
      line: 3,
      reason: 'KJØPT: cancelled (Makuleringsdato 2024-03-05)',
      code: 'CANCELLED',
      params: { type: 'KJØPT', date: '2024-03-05' },
    },
    {
      line: 4,
      reason: 'TEGNING UTTAK RETTER: changes neither a holding nor the cash here',
      code: 'NO_EFFECT',
      params: { type: 'TEGNING UTTAK RETTER' },
    },
    {
      line: 10,
      reason: 'already in this portfolio (Id 1000000000)',
      code: 'ALREADY_IMPORTED',
      params: { id: '1000000000' },
    },
  ],
  review: [
    {
      line: 6,
      date: '2024-03-05',
      transaction_type: 'KUPONGSKATT',
      isin: 'NO0010096985',
      name: 'Equinor',
      quantity: null,
      amount: '-25',
      currency: 'NOK',
      direction: null,
      reason: 'tax withheld without a dividend of the same security within ten days',
      code: 'WITHHOLDING_ALONE',
      file_cost: null,
      params: { type: 'KUPONGSKATT', days: 10 },
    },
    {
      line: 7,
      date: '2024-03-08',
      transaction_type: 'OVERFØRING VP',
      isin: 'NO0010096985',
      name: 'Equinor',
      quantity: '7',
      amount: null,
      currency: null,
      direction: 'in',
      reason: 'transaction type not known',
      code: 'UNKNOWN_TYPE',
      file_cost: null,
      params: { type: 'OVERFØRING VP' },
    },
  ],
});

describe('ImportPreview', () => {
  it('shows the skipped and review reasons in Norwegian', async () => {
    const user = userEvent.setup();
    renderPage(<ImportPreview idPrefix="t" preview={preview} costs={{}} onCost={() => {}} />, 'nb');
    const review = screen.getByRole('region', { name: '2 linjer å se over' });
    expect(
      within(review).getByRole('cell', {
        name:
          'Kildeskatt («KUPONGSKATT») uten et utbytte fra samme aksje innen 10 dager før eller etter. ' +
          'Eksporter en periode som har med utbyttet, ellers hoppes linjen over.',
      }),
    ).toBeInTheDocument();
    expect(
      within(review).getByRole('cell', {
        name:
          'Vi kjenner ikke transaksjonstypen «OVERFØRING VP». Flytter den aksjer inn eller ut, ' +
          'skriv inn samlet kostnad; ellers hoppes linjen over.',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/tax withheld|not known/)).toBeNull();

    await user.click(screen.getByText('3 linjer hoppes over', { selector: 'summary' }));
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      // The Makuleringsdato as the tables show dates.
      'Linje 3: «KJØPT» ble makulert 5. mars 2024 og tas ikke med. Du trenger ikke gjøre noe.',
      'Linje 4: «TEGNING UTTAK RETTER» endrer verken beholdningen eller kontantene i porteføljen ' +
        '(for eksempel tegningsretter), så linjen tas ikke med. Du trenger ikke gjøre noe.',
      'Linje 10: Finnes allerede i porteføljen (id 1000000000), så den legges ikke inn to ganger.',
    ]);
  });

  it('shows them in English, and the English reason for a code it does not know', () => {
    const newer = {
      ...preview,
      skipped_rows: [
        preview.skipped_rows[0],
        { ...preview.skipped_rows[2], code: 'NEWER' as never, reason: 'a newer reason' },
      ],
    };
    renderPage(<ImportPreview idPrefix="t" preview={newer} costs={{}} onCost={() => {}} />, 'en');
    expect(
      screen.getByRole('cell', {
        name:
          'The transaction type “OVERFØRING VP” is not one we know. If it moves shares in or out, ' +
          'enter the total cost; otherwise the line is skipped.',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('Line 10: a newer reason')).toBeInTheDocument();
    expect(
      screen.getByText('Line 3: “KJØPT” was cancelled on Mar 5, 2024 and is left out. Nothing to do.'),
    ).toBeInTheDocument();
  });
});
