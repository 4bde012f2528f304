/**
 * The one place chart.js is configured: only the parts our charts use are registered, once, when
 * the first chart module loads (the chart modules are loaded lazily, so none of this is in a page's
 * first-load JavaScript). Zoom and pan are registered by the price chart alone (chartZoom.ts).
 */
import {
  BarController,
  BarElement,
  Chart,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  TimeScale,
  TimeSeriesScale,
  Tooltip,
} from 'chart.js';
import { CandlestickController, CandlestickElement } from 'chartjs-chart-financial';
import 'chartjs-adapter-date-fns';

let registered = false;

export function registerCharts(): void {
  if (registered) return;
  Chart.register(
    CandlestickController,
    CandlestickElement,
    BarController,
    BarElement,
    LineController,
    LineElement,
    PointElement,
    LinearScale,
    TimeScale,
    TimeSeriesScale,
    Filler,
    Tooltip,
  );
  registered = true;
}

registerCharts();

export { Chart };
