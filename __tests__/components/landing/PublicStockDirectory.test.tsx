// /public/stocks (issue 39): the directory is plain HTML: a GET search form that works without
// JavaScript, a segment choice, and a link to every stock's page, A–Z per market, in nb and en.
import { screen, within } from '@testing-library/react';
import PublicStockDirectory from '@/components/landing/PublicStockDirectory';
import type { PublicDirectory } from '@/lib/types/publicStocks';
import { renderWithShell } from '../common/shellHelpers';

const DIRECTORY: PublicDirectory = {
  q: '',
  segment: null,
  count: 4,
  markets: [
    {
      country_id: 160,
      count: 3,
      letters: [
        { letter: 'A', stocks: [{ symbol: 'AZT', long_name: 'ArcticZymes Technologies ASA', segment: 'oslo_bors', signal: 'hold' }] },
        { letter: 'E', stocks: [{ symbol: 'EQNR', long_name: 'Equinor ASA', segment: 'oslo_bors', signal: 'buy' }] },
        { letter: 'H', stocks: [{ symbol: 'HAV', long_name: 'HAV Group ASA', segment: 'growth', signal: 'sell' }] },
      ],
    },
    {
      country_id: 226,
      count: 1,
      letters: [{ letter: 'A', stocks: [{ symbol: 'GOOG', long_name: 'Alphabet Inc. (Class C)', segment: null, signal: 'hold' }] }],
    },
  ],
}; // prettier-ignore

describe('PublicStockDirectory', () => {
  it('links every stock to its public page and names the Growth segment, in Norwegian', () => {
    renderWithShell(<PublicStockDirectory directory={DIRECTORY} />, 'nb');
    for (const [name, symbol] of [
      ['ArcticZymes Technologies ASA', 'AZT'],
      ['Equinor ASA', 'EQNR'],
      ['HAV Group ASA', 'HAV'],
      ['Alphabet Inc. (Class C)', 'GOOG'],
    ]) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', `/public/stocks/${symbol}`);
    }
    const oslo = screen.getByRole('region', { name: /Oslo Børs \(Euronext Oslo\)/ });
    expect(within(oslo).getByText('Euronext Growth Oslo')).toBeInTheDocument();
    expect(screen.getByTestId('directory-count')).toHaveTextContent('4 aksjer');
    expect(screen.getByRole('heading', { name: 'Alle aksjene, A–Å' })).toBeInTheDocument();
  });

  it('searches with a GET form back to /public/stocks (no JavaScript needed), keeping the choice', () => {
    renderWithShell(<PublicStockDirectory directory={{ ...DIRECTORY, q: 'hav', segment: 'growth' }} />, 'en');
    const form = screen.getByRole('search');
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/public/stocks');
    expect(screen.getByRole('searchbox', { name: 'Search by name or ticker' })).toHaveAttribute('name', 'q');
    expect(screen.getByRole('searchbox')).toHaveValue('hav');
    const select = screen.getByRole('combobox', { name: 'Oslo market segment' });
    expect(select).toHaveAttribute('name', 'segment');
    expect(select).toHaveValue('growth');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['', 'oslo_bors', 'expand', 'growth']);
    expect(screen.getByRole('link', { name: 'Show all' })).toHaveAttribute('href', '/public/stocks');
  });
});
