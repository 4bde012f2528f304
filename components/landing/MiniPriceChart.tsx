import { formatDate, formatMoney, type Currency } from '@/lib/format';

const WIDTH = 320;
const HEIGHT = 96;
const PAD = 4;

/**
 * The points of a closing-price line in a `width` × `height` box (inside `pad`): x evenly spaced by
 * session, y scaled between the lowest and highest close (a flat series is drawn mid-height).
 * Exported for the test, which checks the corners by hand.
 */
export function linePoints(
  closes: readonly number[],
  width = WIDTH,
  height = HEIGHT,
  pad = PAD,
): [number, number][] {
  if (closes.length === 0) return [];
  const min = Math.min(...closes);
  const max = Math.max(...closes);
  const span = max - min;
  const step = closes.length > 1 ? (width - 2 * pad) / (closes.length - 1) : 0;
  return closes.map((close, i) => {
    const y = span === 0 ? height / 2 : pad + ((max - close) / span) * (height - 2 * pad);
    return [Math.round((pad + i * step) * 100) / 100, Math.round(y * 100) / 100];
  });
}

/**
 * A small, dependency-free closing-price line for the public pages (no Chart.js on a page a
 * search engine and a first-time visitor load). The figure is named by what it shows: the period
 * and the first and last close; the line takes the theme's primary colour.
 */
export default function MiniPriceChart({
  closes,
  currency,
  locale,
  label,
}: {
  closes: { date: string; close: number }[];
  currency: Currency;
  locale: string | undefined;
  /** The figure's accessible name, e.g. "Sluttkurs fra {{from}} til {{to}}". */
  label: (values: { from: string; to: string; first: string; last: string }) => string;
}) {
  if (closes.length < 2) return null;
  const points = linePoints(closes.map((c) => c.close));
  const first = closes[0];
  const last = closes[closes.length - 1];
  const name = label({
    from: formatDate(first.date, locale, 'long'),
    to: formatDate(last.date, locale, 'long'),
    first: formatMoney(first.close, currency, locale),
    last: formatMoney(last.close, currency, locale),
  });
  const path = points.map(([x, y]) => `${x},${y}`).join(' ');
  const area = `${PAD},${HEIGHT - PAD} ${path} ${WIDTH - PAD},${HEIGHT - PAD}`;
  return (
    <figure className="mb-0">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        height={HEIGHT}
        preserveAspectRatio="none"
        role="img"
        aria-label={name}
        data-testid="mini-price-chart"
      >
        <polygon points={area} fill="var(--bs-primary)" opacity={0.12} />
        <polyline
          points={path}
          fill="none"
          stroke="var(--bs-primary)"
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <figcaption className="small text-body-secondary d-flex justify-content-between">
        <span>{formatDate(first.date, locale, 'short')}</span>
        <span>{formatDate(last.date, locale, 'short')}</span>
      </figcaption>
    </figure>
  );
}
