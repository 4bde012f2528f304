import { useEffect, useMemo } from 'react';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { DEFAULT_PAGE_SIZE, MARKET_OSLO, marketById } from '@/lib/constants';
import type { ScreenerFilters as Filters, SortField, SortOrder } from '@/services/marketDataService';
import { useMarketStore } from '@/stores/useMarketStore';
import { useScreenerStore } from '@/stores/useScreenerStore';
import EmptyState from './EmptyState';
import LoadError from './LoadError';
import Pager from './Pager';
import ScreenerFilters from './ScreenerFilters';
import ScreenerTable, { ScreenerTableSkeleton } from './ScreenerTable';
import { countFilters, parseScreenerQuery, toScreenerQuery, type ScreenerUrlState } from './screenerUrl';
import TimeframeSwitch from './TimeframeSwitch';
import styles from './market.module.scss';

/**
 * /market/tickers: filters, sort and page come from the URL; every change pushes a new URL (so the
 * back button undoes it) and the store fetches the matching page of the selected market.
 */
export default function Screener() {
  const { t } = useTranslation('market');
  const router = useRouter();
  const marketId = useMarketStore((s) => s.marketId);
  const timeframe = useMarketStore((s) => s.timeframe);
  const setTimeframe = useMarketStore((s) => s.setTimeframe);
  const tickers = useScreenerStore((s) => s.tickers);
  const fetchTickers = useScreenerStore((s) => s.fetchTickers);
  const retry = useScreenerStore((s) => s.retry);

  const state = useMemo(() => parseScreenerQuery(router.query), [router.query]);
  const stateKey = JSON.stringify(state);

  useEffect(() => {
    if (!router.isReady) return;
    const { filters: all, sort, order, page } = JSON.parse(stateKey) as ScreenerUrlState;
    // The segment is an Oslo filter: a URL carried over to the US market asks without it.
    const { segment, ...rest } = all;
    const filters = marketId === MARKET_OSLO && segment ? { ...rest, segment } : rest;
    void fetchTickers({
      countryId: marketId,
      timeframe,
      filters,
      sort,
      order,
      page,
      pageSize: DEFAULT_PAGE_SIZE,
    });
  }, [router.isReady, stateKey, marketId, timeframe, fetchTickers]);

  const navigate = (next: ScreenerUrlState) => {
    void router.push({ pathname: router.pathname, query: toScreenerQuery(next) }, undefined, {
      shallow: true,
      scroll: false,
    });
  };
  const onFilters = (filters: Filters) => navigate({ ...state, filters, page: 1 });
  const onSort = (sort: SortField, order: SortOrder) => navigate({ ...state, sort, order, page: 1 });
  const onPage = (page: number) => navigate({ ...state, page });
  const onReset = () => navigate({ filters: {}, sort: 'technical_score', order: 'desc', page: 1 });
  const isPlain = Object.keys(toScreenerQuery(state)).length === 0;

  const page = tickers.data;
  const market = marketById(marketId);
  const filtered = countFilters(state.filters) > 0;

  return (
    <div>
      <ScreenerFilters
        filters={state.filters}
        onChange={onFilters}
        onReset={onReset}
        canReset={!isPlain}
        showSegment={marketId === MARKET_OSLO}
      />
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <p className="mb-0 small text-body-secondary">
          {t('table.marketNote', { market: t(`common:markets.${market.id}`), currency: market.currency })}
        </p>
        <TimeframeSwitch value={timeframe} onChange={setTimeframe} />
      </div>
      {tickers.status === 'error' && (
        <LoadError error={tickers.error} onRetry={() => void retry('tickers')} what="tickers" />
      )}
      <div className={styles.card}>
        {!page ? (
          tickers.status === 'error' ? null : (
            <ScreenerTableSkeleton />
          )
        ) : (
          <ScreenerTable
            items={page.items}
            timeframe={timeframe}
            caption={t('table.caption', { market: t(`common:markets.${market.id}`) })}
            sort={state.sort}
            order={state.order}
            onSort={onSort}
            busy={tickers.loading}
            empty={
              filtered ? (
                <EmptyState
                  title={t('table.emptyFiltered')}
                  text={t('table.emptyFilteredText')}
                  action={
                    <button type="button" className="btn btn-outline-primary btn-sm" onClick={onReset}>
                      {t('filters.reset')}
                    </button>
                  }
                />
              ) : (
                <EmptyState title={t('table.empty')} text={t('table.emptyText')} />
              )
            }
          />
        )}
      </div>
      {page && page.total > 0 && (
        <Pager page={page.page} pageSize={page.pageSize} total={page.total} onPage={onPage} />
      )}
    </div>
  );
}
