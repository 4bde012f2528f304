/**
 * jsdom has no canvas, so react-chartjs-2 is replaced by a stub that keeps what the chart was given:
 * these tests check the datasets and options we build (candles, volume, channel, levels, RSI) and the
 * theme colours; the e2e journey checks that Chromium really draws them.
 */
import { forwardRef, useImperativeHandle, type ReactElement, type Ref } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ChartData, ChartOptions } from 'chart.js';
import { I18nextProvider } from 'react-i18next';
import { CHART_PALETTE } from '@/lib/constants';
import { createTestI18n } from '../common/shellHelpers';
import { dashboard, tickerDetail } from '../market/marketFixtures';

type Captured = {
  type?: string;
  data: ChartData;
  options: ChartOptions;
  plugins?: unknown[];
  'aria-label'?: string;
};
const captured: Captured[] = [];
/**
 * What the chart component reaches through its ref: the zoom plugin's methods and the parts of a
 * Chart.js instance the crosshair keys use, recorded. `zoomed` is what isZoomedOrPanned answers.
 */
const mockChart = {
  zoomed: false,
  zoom: jest.fn((_amount: { x: number }) => {
    mockChart.zoomed = true;
  }),
  pan: jest.fn((_amount: { x: number }) => {
    mockChart.zoomed = true;
  }),
  resetZoom: jest.fn(() => {
    mockChart.zoomed = false;
  }),
  isZoomedOrPanned: () => mockChart.zoomed,
  chartArea: { left: 0, right: 500, top: 10, bottom: 400 },
  scales: { x: { min: -Infinity, max: Infinity, getPixelForValue: () => 250 } },
  data: { datasets: [] as unknown[] },
  active: [] as { datasetIndex: number; index: number }[],
  setActiveElements: jest.fn(),
  tooltip: {
    getActiveElements: () => mockChart.active,
    setActiveElements: jest.fn((els: { datasetIndex: number; index: number }[]) => {
      mockChart.active = els;
    }),
  },
  update: jest.fn(),
};
jest.mock('react-chartjs-2', () => ({
  Chart: forwardRef(function MockChart(props: Captured, ref: Ref<unknown>) {
    captured.push(props);
    mockChart.data = props.data as unknown as { datasets: unknown[] };
    useImperativeHandle(ref, () => mockChart);
    return <canvas aria-label={props['aria-label']} />;
  }),
  Line: (props: Captured) => {
    captured.push({ ...props, type: 'line' });
    return <canvas aria-label={props['aria-label']} />;
  },
}));
jest.mock('next/router', () => ({ useRouter: () => ({ locale: 'en' }) }));
// Registration needs the plugins' browser builds; nothing is drawn here anyway.
jest.mock('@/components/charts/chartSetup', () => ({}));
jest.mock('@/components/charts/chartZoom', () => ({}));

import PriceChart from '@/components/charts/PriceChart';
import IndexChart from '@/components/charts/IndexChart';

function renderEn(ui: ReactElement) {
  return render(<I18nextProvider i18n={createTestI18n('en')}>{ui}</I18nextProvider>);
}

type Role = 'candles' | 'volume' | 'channel' | 'level' | 'rsi' | 'guide' | 'ma' | 'pattern';
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
  window.localStorage.clear();
  mockChart.zoomed = false;
  mockChart.active = [];
  jest.clearAllMocks();
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

/** 25 sessions, close 100 + i, the fourth (index 3) without volume (it does not count). */
function stepBars() {
  return Array.from({ length: 25 }, (_, i) => ({
    date: new Date(Date.UTC(2026, 0, 5 + i)).toISOString().slice(0, 10),
    open: 100 + i - 0.5,
    high: 100 + i + 1,
    low: 100 + i - 1,
    close: 100 + i,
    volume: i === 3 ? 0 : 1000 + i,
  }));
}

function renderNb(ui: ReactElement) {
  return render(<I18nextProvider i18n={createTestI18n('nb')}>{ui}</I18nextProvider>);
}

