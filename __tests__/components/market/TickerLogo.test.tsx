import { fireEvent, render, screen } from '@testing-library/react';
import TickerLogo, { monogramColor, monogramOf } from '@/components/market/TickerLogo';

describe('TickerLogo', () => {
  it.each([
    ['Equinor ASA', 'EQNR', 'EQ'],
    ['Norsk Hydro ASA', 'NHY', 'NH'],
    ['Alphabet Inc. Class A', 'GOOGL', 'AL'],
    ['Lerøy Seafood Group ASA', 'LSG', 'LS'],
    ['Å Energi', 'AE', 'ÅE'],
    ['3M', 'MMM', '3M'],
  ])('%s -> %s monogram %s', (name, symbol, expected) => {
    expect(monogramOf(name, symbol)).toBe(expected);
  });

  it('gives a company the same colour every time', () => {
    expect(monogramColor('EQNR')).toBe(monogramColor('EQNR'));
  });

  it('shows the logo, and the monogram when there is none or it fails to load', () => {
    const { container, rerender } = render(<TickerLogo name="Equinor ASA" symbol="EQNR" img="/l.png" />);
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('src', '/l.png');
    expect(img).toHaveAttribute('alt', '');
    fireEvent.error(img);
    expect(screen.getByTestId('monogram')).toHaveTextContent('EQ');
    rerender(<TickerLogo name="Aker BP ASA" symbol="AKRBP" img="" />);
    expect(screen.getByTestId('monogram')).toHaveTextContent('AB');
  });
});
