/**
 * Zoom and pan on the time axis (issue 25; chartjs-plugin-zoom with Hammer.js for touch), registered
 * by the price chart only: the home page's index chart has no zoom, so it does not load or run the
 * plugin (issue 26: script evaluated while /home loads).
 */
import zoomPlugin from 'chartjs-plugin-zoom';
import { Chart } from './chartSetup';

Chart.register(zoomPlugin);
