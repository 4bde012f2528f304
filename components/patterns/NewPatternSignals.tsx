import { useId } from 'react';
import TableScroll from '@/components/common/TableScroll';
import Link from 'next/link';
import PatternBadge from './PatternBadge';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { analysisHref } from '@/components/market/links';
import styles from '@/components/market/market.module.scss';
import { formatNumber } from '@/lib/format';
import { useMarketPatternData } from './useMarketPatternData';
import { formatTargetZone } from './patternText';

/** Issue 42, on /signals: the chart patterns of the selected market that broke out in its last session. */
export default function NewPatternSignals() {
  const { t } = useTranslation('patterns');
  const { locale } = useRouter();
  const id = useId();
  const { resource, timeframe } = useMarketPatternData('newToday');

  // One row per new pattern (a share can have more than one).
  const rows = (resource.data ?? []).flatMap((item) =>
    item.patterns
      .filter((p) => p.status === 'completed' && p.breakout_date === item.date)
      .map((p) => ({ item, p })),
  );
  return (
    <section
      className={`${styles.card} p-3 mt-3`}
      aria-labelledby={`${id}-title`}
      data-testid="new-pattern-signals"
    >
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        {t('newToday.title')}
      </h2>
      <p className="small text-body-secondary">{t('newToday.intro')}</p>
      {resource.status === 'error' && (
        <p className="text-danger small" role="alert">
          {t('newToday.error')}
        </p>
      )}
      {resource.status === 'success' && rows.length === 0 && (
        <p className="small mb-0">{t('newToday.none')}</p>
      )}
      {rows.length > 0 && (
        <TableScroll label={t('newToday.title')}>
          <table className="table table-sm align-middle mb-0">
            <thead>
              <tr>
                <th scope="col">{t('newToday.symbol')}</th>
                <th scope="col">{t('newToday.pattern')}</th>
                <th scope="col">{t('newToday.signal')}</th>
                <th scope="col" className="text-end">
                  {t('newToday.target')}
                </th>
                <th scope="col" className="text-end">
                  {t('newToday.invalidation')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map(({ item, p }) => (
                <tr key={`${item.ticker_id}-${p.kind}`}>
                  <td>
                    <Link href={analysisHref(item.ticker_id, timeframe)}>{item.symbol}</Link>
                  </td>
                  <td>
                    <PatternBadge kind={p.kind} />
                  </td>
                  <td>{t(`market:signal.${p.direction}`)}</td>
                  <td className="text-end">{formatTargetZone(p.target_zone, locale)}</td>
                  <td className="text-end">{formatNumber(p.invalidation, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