describe('PriceChart: moving averages, zoom and crosshair (issue 25)', () => {
  it('overlays MA 20 when toggled, remembers the toggle, and shows no MA by default', () => {
    const bars = stepBars();
    const detail = tickerDetail({ bars });
    const first = renderEn(<PriceChart detail={detail} height={460} />);
    expect(byRole(captured.at(-1)!.data, 'ma')).toHaveLength(0);
    const ma20 = screen.getByRole('button', { name: 'MA 20' });
    expect(ma20).toHaveAttribute('aria-pressed', 'false');

    fireEvent.click(ma20);
    expect(ma20).toHaveAttribute('aria-pressed', 'true');
    const [line] = byRole(captured.at(-1)!.data, 'ma');
    expect(line).toMatchObject({ label: 'MA 20', yAxisID: 'y', borderColor: CHART_PALETTE[4] });
    const ys = line.data.map((p) => p.y);
    // By hand: the 20th session that counts is index 20 (index 3 has no volume), so MA 20 starts
    // there: closes 100..120 without 103 → (2310 − 103) / 20 = 110.35. At index 24 the last 20
    // counted closes are 105..124 → 114.5. Before index 20, and at the volume-less index 3: null.
    expect(ys.slice(0, 20).every((y) => y === null)).toBe(true);
    expect(ys[20]).toBeCloseTo(110.35, 10);
    expect(ys[24]).toBeCloseTo(114.5, 10);
    // The toggle is remembered: a new chart (another ticker, a reload) starts with MA 20 on.
    expect(JSON.parse(window.localStorage.getItem('trendvakt-chart-ma')!)).toEqual([20]);
    first.unmount();
    renderEn(<PriceChart detail={detail} height={460} />);
    expect(screen.getByRole('button', { name: 'MA 20' })).toHaveAttribute('aria-pressed', 'true');
    expect(byRole(captured.at(-1)!.data, 'ma').map((d) => d.label)).toEqual(['MA 20']);
  });

  it('draws the active chart pattern: points, lines, breakout and target zone, with a toggle', () => {
    const detail = tickerDetail();
    const d = (i: number) => detail.bars[i].date;
    const pattern = {
      kind: 'double_top' as const,
      direction: 'sell' as const,
      status: 'completed' as const,
      start: d(10),
      end: d(30),
      points: [
        { date: d(10), price: 130 },
        { date: d(20), price: 120 },
        { date: d(30), price: 130 },
      ],
      confirmed_date: d(32),
      breakout_level: 120,
      breakout_date: d(35),
      volume_confirmed: true,
      failed_date: null,
      height: 10,
      target: 110,
      target_zone: [108, 110] as [number, number],
      invalidation: 130,
      lines: [{ from: { date: d(20), price: 120 }, to: { date: d(35), price: 120 } }],
      active: true,
    };
    const old = { ...pattern, kind: 'rectangle' as const, active: false };
    const withPatterns = tickerDetail({ analysis: { patterns: [pattern, old] } });
    const first = renderEn(<PriceChart detail={withPatterns} height={460} />);
    const drawn = byRole(captured.at(-1)!.data, 'pattern');
    // The inactive rectangle is not drawn: points, one line, the breakout marker, the zone's two edges.
    expect(drawn).toHaveLength(5);
    expect(drawn[0].label).toBe('Pattern: double top');
    expect(drawn[0].data.map((p) => p.y)).toEqual([130, 120, 130]);
    expect(drawn[1].data.map((p) => p.y)).toEqual([120, 120]);
    expect(drawn[2]).toMatchObject({ label: 'Breakout', data: [{ y: 120 }] });
    expect(drawn.slice(3).map((z) => [z.label, z.data[0].y])).toEqual([
      ['Price target', 110],
      ['Price target', 108],
    ]);
    const toggle = screen.getByRole('button', { name: 'Patterns (1)' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(byRole(captured.at(-1)!.data, 'pattern')).toHaveLength(0);

    // Issue 42: the choice is remembered in the browser, like the moving averages: a new chart
    // (another ticker, a reload) starts with the patterns off, and turning them on is remembered too.
    expect(window.localStorage.getItem('trendvakt-chart-patterns')).toBe('0');
    first.unmount();
    const second = renderEn(<PriceChart detail={withPatterns} height={460} />);
    const again = screen.getByRole('button', { name: 'Patterns (1)' });
    expect(again).toHaveAttribute('aria-pressed', 'false');
    expect(byRole(captured.at(-1)!.data, 'pattern')).toHaveLength(0);
    fireEvent.click(again);
    expect(again).toHaveAttribute('aria-pressed', 'true');
    expect(byRole(captured.at(-1)!.data, 'pattern')).toHaveLength(5);
    expect(window.localStorage.getItem('trendvakt-chart-patterns')).toBe('1');
    second.unmount();
    renderEn(<PriceChart detail={withPatterns} height={460} />);
    expect(screen.getByRole('button', { name: 'Patterns (1)' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says when the window is too short for MA 200, and turns a toggle off again', () => {
    renderEn(<PriceChart detail={tickerDetail({ bars: stepBars() })} height={460} />);
    fireEvent.click(screen.getByRole('button', { name: 'MA 200' }));
    expect(screen.getByText(/MA 200 needs 200 sessions/)).toBeInTheDocument();
    const [line] = byRole(captured.at(-1)!.data, 'ma');
    expect(line.data.every((p) => p.y === null)).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'MA 200' }));
    expect(byRole(captured.at(-1)!.data, 'ma')).toHaveLength(0);
    expect(screen.queryByText(/MA 200 needs/)).not.toBeInTheDocument();
  });

  it('zooms the time axis by wheel, pinch and drag, with buttons, and resets', () => {
    renderEn(<PriceChart detail={tickerDetail()} height={460} />);
    const zoom = (captured.at(-1)!.options.plugins as Record<string, unknown>).zoom as {
      zoom: { wheel: { enabled: boolean }; pinch: { enabled: boolean }; mode: string };
      pan: { enabled: boolean; mode: string };
      limits: { x: { min: string; max: string } };
    };
    expect(zoom.zoom).toMatchObject({ wheel: { enabled: true }, pinch: { enabled: true }, mode: 'x' });
    expect(zoom.pan).toMatchObject({ enabled: true, mode: 'x' });
    expect(zoom.limits.x).toMatchObject({ min: 'original', max: 'original' });

    const reset = screen.getByRole('button', { name: 'Reset zoom' });
    expect(reset).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Zoom out' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(mockChart.zoom).toHaveBeenCalledWith({ x: 1.25 });
    expect(reset).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(mockChart.zoom).toHaveBeenLastCalledWith({ x: 0.8 });
    fireEvent.click(reset);
    expect(mockChart.resetZoom).toHaveBeenCalledTimes(1);
    expect(reset).toBeDisabled();
  });

  it('is usable from the keyboard: + − zoom, Shift+arrows pan, 0 resets', () => {
    renderEn(<PriceChart detail={tickerDetail()} height={460} />);
    const chart = screen.getByRole('group', { name: 'Price chart, interactive' });
    expect(chart).toHaveAttribute('tabindex', '0');
    expect(chart).toHaveAccessibleDescription(/plus and minus zoom/);
    fireEvent.keyDown(chart, { key: '+' });
    expect(mockChart.zoom).toHaveBeenCalledWith({ x: 1.25 });
    fireEvent.keyDown(chart, { key: 'ArrowLeft', shiftKey: true });
    // A fifth of the 500 px plot width, towards earlier dates.
    expect(mockChart.pan).toHaveBeenCalledWith({ x: 100 });
    fireEvent.keyDown(chart, { key: 'ArrowRight', shiftKey: true });
    expect(mockChart.pan).toHaveBeenLastCalledWith({ x: -100 });
    expect(screen.getByRole('button', { name: 'Reset zoom' })).toBeEnabled();
    fireEvent.keyDown(chart, { key: '0' });
    expect(mockChart.resetZoom).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Reset zoom' })).toBeDisabled();
  });

  it('moves the crosshair by session with the arrows and reads out OHLC and volume', () => {
    const bars = stepBars();
    renderEn(<PriceChart detail={tickerDetail({ bars })} height={460} />);
    const chart = screen.getByRole('group', { name: 'Price chart, interactive' });
    const datasets = captured.at(-1)!.data.datasets as unknown as { role: Role }[];
    const candles = datasets.findIndex((d) => d.role === 'candles');
    const volume = datasets.findIndex((d) => d.role === 'volume');

    fireEvent.keyDown(chart, { key: 'End' });
    expect(mockChart.tooltip.setActiveElements).toHaveBeenLastCalledWith(
      [
        { datasetIndex: candles, index: 24 },
        { datasetIndex: volume, index: 24 },
      ],
      { x: 250, y: 10 },
    );
    fireEvent.keyDown(chart, { key: 'ArrowLeft' });
    expect(mockChart.active[0].index).toBe(23);
    // Session 23: 28 Jan 2026, close 123, open 122.5, high 124, low 122, volume 1023.
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(/Jan 28, 2026|28 Jan 2026/);
    expect(status).toHaveTextContent(/Open NOK\s?122\.50/);
    expect(status).toHaveTextContent(/High NOK\s?124\.00/);
    expect(status).toHaveTextContent(/Low NOK\s?122\.00/);
    expect(status).toHaveTextContent(/Close NOK\s?123\.00/);
    expect(status).toHaveTextContent(/Volume 1,023/);
    fireEvent.keyDown(chart, { key: 'Home' });
    expect(mockChart.active[0].index).toBe(0);
    fireEvent.keyDown(chart, { key: 'ArrowLeft' });
    expect(mockChart.active[0].index).toBe(0);
  });

  it("shows the session's OHLC, volume and the moving averages in the tooltip", () => {
    const bars = stepBars();
    window.localStorage.setItem('trendvakt-chart-ma', '[20]');
    renderEn(<PriceChart detail={tickerDetail({ bars })} height={460} />);
    const { data, options } = captured.at(-1)!;
    const tooltip = (options.plugins as { tooltip: TooltipOptions }).tooltip;
    const item = (role: Role, index: number) => {
      const dataset = data.datasets.find((d) => (d as unknown as { role: Role }).role === role)!;
      return { dataset, dataIndex: index, raw: (dataset.data as unknown[])[index] };
    };
    // Intl puts a no-break space between the currency and the amount.
    const plain = (lines: string | string[]) => [lines].flat().map((l) => l.replace(/\u00a0/g, ' '));
    expect(plain(tooltip.callbacks.label(item('candles', 24)))).toEqual([
      'Open: NOK 123.50',
      'High: NOK 125.00',
      'Low: NOK 123.00',
      'Close: NOK 124.00',
    ]);
    expect(tooltip.callbacks.label(item('volume', 24))).toBe('Volume: 1,024');
    expect(tooltip.callbacks.label(item('ma', 24))).toBe('MA 20: 114.5');
    expect(tooltip.filter(item('ma', 24))).toBe(true);
    expect(tooltip.filter(item('level', 0))).toBe(false);
  });

  it("draws the crosshair through the active session in the theme's colour", async () => {
    renderEn(<PriceChart detail={tickerDetail()} height={460} />);
    const plugin = () =>
      (captured.at(-1)! as unknown as { plugins: CrosshairPlugin[] }).plugins.find(
        (p) => p.id === 'tvCrosshair',
      )!;
    const draw = (p: CrosshairPlugin, pointerY: number) => {
      const ctx = {
        strokeStyle: '',
        save: jest.fn(),
        restore: jest.fn(),
        beginPath: jest.fn(),
        moveTo: jest.fn(),
        lineTo: jest.fn(),
        stroke: jest.fn(),
        setLineDash: jest.fn(),
        lineWidth: 0,
      };
      const chart = {
        ctx,
        chartArea: { left: 0, right: 500, top: 10, bottom: 400 },
        scales: { y: { top: 10, bottom: 250 } },
        tooltip: { getActiveElements: () => [{ element: { x: 123 } }] },
      };
      const args: { event: { type: string; y: number }; changed?: boolean } = {
        event: { type: 'mousemove', y: pointerY },
      };
      p.afterEvent(chart, args);
      expect(args.changed).toBe(true);
      p.afterDatasetsDraw(chart);
      return ctx;
    };
    const light = draw(plugin(), 100);
    // A vertical line at the session across every pane, a horizontal one at the pointer.
    expect(light.moveTo.mock.calls).toEqual([
      [123, 10],
      [0, 100],
    ]);
    expect(light.lineTo.mock.calls).toEqual([
      [123, 400],
      [500, 100],
    ]);
    expect(light.strokeStyle).toBe('#6c757d');
    // Below the price pane (volume, RSI): no horizontal line.
    expect(draw(plugin(), 300).moveTo.mock.calls).toEqual([[123, 10]]);

    await act(async () => document.documentElement.setAttribute('data-bs-theme', 'dark'));
    expect(draw(plugin(), 100).strokeStyle).toBe('rgba(219, 227, 234, 0.75)');
  });

  it('speaks Norwegian', () => {
    renderNb(<PriceChart detail={tickerDetail()} height={460} />);
    expect(screen.getByRole('group', { name: 'Glidende gjennomsnitt' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tilbakestill zoom' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Zoom inn' })).toBeEnabled();
    expect(screen.getByRole('group', { name: 'Kursgraf, interaktiv' })).toHaveAccessibleDescription(
      /pluss og minus zoomer/,
    );
  });
});

type TooltipOptions = {
  filter: (item: unknown) => boolean;
  callbacks: { label: (item: unknown) => string | string[] };
};
type CrosshairPlugin = {
  id: string;
  afterEvent: (chart: unknown, args: unknown) => void;
  afterDatasetsDraw: (chart: unknown) => void;
};

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
