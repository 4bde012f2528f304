// Issue 37: an instrument outside the analysis universe shows "no analysis" instead of a signal,
// and the date and source of its price, in both languages.
import { screen, within } from '@testing-library/react';
import ResultsTable from '@/components/portfolio/ResultsTable';
import { resultRow } from './portfolioFixtures';
import { LANGS, renderPage } from './helpers';

const FUND = resultRow({
  ticker_id: 40,
  symbol: 'NO0010900001',
  long_name: 'KLP AksjeAsia Indeks',
  isin: 'NO0010900001',
  kind: 'fund',
  in_universe: false,
  price_date: '2024-03-01',
  price_source: 'trade',
  last_price: 1700,
  signal: null,
  technical_score: null,
});

const TEXT = {
  nb: { noAnalysis: 'Ingen analyse', source: /Egen handel/ },
  en: { noAnalysis: 'No analysis', source: /Own trade/ },
} as const;

describe.each(LANGS)('results of an instrument outside the universe (%s)', (lang) => {
  it('shows "no analysis" for it, its price source and date, and the universe share’s signal as before', () => {
    renderPage(
      <ResultsTable
        rows={[resultRow(), FUND]}
        totals={null}
        baseCurrency="NOK"
        includeSold={false}
        onIncludeSoldChange={() => {}}
        onShowTransactions={() => {}}
      />,
      lang,
    );
    const rows = screen.getAllByRole('row');
    const fundRow = rows.find((r) => within(r).queryByText('KLP AksjeAsia Indeks'))!;
    expect(within(fundRow).getByText(TEXT[lang].noAnalysis)).toBeInTheDocument();
    expect(within(fundRow).getByText(TEXT[lang].source)).toBeInTheDocument();
    const dnbRow = rows.find((r) => within(r).queryByText('DNB Bank ASA'))!;
    expect(within(dnbRow).queryByText(TEXT[lang].noAnalysis)).toBeNull();
  });
});
