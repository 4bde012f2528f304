import { screen } from '@testing-library/react';
import GainLoss from '@/components/portfolio/GainLoss';
import { plain, renderPage } from './helpers';

const shown = () => screen.getByText((_, el) => el?.hasAttribute('data-kind') ?? false);

// The sign and colour follow the unrounded value (issue 16): before, a ratio was rounded to two
// decimals first, so +0.4 % (0.004) came out as 0 and showed as flat.
describe('GainLoss', () => {
  it.each([
    // value, currency, nb text, en text, kind
    [0.004, undefined, '+0,40 %', '+0.40%', 'gain'],
    [-0.004, undefined, '−0,40 %', '-0.40%', 'loss'],
    [0.00004, undefined, '+0,00 %', '+0.00%', 'gain'],
    [-0.003, 'NOK', '−0,00 kr', '−NOK 0.00', 'loss'],
    [0.005, 'NOK', '+0,01 kr', '+NOK 0.01', 'gain'],
    [0, 'NOK', '0,00 kr', 'NOK 0.00', 'flat'],
    [0, undefined, '0,00 %', '0.00%', 'flat'],
  ] as const)('%p %s → nb "%s", en "%s" (%s)', (value, currency, nb, en, kind) => {
    for (const [lang, expected] of [
      ['nb', nb],
      ['en', en],
    ] as const) {
      const { unmount, t } = renderPage(<GainLoss value={value} currency={currency} />, lang);
      const el = shown();
      expect(el).toHaveAttribute('data-kind', kind);
      const word = kind === 'flat' ? '' : ` (${t(`portfolio:gain.${kind}`)})`;
      expect(plain(el.textContent)).toBe(`${expected}${word}`);
      if (kind === 'gain') expect(el).toHaveClass('text-success');
      if (kind === 'loss') expect(el).toHaveClass('text-danger');
      if (kind === 'flat') expect(el).not.toHaveClass('text-success', 'text-danger');
      unmount();
    }
  });
});
