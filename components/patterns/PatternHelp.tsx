import { useTranslation } from 'next-i18next/pages';
import DocumentTitle from '@/components/common/DocumentTitle';
import { PATTERN_KINDS, type PatternKind } from '@/lib/patterns';

/**
 * A schematic drawing per pattern (viewBox 200 × 130, y down): the price path, the breakout line
 * (dashed), the other line (dotted) and the target (the band). Buy patterns rise out of them.
 */
interface Drawing {
  path: Array<[number, number]>;
  breakout: [number, number, number, number];
  other?: [number, number, number, number];
  target: number;
}

const mirror = (d: Drawing): Drawing => ({
  path: d.path.map(([x, y]) => [x, 130 - y]),
  breakout: [d.breakout[0], 130 - d.breakout[1], d.breakout[2], 130 - d.breakout[3]],
  other: d.other && [d.other[0], 130 - d.other[1], d.other[2], 130 - d.other[3]],
  target: 130 - d.target,
});

const HS: Drawing = {
  path: [
    [5, 95],
    [35, 50],
    [60, 70],
    [90, 20],
    [120, 70],
    [145, 50],
    [168, 78],
    [195, 105],
  ],
  breakout: [60, 70, 195, 70],
  target: 120,
};
const TOP: Drawing = {
  path: [
    [5, 95],
    [45, 30],
    [85, 70],
    [125, 30],
    [160, 74],
    [195, 105],
  ],
  breakout: [85, 70, 195, 70],
  target: 110,
};
const ASC: Drawing = {
  path: [
    [5, 115],
    [40, 45],
    [70, 95],
    [100, 45],
    [130, 72],
    [155, 45],
    [190, 20],
  ],
  breakout: [40, 45, 195, 45],
  other: [70, 95, 155, 55],
  target: 8,
};

const DRAWINGS: Record<PatternKind, Drawing> = {
  head_and_shoulders: HS,
  inverse_head_and_shoulders: mirror(HS),
  double_top: TOP,
  double_bottom: mirror(TOP),
  rectangle: {
    path: [
      [5, 115],
      [35, 50],
      [65, 85],
      [95, 50],
      [125, 85],
      [155, 50],
      [190, 25],
    ],
    breakout: [35, 50, 195, 50],
    other: [35, 85, 195, 85],
    target: 15,
  },
  ascending_triangle: ASC,
  descending_triangle: mirror(ASC),
  symmetric_triangle: {
    path: [
      [5, 115],
      [35, 30],
      [70, 100],
      [105, 45],
      [135, 85],
      [160, 58],
      [192, 25],
    ],
    breakout: [35, 30, 175, 65],
    other: [70, 100, 175, 70],
    target: 5,
  },
};

function PatternDrawing({ kind, label }: { kind: PatternKind; label: string }) {
  const d = DRAWINGS[kind];
  const [bx0, by0, bx1, by1] = d.breakout;
  return (
    <svg
      viewBox="0 0 200 130"
      width="200"
      height="130"
      role="img"
      aria-label={label}
      className="d-block mb-2"
    >
      <rect x="0" y="0" width="200" height="130" fill="none" stroke="var(--bs-border-color)" />
      <rect
        x="150"
        y={Math.min(d.target, by1) - 2}
        width="50"
        height={4}
        fill="var(--bs-success)"
        opacity="0.5"
      />
      <line
        x1={bx0}
        y1={by0}
        x2={bx1}
        y2={by1}
        stroke="var(--bs-danger)"
        strokeDasharray="5 3"
        strokeWidth="1.5"
      />
      {d.other && (
        <line
          x1={d.other[0]}
          y1={d.other[1]}
          x2={d.other[2]}
          y2={d.other[3]}
          stroke="var(--bs-secondary-color)"
          strokeDasharray="2 3"
          strokeWidth="1.5"
        />
      )}
      <polyline
        points={d.path.map(([x, y]) => `${x},${y}`).join(' ')}
        fill="none"
        stroke="var(--bs-body-color)"
        strokeWidth="2"
      />
      <line x1="150" y1={d.target} x2="200" y2={d.target} stroke="var(--bs-success)" strokeWidth="2" />
    </svg>
  );
}

/** /help/chart-patterns: each pattern with a drawing, how it is found and its numbers. */
export default function PatternHelp() {
  const { t } = useTranslation('patterns');
  return (
    <article className="tv-prose">
      <DocumentTitle title={t('help.title')} description={t('help.intro')} />
      <h1 className="mb-3">{t('help.title')}</h1>
      <p className="lead text-body-secondary">{t('help.intro')}</p>
      <h2>{t('help.rulesTitle')}</h2>
      <ul>
        {(t('help.rules', { returnObjects: true }) as string[]).map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
      {PATTERN_KINDS.map((kind) => (
        <section key={kind} id={kind} className="mb-4">
          <h2>{t(`kindTitle.${kind}`)}</h2>
          <PatternDrawing kind={kind} label={t('help.drawing', { pattern: t(`kind.${kind}`) })} />
          <p>{t(`help.kinds.${kind}.what`)}</p>
          <p className="small text-body-secondary">{t(`help.kinds.${kind}.example`)}</p>
        </section>
      ))}
      <h2>{t('help.recordTitle')}</h2>
      <p>{t('help.record')}</p>
    </article>
  );
}
