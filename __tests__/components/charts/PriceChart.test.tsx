/**
 * jsdom has no canvas, so react-chartjs-2 is replaced by a stub that keeps what the chart was given:
 * these tests check the datasets and options we build (candles, volume, channel, levels, RSI) and the
 * theme colours; the e2e journey checks that Chromium really draws them.
 */
import type { ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import type { ChartData, ChartOptions } from 'chart.js';
import { I18nextProvider } from 'react-i18next';
import { CHART_PALETTE } from '@/lib/constants';
import { createTestI18n } from '../common/shellHelpers';
import { dashboard, tickerDetail } from '../market/marketFixtures';

type Captured = { type?: string; data: ChartData; options: ChartOptions; 'aria-label'?: string };
const captured: Captured[] = [];
jest.mock('react-chartjs-2', () => ({
  Chart: (props: Captured) => {
    captured.push(props);
    return <canvas aria-label={props['aria-label']} />;
  },
  Line: (props: Captured) => {
    captured.push({ ...props, type: 'line' });
    return <canvas aria-label={props['aria-label']} />;
  },
}));
jest.mock('next/router', () => ({ useRouter: () => ({ locale: 'en' }) }));
// Registration needs the plugins' browser builds; nothing is drawn here anyway.
jest.mock('@/components/charts/chartSetup', () => ({}));

import PriceChart from '@/components/charts/PriceChart';
import IndexChart from '@/components/charts/IndexChart';

function renderEn(ui: ReactElement) {
  return render(<I18nextProvider i18n={createTestI18n('en')}>{ui}</I18nextProvider>);
}

type Role = 'candles' | 'volume' | 'channel' | 'level' | 'rsi' | 'guide';
const byRole = (data: ChartData, role: Role) =>
  data.datasets.filter((d) => (d as unknown as { role: Role }).role === role) as unknown as {
    type: string;
    label: string;
    data: { x: number; y?: number | null; o?: number; c?: number }[];
    yAxisID: string;
    borderColor?: string;
  }[];

beforeEach(() => {
  captured.length = 0;
  document.documentElement.removeAttribute('data-bs-theme');
});

describe('PriceChart', () => {
  it('draws candles, volume, the trend channel, support/resistance levels and an RSI pane', () => {
    const detail = tickerDetail();
    const { container } = renderEn(<PriceChart detail={detail} height={460} />);
    expect(container.firstChild).toHaveStyle({ height: '460px' });
    const { type, data, options } = captured.at(-1)!;
    expect(type).toBe('candlestick');

    const [candles] = byRole(data, 'candles');
    expect(candles.data).toHaveLength(detail.bars.length);
    expect(candles.data[0]).toMatchObject({ o: detail.bars[0].open, c: detail.bars[0].close });

    const [volume] = byRole(data, 'volume');
    expect(volume).toMatchObject({ type: 'bar', yAxisID: 'volume' });
    expect(volume.data.map((p) => p.y)).toEqual(detail.bars.map((b) => b.volume));

    // The channel runs from its `from` to its `to` session, with the API's end values.
    const [upper, lower] = byRole(data, 'channel');
    const from = detail.bars.findIndex((b) => b.date === detail.analysis.trend.from);
    expect(upper.data).toHaveLength(detail.bars.length - from);
    expect(upper.data[0].y).toBeCloseTo(105);
    expect(upper.data.at(-1)!.y).toBeCloseTo(125);
    expect(lower.data[0].y).toBeCloseTo(95);
    expect(lower.data.at(-1)!.y).toBeCloseTo(110);

    const levels = byRole(data, 'level');
    expect(levels.map((l) => l.data[0].y)).toEqual([112.5, 130, 140]);
    expect(levels[0].label).toMatch(/^Support/);
    expect(levels[1].label).toMatch(/^Resistance/);

    const [rsi] = byRole(data, 'rsi');
    expect(rsi.yAxisID).toBe('rsi');
    expect(rsi.data.filter((p) => p.y !== null).length).toBe(detail.bars.length - 14);

    // Three panes stacked on one time axis, RSI fixed to 0..100.
    const scales = options.scales as Record<
      string,
      { stack?: string; min?: number; max?: number; type?: string }
    >;
    expect(scales.x.type).toBe('timeseries');
    expect([scales.y.stack, scales.volume.stack, scales.rsi.stack]).toEqual(['panes', 'panes', 'panes']);
    expect([scales.rsi.min, scales.rsi.max]).toEqual([0, 100]);
    expect(options.animation).toBe(false);
  });

  it('has no channel when the API has none, and describes itself to screen readers', () => {
    const detail = tickerDetail();
    detail.analysis.trend.from = '';
    renderEn(<PriceChart detail={detail} height={460} />);
    const { data } = captured.at(-1)!;
    expect(byRole(data, 'channel')).toHaveLength(0);
    expect(captured.at(-1)!['aria-label']).toMatch(/^Price chart of Equinor ASA from /);
  });

  it('takes its colours from the palette and follows a switch to the dark theme', async () => {
    renderEn(<PriceChart detail={tickerDetail()} height={460} />);
    const gridOf = (c: Captured) =>
      (c.options.scales as Record<string, { grid: { color: string } }>).y.grid.color;
    const light = captured.at(-1)!;
    expect(byRole(light.data, 'channel')[0].borderColor).toBe(CHART_PALETTE[0]);
    expect(byRole(light.data, 'rsi')[0].borderColor).toBe(CHART_PALETTE[5]);
    expect(gridOf(light)).toBe('rgba(0, 0, 0, 0.08)');

    await act(async () => document.documentElement.setAttribute('data-bs-theme', 'dark'));
    const dark = captured.at(-1)!;
    expect(gridOf(dark)).toBe('rgba(255, 255, 255, 0.08)');
    // The brighter green of the palette for rising candles on a dark surface.
    const [candles] = byRole(dark.data, 'candles') as unknown as { borderColors: { up: string } }[];
    expect(candles.borderColors.up).toBe(CHART_PALETTE[1]);
  });
});

describe('IndexChart', () => {
  it('draws one year of closes as a filled line, green when the year is up', () => {
    const { index } = dashboard();
    renderEn(<IndexChart bars={index.bars} name={index.long_name} height={240} />);
    const { data } = captured.at(-1)!;
    const [line] = data.datasets as unknown as { data: { y: number }[]; fill: string; borderColor: string }[];
    expect(line.data.map((p) => p.y)).toEqual(index.bars.map((b) => b.close));
    expect(line.fill).toBe('start');
    expect(line.borderColor).toBe(CHART_PALETTE[7]);
  });
});
