import { useId } from 'react';
import TableScroll from '@/components/common/TableScroll';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import DemoDataBadge from '@/components/market/DemoDataBadge';
import styles from '@/components/market/market.module.scss';
import { formatNumber, formatPercent } from '@/lib/format';
import { useMarketPatternData } from './useMarketPatternData';

/** Issue 42, on /signals: how each pattern kind has done on the selected market (no look-ahead). */
export default function PatternRecordTable() {
  const { t } = useTranslation('patterns');
  const { locale } = useRouter();
  const id = useId();
  const { resource } = useMarketPatternData('record');

  const record = resource.data;
  const pct = (v: number | null) => formatPercent(v, locale, { decimals: 1, signed: true });
  return (
    <section
      className={`${styles.card} p-3 mt-3`}
      aria-labelledby={`${id}-title`}
      data-testid="pattern-record"
    >
      <div className="d-flex flex-wrap align-items-center gap-2">
        <h2 id={`${id}-title`} className={`${styles.cardTitle} mb-0`}>
          {t('record.title')}
        </h2>
        {record?.demo && <DemoDataBadge />}
      </div>
      <p className="small text-body-secondary">{t('record.intro')}</p>
      {resource.status === 'error' && (
        <p className="text-danger small" role="alert">
          {t('record.error')}
        </p>
      )}
      {record && (
        <TableScroll label={t('record.title')}>
          <table className="table table-sm align-middle mb-0">
            <thead>
              <tr>
                <th scope="col">{t('newToday.pattern')}</th>
                <th scope="col" className="text-end">
                  {t('record.count')}
                </th>
                <th scope="col" className="text-end">
                  {t('record.reached')}
                </th>
                <th scope="col" className="text-end">
                  {t('record.excess22')}
                </th>
                <th scope="col" className="text-end">
                  {t('record.excess66')}
                </th>
              </tr>
            </thead>
            <tbody>
              {record.rows.map((row) => (
                <tr key={row.kind}>
                  <th scope="row" className="fw-normal">
                    {t(`kindTitle.${row.kind}`)}
                  </th>
                  <td className="text-end">{formatNumber(row.count, locale, 0)}</td>
                  <td className="text-end">
                    {formatPercent(row.reached_target_share, locale, { decimals: 0 })}
                  </td>
                  <td className="text-end">{pct(row.median_excess_22)}</td>
                  <td className="text-end">{pct(row.median_excess_66)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
