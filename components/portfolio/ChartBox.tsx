import type { ReactNode } from 'react';

/** A fixed-height box for a chart, so the page does not jump while chart.js loads. */
export default function ChartBox({
  height = 280,
  testId,
  children,
}: {
  height?: number;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <div className="position-relative w-100" style={{ height }} data-testid={testId}>
      {children ?? (
        <div className="placeholder-glow h-100">
          <span className="placeholder w-100 h-100 rounded" />
        </div>
      )}
    </div>
  );
}
