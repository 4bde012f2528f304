/**
 * The charts are loaded lazily: importing the chart entry (what pages and components import) must
 * not load chart.js, so it stays out of every page's first-load JavaScript.
 */
import { render, screen } from '@testing-library/react';

const loaded: string[] = [];
jest.mock('chart.js', () => {
  loaded.push('chart.js');
  return jest.requireActual('chart.js');
});
jest.mock('next/dynamic', () => ({
  __esModule: true,
  // Next's dynamic(): the loader is not called until the component renders in the browser.
  default: (
    _loader: () => Promise<unknown>,
    options: { ssr?: boolean; loading: () => React.ReactElement },
  ) => {
    expect(options.ssr).toBe(false);
    return function Lazy() {
      return options.loading();
    };
  },
}));

describe('components/charts', () => {
  it('does not load chart.js on import, and shows a box of the final height while loading', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- imported after the mocks on purpose
    const charts = require('@/components/charts') as typeof import('@/components/charts');
    expect(loaded).toEqual([]);
    render(<charts.PriceChart detail={{} as never} height={charts.PRICE_CHART_HEIGHT} />);
    expect(screen.getByTestId('chart-placeholder')).toHaveStyle({ height: `${charts.PRICE_CHART_HEIGHT}px` });
    expect(loaded).toEqual([]);
  });
});
