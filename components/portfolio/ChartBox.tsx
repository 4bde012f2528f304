import { useRef, type ReactNode } from 'react';
import { useSeenOnce } from '@/components/common/useSeenOnce';

function Placeholder() {
  return (
    <div className="placeholder-glow h-100">
      <span className="placeholder w-100 h-100 rounded" />
    </div>
  );
}

/**
 * A fixed-height box for a chart, so the page does not jump while chart.js loads. Its chart is
 * mounted (and so loaded) only when the box comes near the viewport (useSeenOnce).
 */
export default function ChartBox({
  height = 280,
  testId,
  children,
}: {
  height?: number;
  testId?: string;
  children?: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const seen = useSeenOnce(box);
  return (
    <div ref={box} className="position-relative w-100" style={{ height }} data-testid={testId}>
      {seen && children ? children : <Placeholder />}
    </div>
  );
}
