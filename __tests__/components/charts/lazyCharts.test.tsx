/**
 * The charts are loaded lazily: importing the chart entry (what pages and components import) must
 * not load chart.js, so it stays out of every page's first-load JavaScript.
 */
import { render, screen } from '@testing-library/react';

const loaded: string[] = [];
/** What the chart boxes rendered, in order (the placeholder and the loaded chart). */
const drawn: string[] = [];
const loaders: (() => Promise<React.ComponentType<{ height: number }>>)[] = [];
jest.mock('chart.js', () => {
  loaded.push('chart.js');
  return jest.requireActual('chart.js');
});
jest.mock('next/dynamic', () => ({
  __esModule: true,
  // Next's dynamic(): the loader is not called until the component renders in the browser.
  default: (
    loader: () => Promise<React.ComponentType<{ height: number }>>,
    options: { ssr?: boolean; loading: () => React.ReactElement },
  ) => {
    expect(options.ssr).toBe(false);
    loaders.push(loader);
    return function Lazy() {
      return options.loading();
    };
  },
}));

jest.mock('@/components/charts/ChartPlaceholder', () => ({
  __esModule: true,
  default: function Placeholder({ height }: { height: number }) {
    drawn.push('placeholder');
    return <div data-testid="chart-placeholder" style={{ height }} />;
  },
}));
jest.mock('@/components/charts/PriceChart', () => ({
  __esModule: true,
  default: function LoadedPriceChart() {
    drawn.push('chart');
    return <canvas data-testid="loaded-chart" />;
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

  it('draws a loaded chart in a render after the one that ran its code, the placeholder meanwhile', async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- imported after the mocks on purpose
    const charts = require('@/components/charts') as typeof import('@/components/charts');
    // PriceChart's loader (the first dynamic() of the module): what it resolves to is what shows.
    const Loaded = await loaders[0]();
    drawn.length = 0;
    render(<Loaded height={charts.PRICE_CHART_HEIGHT} />);
    expect(screen.getByTestId('loaded-chart')).toBeInTheDocument();
    expect(screen.queryByTestId('chart-placeholder')).not.toBeInTheDocument();
    // First the placeholder (the render right after the code ran), then the chart.
    expect(drawn).toEqual(['placeholder', 'chart']);
  });
});
