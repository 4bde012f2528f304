/** What a chart's fixed-height box shows while chart.js loads (same height: no layout shift). */
export default function ChartPlaceholder({ height }: { height: number }) {
  return (
    <div
      className="placeholder-glow d-flex align-items-stretch"
      style={{ height }}
      aria-hidden="true"
      data-testid="chart-placeholder"
    >
      <span className="placeholder w-100 rounded-3 opacity-25" />
    </div>
  );
}
