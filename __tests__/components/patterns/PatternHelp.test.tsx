import { screen } from '@testing-library/react';
import PatternHelp from '@/components/patterns/PatternHelp';
import {
  PATTERN_ACTIVE_SESSIONS,
  PATTERN_BREAKOUT_TOLERANCE,
  PATTERN_LEVEL_TOLERANCE,
  PATTERN_MIN_HEIGHT,
  PATTERN_NECKLINE_TOLERANCE,
  PATTERN_SHOULDER_TOLERANCE,
  PATTERN_VOLUME_SESSIONS,
  PIVOT_SPAN,
} from '@/server/domain/analysis/constants';
import nb from '@/public/locales/nb/patterns.json';
import en from '@/public/locales/en/patterns.json';
import type { MockRouter } from '../common/shellHelpers';
import { marketRouter, renderMarket } from '../market/renderMarket';

let mockRouter: MockRouter;
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));

describe('PatternHelp', () => {
  it('explains each of the eight patterns with a drawing (nb words)', () => {
    mockRouter = marketRouter('/help/chart-patterns', {}, 'nb');
    renderMarket(<PatternHelp />, 'nb');
    expect(screen.getAllByRole('img')).toHaveLength(8);
    for (const title of [
      'Hode-og-skulder',
      'Omvendt hode-og-skulder',
      'Dobbel topp',
      'Dobbel bunn',
      'Rektangel',
      'Stigende triangel',
      'Fallende triangel',
      'Symmetrisk triangel',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
    expect(screen.getByText(/kursmål 92 − 18 = 74/)).toBeInTheDocument();
  });

  it.each([
    ['nb', nb.help.rules.join(' ')],
    ['en', en.help.rules.join(' ')],
  ])('quotes the detector’s numbers (%s)', (_lang, text) => {
    const pct = (x: number) => `${Math.round(x * 100)} %`;
    expect(text).toContain(`${PIVOT_SPAN[1]}, ${PIVOT_SPAN[2]}`);
    expect(text).toContain(`${PIVOT_SPAN[3]}`);
    for (const x of [PATTERN_BREAKOUT_TOLERANCE, PATTERN_LEVEL_TOLERANCE, PATTERN_MIN_HEIGHT]) {
      expect(text).toContain(pct(x));
    }
    expect(text).toContain(pct(PATTERN_SHOULDER_TOLERANCE));
    expect(text).toContain(pct(PATTERN_NECKLINE_TOLERANCE));
    expect(text).toContain(`${PATTERN_VOLUME_SESSIONS}`);
    expect(text).toContain(`${PATTERN_ACTIVE_SESSIONS}`);
  });
});
