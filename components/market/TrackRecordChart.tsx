import { useTranslation } from 'next-i18next/pages';
import { formatDate, formatMoney } from '@/lib/format';
import type { Bar } from '@/lib/types/market';
import type { TrackRecordEntryDto } from '@/lib/types/signals';

const WIDTH = 600;
const HEIGHT = 170;
const PAD = 10;

export type Outcome = 'right' | 'wrong' | 'pending';

/** After 22 sessions: a buy was right when the stock beat the index, a sell when it lagged it. */
export function outcomeOf(entry: TrackRecordEntryDto): Outcome {
  if (entry.return_22 === null || entry.index_return_22 === null) return 'pending';
  const excess = entry.return_22 - entry.index_return_22;
  return (entry.signal === 'buy' ? excess > 0 : excess < 0) ? 'right' : 'wrong';
}

/**
 * A small SVG chart of the closes in the analysis window with the track record's signals on them
 * (issue 17). SVG rather than a canvas chart: a few hundred points, and every marker has a title.
 */
export default function TrackRecordChart({
  bars,
  entries,
  currency,
}: {
  bars: readonly Bar[];
  entries: readonly TrackRecordEntryDto[];
  currency: 'NOK' | 'USD';
}) {
  const { t, i18n } = useTranslation('trackrecord');
  const locale = i18n.language;
  if (bars.length < 2) return null;
  const closes = bars.map((b) => b.close);
  const min = Math.min(...closes);
  const max = Math.max(...closes);
  const x = (i: number) => PAD + (i / (bars.length - 1)) * (WIDTH - 2 * PAD);
  const y = (v: number) =>
    max === min ? HEIGHT / 2 : PAD + (1 - (v - min) / (max - min)) * (HEIGHT - 2 * PAD);
  const line = bars
    .map((b, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(b.close).toFixed(1)}`)
    .join('');
  const indexOfDate = new Map(bars.map((b, i) => [b.date, i]));
  const shown = entries.filter((e) => indexOfDate.has(e.date));

  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width="100%"
      role="img"
      aria-label={t('panel.chartLabel')}
      className="d-block"
      style={{ maxHeight: '12rem' }}
    >
      <path d={line} fill="none" stroke="currentColor" strokeOpacity={0.55} strokeWidth={1.5} />
      {shown.map((e) => {
        const i = indexOfDate.get(e.date)!;
        const cx = x(i);
        const cy = y(e.close);
        const outcome = outcomeOf(e);
        const color =
          outcome === 'pending'
            ? 'var(--bs-secondary)'
            : e.signal === 'buy'
              ? 'var(--bs-success)'
              : 'var(--bs-danger)';
        const points =
          e.signal === 'buy'
            ? `${cx},${cy - 7} ${cx - 6},${cy + 4} ${cx + 6},${cy + 4}`
            : `${cx},${cy + 7} ${cx - 6},${cy - 4} ${cx + 6},${cy - 4}`;
        return (
          <polygon
            key={e.date}
            points={points}
            fill={outcome === 'right' || outcome === 'pending' ? color : 'none'}
            stroke={color}
            strokeWidth={1.5}
            data-outcome={outcome}
            data-signal={e.signal}
          >
            <title>
              {t('panel.markerTitle', {
                date: formatDate(e.date, locale),
                signal: t(`panel.signal.${e.signal}`),
                close: formatMoney(e.close, currency, locale),
                outcome: t(`panel.outcome.${outcome}`),
              })}
            </title>
          </polygon>
        );
      })}
    </svg>
  );
}
