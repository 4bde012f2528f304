import { useEffect, type ReactNode } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { isPresent, useDeferredArrival } from '@/components/common/useDeferredArrival';
import { INDEX_CHART_HEIGHT, IndexChart } from '@/components/charts';
import ChartPlaceholder from '@/components/charts/ChartPlaceholder';
import { marketById, type Signal, type Timeframe } from '@/lib/constants';
import { formatCompact, formatDate, formatMoney, formatNumber } from '@/lib/format';
import type { TickerListItem } from '@/lib/types/market';
import type { HomeDashboard } from '@/lib/types/market';
import { useDashboardStore } from '@/stores/useDashboardStore';
import { useMarketStore } from '@/stores/useMarketStore';
import ChangeValue from './ChangeValue';
import DemoDataBadge from './DemoDataBadge';
import LoadError from './LoadError';
import { analysisHref } from './links';
import ScoreValue from './ScoreValue';
import TickerLogo from './TickerLogo';
import styles from './market.module.scss';

const SIGNAL_COLORS: Record<Signal, string> = {
  buy: 'var(--bs-success)',
  hold: 'var(--bs-gray-500)',
  sell: 'var(--bs-danger)',
};

/**
 * /home: the selected market's main index, how the signals are spread, and the movers. Its ~20
 * links prefetch on hover only (`prefetch={false}`): in view, each fetched the target page's data
 * and ran its code while /home was still loading (issue 26, Lighthouse's blocking time).
 */
export default function Dashboard() {
  const { t } = useTranslation('market');
  const marketId = useMarketStore((s) => s.marketId);
  const timeframe = useMarketStore((s) => s.timeframe);
  const dashboard = useDashboardStore((s) => s.dashboard);
  const dashboardMarket = useDashboardStore((s) => s.marketId);
  const fetchDashboard = useDashboardStore((s) => s.fetchDashboard);
  const retry = useDashboardStore((s) => s.retry);

  useEffect(() => {
    void fetchDashboard(marketId, timeframe);
  }, [marketId, timeframe, fetchDashboard]);

  // The dashboard (index card, ~60 rows) first renders in the background, yielding (the skeleton
  // stays until then).
  const data = useDeferredArrival(dashboardMarket === marketId ? dashboard.data : null, isPresent);

  if (dashboard.status === 'error' && !data) {
    return <LoadError error={dashboard.error} onRetry={() => void retry()} what="dashboard" />;
  }
  if (!data) return <DashboardSkeleton />;

  // The candidate lists (three a row on wide screens), then gainers and losers side by side.
  const lists = [
    { key: 'topBuy', items: data.top_buy, value: 'score', empty: 'dashboard.noBuy', third: true },
    { key: 'topSell', items: data.top_sell, value: 'score', empty: 'dashboard.noSell', third: true },
    {
      key: 'mostActive',
      items: data.most_active,
      value: 'turnover',
      empty: 'dashboard.noItems',
      third: true,
    },
    { key: 'gainers', items: data.gainers, value: 'change', empty: 'dashboard.noItems', third: false },
    { key: 'losers', items: data.losers, value: 'change', empty: 'dashboard.noItems', third: false },
  ] as const;

  return (
    <div className={dashboard.loading ? styles.busy : undefined} aria-busy={dashboard.loading}>
      {dashboard.status === 'error' && (
        <LoadError error={dashboard.error} onRetry={() => void retry()} what="dashboard" />
      )}
      <div className="row g-3">
        <div className="col-12 col-xl-8">
          <IndexCard data={data} />
        </div>
        <div className="col-12 col-xl-4">
          <SignalCounts counts={data.signal_counts} asOf={data.as_of} />
        </div>
        {lists.map(({ key, items, value, empty, third }) => (
          <div key={key} className={third ? 'col-12 col-md-6 col-xl-4' : 'col-12 col-md-6'}>
            <MiniList
              title={t(`dashboard.${key}`)}
              items={items}
              timeframe={timeframe}
              value={value}
              empty={t(empty)}
            />
          </div>
        ))}
      </div>
    </div>
  );
}

function IndexCard({ data }: { data: HomeDashboard }) {
  const { t } = useTranslation('market');
  const { locale } = useRouter();
  const { index } = data;
  const bars = index.bars ?? [];
  const yearChange = bars.length > 1 ? (bars[bars.length - 1].close / bars[0].close - 1) * 100 : null;
  const market = marketById(index.country_id);
  return (
    <section
      className={`${styles.card} p-3 p-lg-4 h-100`}
      aria-labelledby="index-title"
      data-testid="index-card"
    >
      <div className="d-flex flex-wrap align-items-start gap-3 mb-3">
        <div className="me-auto">
          <h2 id="index-title" className={styles.cardTitle}>
            {t('dashboard.mainIndex', { index: t(`common:indexNames.${market.id}`) })}
          </h2>
          <p className={`${styles.bigNumber} mb-1`}>{formatNumber(index.close, locale)}</p>
          <p className="mb-0 small d-flex flex-wrap gap-3">
            <span>
              <span className="text-body-secondary me-1">{t('dashboard.today')}</span>
              <ChangeValue changePct={index.change_pct} />
            </span>
            {yearChange !== null && (
              <span>
                <span className="text-body-secondary me-1">{t('dashboard.oneYear')}</span>
                <ChangeValue changePct={yearChange} />
              </span>
            )}
          </p>
        </div>
        <div className="text-end small">
          {data.demo && (
            <div className="mb-1">
              <DemoDataBadge />
            </div>
          )}
          <span className="text-body-secondary">
            {t('dashboard.asOf', { date: formatDate(data.as_of, locale) })}
          </span>
        </div>
      </div>
      <IndexChart bars={bars} name={index.long_name} height={INDEX_CHART_HEIGHT} />
    </section>
  );
}

