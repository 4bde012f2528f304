/**
 * chart.js parts the portfolio charts use, registered once (tree-shaken: nothing else is bundled).
 * Imported only by the lazily loaded chart modules, so chart.js stays out of the page's first load.
 */
import {
  ArcElement,
  CategoryScale,
  Chart,
  Filler,
  Legend,
  LineElement,
  LinearScale,
  PointElement,
  Tooltip,
} from 'chart.js';

let registered = false;

export function registerPortfolioCharts(): void {
  if (registered) return;
  Chart.register(ArcElement, CategoryScale, Filler, Legend, LineElement, LinearScale, PointElement, Tooltip);
  registered = true;
}
