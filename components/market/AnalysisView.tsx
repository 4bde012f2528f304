import { useEffect } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { Spinner } from 'react-bootstrap';
import { useTranslation } from 'next-i18next/pages';
import { PRICE_CHART_HEIGHT, PriceChart } from '@/components/charts';
import TrackRecordPanel from './TrackRecordPanel';
import ChartPlaceholder from '@/components/charts/ChartPlaceholder';
import DocumentTitle from '@/components/common/DocumentTitle';
import { isPresent, useDeferredArrival } from '@/components/common/useDeferredArrival';
import WatchlistButton from '@/components/watchlist/WatchlistButton';
import { isTimeframe, type Timeframe } from '@/lib/constants';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';
import type { TickerDetail } from '@/lib/types/market';
import { useMarketStore } from '@/stores/useMarketStore';
import { useTickerStore } from '@/stores/useTickerStore';
import ChangeValue from './ChangeValue';
import ChartLegend from './ChartLegend';
import EmptyState from './EmptyState';
import KeyFigures from './KeyFigures';
import LoadError from './LoadError';
import DemoDataBadge from './DemoDataBadge';
import PriceAlertForm from './PriceAlertForm';
import ScoreCard from './ScoreCard';
import SignalBadge from './SignalBadge';
import TickerLogo from './TickerLogo';
import TimeframeScores from './TimeframeScores';
import TimeframeSwitch from './TimeframeSwitch';
import VerdictCard from './VerdictCard';
import { isIndexSymbol } from './links';
import styles from './market.module.scss';

/** `?tickerID=12&timeframe=3` -> { tickerId: 12, timeframe: 3 }; invalid values become null. */
export function parseAnalysisQuery(query: Record<string, string | string[] | undefined>): {
  tickerId: number | null;
  timeframe: Timeframe | null;
} {
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const id = Number(one(query.tickerID));
  const tf = Number(one(query.timeframe));
  return {
    tickerId: Number.isInteger(id) && id > 0 ? id : null,
    timeframe: isTimeframe(tf) ? tf : null,
  };
}

/**
 * /market/analysis?tickerID=&timeframe=: the chart, the score with its components, the key figures
 * and the scores of every timeframe. The timeframe switch changes the URL (and the app's timeframe).
 */
export default function AnalysisView() {
  const { t } = useTranslation('analysis');
  const router = useRouter();
  const storeTimeframe = useMarketStore((s) => s.timeframe);
  const setTimeframe = useMarketStore((s) => s.setTimeframe);
  const ticker = useTickerStore((s) => s.ticker);
  const requested = useTickerStore((s) => s.requested);
  const fetchTicker = useTickerStore((s) => s.fetchTicker);
  const retry = useTickerStore((s) => s.retry);

  const { tickerId, timeframe: urlTimeframe } = parseAnalysisQuery(router.query);
  const timeframe = urlTimeframe ?? storeTimeframe;
  // Only data for the ticker in the URL is shown (never the previous page's ticker). The analysis
  // (header, cards, tables) first renders in the background, yielding (the skeleton stays until then).
  const detail = useDeferredArrival(
    ticker.data && ticker.data.ticker_id === tickerId ? ticker.data : null,
    isPresent,
  );

  useEffect(() => {
    if (!router.isReady || tickerId === null) return;
    void fetchTicker(tickerId, timeframe);
  }, [router.isReady, tickerId, timeframe, fetchTicker]);

  // The URL's timeframe becomes the app's (search results and lists then open in it too).
  useEffect(() => {
    if (urlTimeframe !== null) setTimeframe(urlTimeframe);
  }, [urlTimeframe, setTimeframe]);

  const changeTimeframe = (tf: Timeframe) => {
    if (tickerId === null) return;
    void router.push(
      { pathname: router.pathname, query: { tickerID: String(tickerId), timeframe: String(tf) } },
      undefined,
      { shallow: true, scroll: false },
    );
  };

  if (!router.isReady) return <AnalysisSkeleton />;
  if (tickerId === null) {
    return (
      <div className={styles.card}>
        <DocumentTitle title={t('title')} />
        <EmptyState
          title={t('choose.title')}
          text={t('choose.text')}
          action={
            <Link href="/market/tickers" className="btn btn-primary btn-sm">
              {t('choose.action')}
            </Link>
          }
        />
      </div>
    );
  }

  const current = requested?.tickerId === tickerId;

  if (!detail) {
    if (current && ticker.status === 'error') {
      return (
        <div>
          <DocumentTitle title={t('title')} />
          <h1 className="h3 mb-3">{t('title')}</h1>
          <LoadError error={ticker.error} onRetry={() => void retry()} what="ticker" />
        </div>
      );
    }
    return <AnalysisSkeleton />;
  }

  const busy = ticker.loading;
  return (
    <div>
      <AnalysisHeader detail={detail} timeframe={timeframe} onTimeframe={changeTimeframe} busy={busy} />
      {ticker.status === 'error' && (
        <LoadError error={ticker.error} onRetry={() => void retry()} what="ticker" />
      )}
      <div className={`row g-3 ${busy ? styles.busy : ''}`} aria-busy={busy}>
        <div className="col-12 col-xl-8 d-flex flex-column gap-3">
          <VerdictCard detail={detail} />
          <section className={`${styles.card} p-3`} aria-labelledby="chart-title">
            <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
              <h2 id="chart-title" className={`${styles.cardTitle} mb-0`}>
                {t('chart.title', { timeframe: t(`market:timeframe.${detail.analysis.timeframe}.window`) })}
              </h2>
              <ChartLegend />
            </div>
            <PriceChart detail={detail} height={PRICE_CHART_HEIGHT} />
          </section>
          <KeyFigures detail={detail} />
          <TrackRecordPanel detail={detail} timeframe={detail.analysis.timeframe} />
        </div>
        <div className="col-12 col-xl-4 d-flex flex-column gap-3">
          <PriceAlertForm detail={detail} />
          <ScoreCard detail={detail} />
          <TimeframeScores
            detail={detail}
            timeframe={detail.analysis.timeframe}
            onTimeframe={changeTimeframe}
          />
        </div>
      </div>
    </div>
  );
}

