import type { Plugin } from 'chart.js';

/**
 * The crosshair: a vertical line through the active session across all panes, and a horizontal
 * line at the pointer in the price pane, in `color`.
 */
export function crosshairPlugin(color: string): Plugin<'candlestick'> {
  let pointerY: number | null = null;
  return {
    id: 'tvCrosshair',
    afterEvent(_chart, args) {
      const { event } = args;
      pointerY = event.type === 'mouseout' || event.y === null ? null : event.y;
      if (event.type === 'mousemove' || event.type === 'mouseout') args.changed = true;
    },
    afterDatasetsDraw(chart) {
      const active = chart.tooltip?.getActiveElements() ?? [];
      if (active.length === 0) return;
      const { ctx, chartArea } = chart;
      const x = active[0].element.x;
      ctx.save();
      ctx.strokeStyle = color;
      ctx.lineWidth = 1;
      ctx.setLineDash([4, 3]);
      ctx.beginPath();
      ctx.moveTo(x, chartArea.top);
      ctx.lineTo(x, chartArea.bottom);
      const price = chart.scales.y;
      if (pointerY !== null && price && pointerY >= price.top && pointerY <= price.bottom) {
        ctx.moveTo(chartArea.left, pointerY);
        ctx.lineTo(chartArea.right, pointerY);
      }
      ctx.stroke();
      ctx.restore();
    },
  };
}
