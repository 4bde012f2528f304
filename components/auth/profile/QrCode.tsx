import { useMemo } from 'react';
import { encodeQr } from './qrEncoder';

export interface QrCodeProps {
  value: string;
  /** What the image is, for screen readers. */
  label: string;
  size?: number;
}

const QUIET_ZONE = 4;

/** A QR code drawn as one SVG path, computed in the browser: no image request, no dependency. */
export default function QrCode({ value, label, size = 200 }: QrCodeProps) {
  const { dimension, path } = useMemo(() => {
    const matrix = encodeQr(value);
    const parts: string[] = [];
    matrix.modules.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) parts.push(`M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`);
      });
    });
    return { dimension: matrix.size + 2 * QUIET_ZONE, path: parts.join('') };
  }, [value]);

  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${dimension} ${dimension}`}
      shapeRendering="crispEdges"
      className="border rounded"
    >
      <rect width={dimension} height={dimension} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