function AnalysisHeader({
  detail,
  timeframe,
  onTimeframe,
  busy,
}: {
  detail: TickerDetail;
  timeframe: Timeframe;
  onTimeframe(tf: Timeframe): void;
  busy: boolean;
}) {
  const { t } = useTranslation('analysis');
  const { locale } = useRouter();
  return (
    <header className="d-flex flex-wrap align-items-center gap-3 mb-4">
      <DocumentTitle
        title={`${detail.long_name} (${detail.symbol})`}
        description={t('description', { name: detail.long_name })}
      />
      <TickerLogo name={detail.long_name} symbol={detail.symbol} img={detail.img} size={52} />
      <div className="me-auto" style={{ minWidth: 0 }}>
        <h1 className="h3 mb-1 text-truncate">{detail.long_name}</h1>
        <p className="mb-0 small text-body-secondary d-flex flex-wrap align-items-center gap-2">
          <span>
            {t('header.meta', {
              symbol: detail.symbol,
              exchange: detail.exchange,
              currency: detail.currency,
            })}
          </span>
          {detail.demo && <DemoDataBadge />}
        </p>
      </div>
      <div className="text-end">
        <p
          className="mb-0 fs-4 fw-bold"
          style={{ fontVariantNumeric: 'tabular-nums' }}
          data-testid="last-close"
        >
          {isIndexSymbol(detail.symbol)
            ? formatNumber(detail.last.close, locale)
            : formatMoney(detail.last.close, detail.currency, locale)}
        </p>
        <p className="mb-0 small">
          <ChangeValue changePct={detail.last.change_pct} />{' '}
          <span className="text-body-secondary">
            {t('header.asOf', { date: formatDate(detail.last.date, locale) })}
          </span>
        </p>
      </div>
      <SignalBadge signal={detail.analysis.signal} size="lg" />
      <div className="d-flex flex-wrap align-items-center gap-2 ms-auto">
        <WatchlistButton tickerId={detail.ticker_id} symbol={detail.symbol} size="sm" />
        {!isIndexSymbol(detail.symbol) && (
          <Link
            className="btn btn-outline-primary btn-sm"
            href={{
              pathname: '/portfolio',
              query: { addTicker: detail.ticker_id, symbol: detail.symbol, name: detail.long_name },
            }}
          >
            {t('header.addTransaction')}
          </Link>
        )}
        {busy && (
          <Spinner animation="border" size="sm" variant="primary" role="status" aria-label={t('loading')} />
        )}
        <TimeframeSwitch value={timeframe} onChange={onTimeframe} />
      </div>
    </header>
  );
}

/** The page's shape while the first answer loads: header, chart box (final height) and cards. */
export function AnalysisSkeleton() {
  const { t } = useTranslation('analysis');
  return (
    <div aria-busy="true" data-testid="analysis-skeleton">
      <span className="visually-hidden" role="status">
        {t('loading')}
      </span>
      <div className="d-flex align-items-center gap-3 mb-4 placeholder-glow" aria-hidden="true">
        <span className="placeholder rounded-circle" style={{ width: 52, height: 52 }} />
        <div className="flex-grow-1">
          <span className="placeholder col-5 col-md-3 d-block mb-2" style={{ height: '1.6rem' }} />
          <span className="placeholder col-3 col-md-2 d-block" />
        </div>
        <span className="placeholder col-2" style={{ height: '2rem' }} />
      </div>
      <div className="row g-3" aria-hidden="true">
        <div className="col-12 col-xl-8">
          <div className={`${styles.card} p-3`}>
            <span className="placeholder col-4 mb-3 d-block" />
            <ChartPlaceholder height={PRICE_CHART_HEIGHT} />
          </div>
        </div>
        <div className="col-12 col-xl-4">
          <div className={`${styles.card} p-3 placeholder-glow h-100`}>
            <span className="placeholder col-6 d-block mb-3" />
            <span className="placeholder col-4 d-block mb-4" style={{ height: '2rem' }} />
            {[0, 1, 2, 3].map((i) => (
              <span key={i} className="placeholder col-12 d-block mb-3" style={{ height: '3rem' }} />
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
