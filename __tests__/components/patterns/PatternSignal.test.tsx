import { screen } from '@testing-library/react';
import PatternSignal from '@/components/patterns/PatternSignal';
import type { PatternDto } from '@/lib/types/patterns';
import type { MockRouter } from '../common/shellHelpers';
import { marketRouter, renderMarket } from '../market/renderMarket';

let mockRouter: MockRouter;
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));

function pattern(overrides: Partial<PatternDto>): PatternDto {
  return {
    kind: 'inverse_head_and_shoulders',
    direction: 'buy',
    status: 'completed',
    start: '2026-08-03',
    end: '2026-10-20',
    points: [],
    confirmed_date: '2026-10-27',
    breakout_level: 380,
    breakout_date: '2026-11-18',
    volume_confirmed: true,
    failed_date: null,
    height: 32,
    target: 412,
    target_zone: [412, 430],
    invalidation: 355.5,
    lines: [],
    active: true,
    ...overrides,
  };
}

describe('PatternSignal', () => {
  it('states the active pattern signal in Investtech’s words, with the target zone (nb)', () => {
    mockRouter = marketRouter('/market/analysis', {}, 'nb');
    renderMarket(<PatternSignal analysis={{ patterns: [pattern({})] }} />, 'nb');
    expect(
      screen.getByText('Kjøpssignal fra omvendt hode-og-skulder-formasjon, kursmål 412–430'),
    ).toBeInTheDocument();
    // 355,5 in Norwegian number format.
    expect(screen.getByText(/ugyldig ved sluttkurs forbi 355,5/)).toBeInTheDocument();
  });

  it('names a sell signal and a forming pattern in English; an inactive breakout is no signal', () => {
    mockRouter = marketRouter('/market/analysis', {}, 'en');
    renderMarket(
      <PatternSignal
        analysis={{
          patterns: [
            pattern({ kind: 'double_top', direction: 'sell', target_zone: [78, 80], active: false }),
            pattern({
              kind: 'ascending_triangle',
              status: 'forming',
              breakout_date: null,
              breakout_level: 100,
              target_zone: [112.5, 112.5],
              invalidation: 95,
            }),
          ],
        }}
      />,
      'en',
    );
    expect(screen.queryByText(/Sell signal/)).not.toBeInTheDocument();
    expect(
      screen.getByText(
        'Possible ascending triangle forming: a breakout at 100 gives a price target of 112.5; invalid at 95',
      ),
    ).toBeInTheDocument();
  });

  it('states a sell signal in English', () => {
    mockRouter = marketRouter('/market/analysis', {}, 'en');
    renderMarket(
      <PatternSignal
        analysis={{ patterns: [pattern({ direction: 'sell', kind: 'double_top', target_zone: [78, 80] })] }}
      />,
      'en',
    );
    expect(screen.getByText('Sell signal from a double top, price target 78–80')).toBeInTheDocument();
  });
});
