import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import { marketById } from '@/lib/constants';
import type { TickerListItem } from '@/lib/types/market';
import type { SortField, SortOrder } from '@/services/marketDataService';
import { useMarketStore } from '@/stores/useMarketStore';
import { useScreenerStore } from '@/stores/useScreenerStore';
import EmptyState from './EmptyState';
import LoadError from './LoadError';
import ScreenerTable, { ScreenerTableSkeleton } from './ScreenerTable';
import TimeframeSwitch from './TimeframeSwitch';
import styles from './market.module.scss';

/** Sort a short list in the browser (the indexes are a handful of rows). */
export function sortItems(
  items: readonly TickerListItem[],
  field: SortField,
  order: SortOrder,
): TickerListItem[] {
  const sign = order === 'asc' ? 1 : -1;
  return [...items].sort((a, b) => {
    const x = a[field];
    const y = b[field];
    const cmp = typeof x === 'string' && typeof y === 'string' ? x.localeCompare(y) : Number(x) - Number(y);
    return cmp * sign;
  });
}

/** /market/indexes: the selected market's indexes with the screener's columns. */
export default function IndexesTable() {
  const { t } = useTranslation('market');
  const marketId = useMarketStore((s) => s.marketId);
  const timeframe = useMarketStore((s) => s.timeframe);
  const setTimeframe = useMarketStore((s) => s.setTimeframe);
  const indexes = useScreenerStore((s) => s.indexes);
  const fetchIndexes = useScreenerStore((s) => s.fetchIndexes);
  const retry = useScreenerStore((s) => s.retry);
  const [sort, setSort] = useState<{ field: SortField; order: SortOrder }>({
    field: 'long_name',
    order: 'asc',
  });

  useEffect(() => {
    void fetchIndexes(marketId, timeframe);
  }, [marketId, timeframe, fetchIndexes]);

  const items = useMemo(
    () => (indexes.data ? sortItems(indexes.data, sort.field, sort.order) : null),
    [indexes.data, sort],
  );
  const marketName = t(`common:markets.${marketById(marketId).id}`);

  return (
    <div>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <p className="mb-0 small text-body-secondary">{t('indexes.note', { market: marketName })}</p>
        <TimeframeSwitch value={timeframe} onChange={setTimeframe} />
      </div>
      {indexes.status === 'error' && (
        <LoadError error={indexes.error} onRetry={() => void retry('indexes')} what="indexes" />
      )}
      <div className={styles.card}>
        {!items ? (
          indexes.status === 'error' ? null : (
            <ScreenerTableSkeleton rows={3} />
          )
        ) : (
          <ScreenerTable
            items={items}
            timeframe={timeframe}
            caption={t('indexes.caption', { market: marketName })}
            sort={sort.field}
            order={sort.order}
            onSort={(field, order) => setSort({ field, order })}
            busy={indexes.loading}
            kind="index"
            empty={<EmptyState title={t('indexes.empty')} text={t('indexes.emptyText')} />}
          />
        )}
      </div>
    </div>
  );
}
