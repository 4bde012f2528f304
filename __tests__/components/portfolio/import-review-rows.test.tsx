// Issue 39 item 8: review rows that say what they need. The cost field only on rows that change a
// holding; a redemption row shows the cash it pays; skipped lines listed (open) with the reason;
// every amount with its currency. In nb and en; the expected texts are written out by hand.
import { screen, within } from '@testing-library/react';
import ImportPreview from '@/components/portfolio/ImportPreview';
import { importResult } from './portfolioFixtures';
import { LANGS, plain, renderPage } from './helpers';

const preview = importResult({
  errors: [],
  skipped: 1,
  skipped_rows: [
    {
      line: 9,
      reason: 'TEGNING UTTAK RETTER: changes neither a holding nor the cash here',
      code: 'NO_EFFECT',
      params: { type: 'TEGNING UTTAK RETTER' },
    },
  ],
  rows: [
    {
      line: 2,
      external_id: '1',
      date: '2024-03-01',
      event_id: 1,
      ticker_id: 3,
      symbol: 'AAPL',
      long_name: 'Apple Inc.',
      isin: 'US0378331005',
      kind: 'share',
      new_instrument: false,
      quantity: '10',
      price: '8.914903',
      fee: '1',
      split_to: null,
      split_from: null,
      withholding_tax: null,
      fx_rate: '10.5',
      currency: 'USD',
    },
    {
      line: 3,
      external_id: '2',
      date: '2024-03-02',
      event_id: 6,
      ticker_id: null,
      symbol: '',
      long_name: '',
      isin: null,
      kind: null,
      new_instrument: false,
      quantity: '1',
      price: '3000',
      fee: '0',
      split_to: null,
      split_from: null,
      withholding_tax: null,
      fx_rate: null,
      currency: null,
    },
  ],
  review: [
    {
      // a compulsory redemption: 70 shares out, 1 400 NOK in
      line: 6,
      date: '2024-03-05',
      transaction_type: 'INNLØSN. UTTAK VP',
      isin: 'NO0010000001',
      name: 'Sparebank',
      quantity: '-70',
      amount: '1 400',
      amount_value: '1400',
      currency: 'NOK',
      direction: 'out',
      reason: 'transaction type not known',
      code: 'UNKNOWN_TYPE',
      file_cost: '1400',
      params: { type: 'INNLØSN. UTTAK VP' },
    },
    {
      // tax withheld alone: no holding changes, so no cost field
      line: 7,
      date: '2024-03-08',
      transaction_type: 'KUPONGSKATT',
      isin: 'NO0010096985',
      name: 'Equinor',
      quantity: null,
      amount: '-25',
      amount_value: '-25',
      currency: 'NOK',
      direction: null,
      reason: 'tax withheld without a dividend of the same security within ten days',
      code: 'WITHHOLDING_ALONE',
      file_cost: null,
      params: { type: 'KUPONGSKATT', days: 10 },
    },
  ],
});

const EXPECTED = {
  nb: {
    price: '8,914903 USD',
    fee: '1,00 USD',
    cash: '3 000,00 kr',
    pays: 'Betaler 1 400,00 kr',
    withheld: '−25,00 kr',
    costIn: 'i NOK',
    noCost: 'Endrer ingen beholdning, så ingen kostnad å oppgi',
    skipped: 'Linje 9:',
  },
  en: {
    price: '$8.914903',
    fee: '$1.00',
    cash: 'NOK 3,000.00',
    pays: 'Pays NOK 1,400.00',
    withheld: '-NOK 25.00',
    costIn: 'in NOK',
    noCost: 'Changes no holding, so there is no cost to give',
    skipped: 'Line 9:',
  },
} as const;

describe.each(LANGS)('review rows that say what they need (%s)', (lang) => {
  it('shows every amount with its currency, what a redemption pays, a cost field only where a holding changes, and the skipped lines', () => {
    const e = EXPECTED[lang];
    const { t } = renderPage(
      <ImportPreview idPrefix="t" preview={preview} costs={{}} onCost={() => {}} baseCurrency="NOK" />,
      lang,
    );
    const rows = screen.getByRole('region', { name: t('portfolio:import.rowsTitle') });
    const [, buy, withdrawal] = within(rows).getAllByRole('row');
    const cells = (r: HTMLElement) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => plain(c.textContent));
    // line, date, type, security, quantity, price, fee
    expect(cells(buy).slice(5, 7)).toEqual([e.price, e.fee]);
    // a cash row: its amount in the portfolio's currency
    expect(cells(withdrawal)[5]).toBe(e.cash);

    const review = screen.getByRole('region', { name: t('portfolio:import.reviewTitle', { count: 2 }) });
    const [, redemption, withholding] = within(review).getAllByRole('row');
    expect(
      within(redemption).getByText((_, el) => plain(el?.textContent) === e.pays && el?.tagName === 'TD'),
    ).toBeInTheDocument();
    const cost = within(redemption).getByRole('textbox', {
      name: t('portfolio:import.reviewCostFor', { line: 6 }),
    });
    expect(cost).toHaveAccessibleDescription(e.costIn);
    // the withholding row moves no shares: its amount with the currency, and no cost field
    expect(cells(withholding)).toContain(e.withheld);
    expect(within(withholding).queryByRole('textbox')).toBeNull();
    expect(within(withholding).getByText(e.noCost)).toBeInTheDocument();

    // the skipped line is listed, open, with its reason
    const details = screen.getByText(t('portfolio:import.skippedTitle', { count: 1 })).closest('details');
    expect(details).toHaveAttribute('open');
    expect(within(details!).getByText(new RegExp(`^${e.skipped}`))).toBeVisible();
  });
});
