// Issue 39 item 5: the exchange code is spelt out where the markets are presented (OL is Oslo Børs).
import { screen } from '@testing-library/react';
import MarketCards from '@/components/common/marketing/MarketCards';
import { renderWithShell } from './shellHelpers';

describe('MarketCards', () => {
  it('spells out the exchange code OL in Norwegian', () => {
    renderWithShell(<MarketCards />, 'nb');
    expect(screen.getByText('OL (børskoden til Oslo Børs, Euronext Oslo)')).toBeInTheDocument();
  });

  it('spells out the exchange codes in English', () => {
    renderWithShell(<MarketCards />, 'en');
    expect(screen.getByText('OL (the exchange code of Oslo Børs, Euronext Oslo)')).toBeInTheDocument();
    expect(screen.getByText('NASDAQ (the Nasdaq Stock Market, New York)')).toBeInTheDocument();
  });
});
