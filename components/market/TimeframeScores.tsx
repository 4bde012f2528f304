import { useTranslation } from 'next-i18next/pages';
import { signalForScore, TIMEFRAMES, type Timeframe } from '@/lib/constants';
import type { TickerDetail } from '@/lib/types/market';
import ScoreValue from './ScoreValue';
import SignalBadge from './SignalBadge';
import styles from './market.module.scss';

/** The score of each timeframe and the overall score (DESIGN.md §6); a timeframe row switches to it. */
export default function TimeframeScores({
  detail,
  timeframe,
  onTimeframe,
}: {
  detail: TickerDetail;
  timeframe: Timeframe;
  onTimeframe(tf: Timeframe): void;
}) {
  const { t } = useTranslation('analysis');
  const overall = detail.scores.overall;
  return (
    <section className={`${styles.card} p-3 p-lg-4`} aria-labelledby="timeframes-title">
      <h2 id="timeframes-title" className={styles.cardTitle}>
        {t('timeframes.title')}
      </h2>
      <table className="table table-sm align-middle mb-2">
        <caption className="visually-hidden">{t('timeframes.title')}</caption>
        <tbody>
          {TIMEFRAMES.map((tf) => {
            const score = detail.scores[String(tf) as '1' | '2' | '3'];
            const current = tf === timeframe;
            return (
              <tr key={tf} className={current ? 'table-active' : undefined} data-scores-timeframe={tf}>
                <th scope="row" className="fw-semibold">
                  <button
                    type="button"
                    className="btn btn-link p-0 text-start text-decoration-none"
                    onClick={() => onTimeframe(tf)}
                    aria-current={current ? 'true' : undefined}
                  >
                    {t(`market:timeframe.${tf}.name`)}
                  </button>
                  <span
                    className="d-block small text-body-secondary fw-normal"
                    title={t(`market:timeframe.${tf}.window`)}
                  >
                    {t(`market:timeframe.${tf}.short`)}
                  </span>
                </th>
                <td>
                  <ScoreValue score={score} />
                </td>
                <td className="text-end">
                  <SignalBadge signal={signalForScore(score)} size="sm" />
                </td>
              </tr>
            );
          })}
          <tr data-scores-timeframe="overall">
            <th scope="row" className="fw-bold">
              {t('timeframes.overall')}
            </th>
            <td>
              <ScoreValue score={overall} />
            </td>
            <td className="text-end">
              <SignalBadge signal={signalForScore(overall)} size="sm" />
            </td>
          </tr>
        </tbody>
      </table>
      <p className="small text-body-secondary mb-0">{t('timeframes.overallRule')}</p>
    </section>
  );
}