function SignalCounts({ counts, asOf }: { counts: HomeDashboard['signal_counts']; asOf: string }) {
  const { t } = useTranslation('market');
  const { locale } = useRouter();
  const total = counts.buy + counts.hold + counts.sell;
  const signals: Signal[] = ['buy', 'hold', 'sell'];
  return (
    <section className={`${styles.card} p-3 p-lg-4 h-100 d-flex flex-column`} aria-labelledby="counts-title">
      <h2 id="counts-title" className={styles.cardTitle}>
        {t('dashboard.signals')}
      </h2>
      <div className={`${styles.countsBar} mb-3`} aria-hidden="true">
        {total > 0 &&
          signals.map((s) => (
            <span key={s} style={{ width: `${(counts[s] / total) * 100}%`, background: SIGNAL_COLORS[s] }} />
          ))}
      </div>
      <ul className="list-unstyled mb-2 d-grid gap-2">
        {signals.map((s) => (
          <li key={s}>
            <Link
              href={`/market/tickers?signal=${s}`}
              prefetch={false}
              className={`${styles.miniItem} justify-content-between`}
              data-signal-count={s}
            >
              <span className="d-inline-flex align-items-center gap-2">
                <span
                  className="rounded-circle d-inline-block"
                  style={{
                    width: 10,
                    height: 10,
                    background: SIGNAL_COLORS[s],
                    border: '1px solid var(--bs-border-color)',
                  }}
                  aria-hidden="true"
                />
                {t(`signal.${s}`)}
              </span>
              <span className="fw-bold fs-5" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatNumber(counts[s], locale, 0)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <Link href="/signals" prefetch={false} className="small mb-3">
        {t('dashboard.allSignals')}
      </Link>
      <p className="small text-body-secondary mt-auto mb-0">
        {t('dashboard.signalsNote', {
          total: formatNumber(total, locale, 0),
          date: formatDate(asOf, locale),
        })}
      </p>
    </section>
  );
}

function MiniList({
  title,
  items,
  timeframe,
  value,
  empty,
}: {
  title: string;
  items: TickerListItem[];
  timeframe: Timeframe;
  value: 'score' | 'change' | 'turnover';
  empty: string;
}) {
  const { locale } = useRouter();
  const id = `list-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section className={`${styles.card} p-3 h-100`} aria-labelledby={id}>
      <h2 id={id} className={styles.cardTitle}>
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="small text-body-secondary mb-0">{empty}</p>
      ) : (
        <ul className={styles.miniList}>
          {items.map((item) => (
            <li key={item.ticker_id}>
              <Link
                href={analysisHref(item.ticker_id, timeframe)}
                prefetch={false}
                className={styles.miniItem}
              >
                <TickerLogo name={item.long_name} symbol={item.symbol} img={item.img} size={28} />
                <span className={styles.miniName}>
                  <span className="fw-semibold">{item.long_name}</span>
                  <span className="d-block small text-body-secondary">
                    {item.symbol} · {formatMoney(item.close, item.currency, locale)}
                  </span>
                </span>
                {value === 'score' && <ScoreValue score={item.technical_score} bar={false} />}
                {value === 'change' && <ChangeValue changePct={item.change_pct} />}
                {value === 'turnover' && (
                  <span className="fw-semibold small" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatCompact(item.turnover, locale)} {item.currency}
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SkeletonCard({ height, children }: { height: number; children?: ReactNode }) {
  return (
    <div
      className={`${styles.card} p-3 p-lg-4 placeholder-glow`}
      style={{ minHeight: height }}
      aria-hidden="true"
    >
      <span className="placeholder col-4 d-block mb-3" />
      {children}
    </div>
  );
}

/** The dashboard's shape while it loads (the chart box at its final height). */
export function DashboardSkeleton() {
  const { t } = useTranslation('market');
  return (
    <div aria-busy="true" data-testid="dashboard-skeleton">
      <span className="visually-hidden" role="status">
        {t('loading')}
      </span>
      <div className="row g-3">
        <div className="col-12 col-xl-8">
          <SkeletonCard height={360}>
            <span className="placeholder col-3 d-block mb-3" style={{ height: '2rem' }} />
            <ChartPlaceholder height={INDEX_CHART_HEIGHT} />
          </SkeletonCard>
        </div>
        <div className="col-12 col-xl-4">
          <SkeletonCard height={360}>
            {[0, 1, 2].map((i) => (
              <span key={i} className="placeholder col-12 d-block mb-3" style={{ height: '2.25rem' }} />
            ))}
          </SkeletonCard>
        </div>
        {[0, 1, 2].map((i) => (
          <div key={i} className="col-12 col-md-6 col-xl-4">
            <SkeletonCard height={300}>
              {[0, 1, 2, 3, 4].map((r) => (
                <span key={r} className="placeholder col-12 d-block mb-3" style={{ height: '2rem' }} />
              ))}
            </SkeletonCard>
          </div>
        ))}
      </div>
    </div>
  );
}
