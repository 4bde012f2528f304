import type { MouseEvent, ReactNode } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import type { Timeframe } from '@/lib/constants';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';
import type { TickerListItem } from '@/lib/types/market';
import type { SortField, SortOrder } from '@/services/marketDataService';
import ChangeValue from './ChangeValue';
import { formatVolbal } from './formatters';
import { analysisHref } from './links';
import RiskLabel from './RiskLabel';
import ScoreValue from './ScoreValue';
import SignalBadge from './SignalBadge';
import TickerLogo from './TickerLogo';
import styles from './market.module.scss';

interface Column {
  field: SortField;
  /** Key in `market:columns` (and `market:columnHints`). */
  key: string;
  numeric?: boolean;
  /** The first click sorts this way. */
  firstOrder: SortOrder;
  /** A column the list cannot be sorted by (its header is plain). */
  unsorted?: boolean;
}

export const COLUMNS: readonly Column[] = [
  { field: 'long_name', key: 'name', firstOrder: 'asc' },
  { field: 'close', key: 'close', numeric: true, firstOrder: 'desc' },
  { field: 'change_pct', key: 'change', numeric: true, firstOrder: 'desc' },
  { field: 'technical_score', key: 'score', firstOrder: 'desc' },
  { field: 'technical_score', key: 'signal', firstOrder: 'desc', unsorted: true },
  { field: 'technical_score', key: 'earlyWarning', numeric: true, firstOrder: 'desc', unsorted: true },
  { field: 'rsi', key: 'rsi', numeric: true, firstOrder: 'desc' },
  { field: 'volbal_22', key: 'volbal', numeric: true, firstOrder: 'desc' },
  { field: 'liquidity_risk', key: 'liquidity', firstOrder: 'asc' },
  { field: 'volatility_risk', key: 'volatility', firstOrder: 'asc' },
];

export interface ScreenerTableProps {
  items: TickerListItem[];
  timeframe: Timeframe;
  caption: string;
  /** Sorting; without `onSort` the headers are plain. */
  sort?: SortField;
  order?: SortOrder;
  onSort?(field: SortField, order: SortOrder): void;
  /** A newer answer is on its way: the rows are dimmed. */
  busy?: boolean;
  /** Shown instead of rows when `items` is empty. */
  empty?: ReactNode;
  /** Indexes are quoted in points, not money, and their column says "Index". */
  kind?: 'stock' | 'index';
}

/**
 * The screener's table (also the indexes'): name with logo, price in the ticker's currency, change,
 * score, signal, RSI, volume balance and the two risks in words. A sticky header; a row opens the
 * analysis page (its name is a real link, so keyboard and middle-click work too).
 */
export default function ScreenerTable({
  items,
  timeframe,
  caption,
  sort,
  order,
  onSort,
  busy = false,
  empty,
  kind = 'stock',
}: ScreenerTableProps) {
  const { t } = useTranslation('market');
  const router = useRouter();
  const locale = router.locale;

  const openRow = (event: MouseEvent<HTMLTableRowElement>, item: TickerListItem) => {
    // Clicks on the link itself (or with a modifier) are the link's business.
    if ((event.target as HTMLElement).closest('a') || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    void router.push(analysisHref(item.ticker_id, timeframe));
  };

  const header = (column: Column) => {
    const label = t(`columns.${column.key === 'name' && kind === 'index' ? 'index' : column.key}`);
    const active = onSort && sort === column.field && !column.unsorted;
    const ariaSort = active ? (order === 'asc' ? 'ascending' : 'descending') : undefined;
    const className = column.numeric ? styles.num : undefined;
    if (!onSort || column.unsorted) {
      return (
        <th key={column.key} scope="col" className={className} title={t(`columnHints.${column.key}`)}>
          {label}
        </th>
      );
    }
    const nextOrder: SortOrder = active ? (order === 'asc' ? 'desc' : 'asc') : column.firstOrder;
    return (
      <th
        key={column.key}
        scope="col"
        className={className}
        aria-sort={ariaSort}
        title={t(`columnHints.${column.key}`)}
      >
        <button
          type="button"
          className={`${styles.sortButton} ${active ? styles.sortActive : ''}`}
          onClick={() => onSort(column.field, nextOrder)}
          aria-label={t('table.sortBy', { column: label })}
        >
          {label}
          <span className={styles.sortIcon} aria-hidden="true">
            {active ? (order === 'asc' ? '▲' : '▼') : '⇅'}
          </span>
        </button>
      </th>
    );
  };

  return (
    <div className={`${styles.tableWrap} ${busy ? styles.busy : ''}`} aria-busy={busy}>
      <table className={`table table-hover align-middle ${styles.phoneCards}`}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>{COLUMNS.map(header)}</tr>
        </thead>
        <tbody>
          {items.length === 0 ? (
            <tr>
              <td colSpan={COLUMNS.length}>{empty}</td>
            </tr>
          ) : (
            items.map((item) => (
              <tr
                key={item.ticker_id}
                onClick={(e) => openRow(e, item)}
                data-ticker-id={item.ticker_id}
                data-score={item.technical_score}
                data-currency={item.currency}
              >
                <td className={styles.nameCell} data-col="name">
                  <div className="d-flex align-items-center gap-2">
                    <TickerLogo name={item.long_name} symbol={item.symbol} img={item.img} size={30} />
                    <div className="min-w-0" style={{ minWidth: 0 }}>
                      <Link
                        href={analysisHref(item.ticker_id, timeframe)}
                        className={styles.name}
                        title={item.long_name}
                      >
                        {item.long_name}
                      </Link>
                      <span className={styles.symbol}>{item.symbol}</span>
                    </div>
                  </div>
                </td>
                <td className={styles.num} title={formatDate(item.date, locale)} data-col="close">
                  {kind === 'index'
                    ? formatNumber(item.close, locale)
                    : formatMoney(item.close, item.currency, locale)}
                </td>
                <td className={styles.num} data-col="change">
                  <ChangeValue changePct={item.change_pct} />
                </td>
                <td data-col="score">
                  <ScoreValue score={item.technical_score} />
                </td>
                <td data-col="signal">
                  <SignalBadge signal={item.signal} />
                </td>
                <td className={styles.num} data-col="earlyWarning" data-label={t('columns.earlyWarning')}>
                  <EarlyWarningCell item={item} kind={kind} />
                </td>
                <td className={styles.num} data-col="rsi" data-label={t('columns.rsi')}>
                  {formatNumber(item.rsi, locale, 1)}
                </td>
                <td className={styles.num} data-col="volbal" data-label={t('columns.volbal')}>
                  {formatVolbal(item.volbal_22, locale)}
                </td>
                <td data-col="liquidity" data-label={t('columns.liquidity')}>
                  <RiskLabel risk={item.liquidity_risk} kind="liquidity" />
                </td>
                <td data-col="volatility" data-label={t('columns.volatility')}>
                  <RiskLabel risk={item.volatility_risk} kind="volatility" />
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** "▲ 123,45 / ▼ 104,37": the next closes at which the signal turns buy / sell (– when none within ±25 %). */
function EarlyWarningCell({ item, kind }: { item: TickerListItem; kind: 'stock' | 'index' }) {
  const { t } = useTranslation('market');
  const { locale } = useRouter();
  const price = (value: number) =>
    kind === 'index' ? formatNumber(value, locale) : formatMoney(value, item.currency, locale);
  const { buy_above: buy, sell_below: sell } = item.early_warning;
  return (
    <span className="d-inline-flex flex-column small text-nowrap">
      <span
        title={buy === null ? t('earlyWarning.noBuy') : t('earlyWarning.buyAbove', { price: price(buy) })}
      >
        <span aria-hidden="true">▲ </span>
        <span className="visually-hidden">{t('earlyWarning.buyShort')} </span>
        {buy === null ? '–' : price(buy)}
      </span>
      <span
        title={sell === null ? t('earlyWarning.noSell') : t('earlyWarning.sellBelow', { price: price(sell) })}
      >
        <span aria-hidden="true">▼ </span>
        <span className="visually-hidden">{t('earlyWarning.sellShort')} </span>
        {sell === null ? '–' : price(sell)}
      </span>
    </span>
  );
}

/** Placeholder rows while the first page loads (same columns, so nothing jumps). */
export function ScreenerTableSkeleton({ rows = 10 }: { rows?: number }) {
  const { t } = useTranslation('market');
  return (
    <div className={styles.tableWrap} aria-busy="true">
      <table className="table align-middle placeholder-glow">
        <caption className="visually-hidden">{t('table.loading')}</caption>
        <thead>
          <tr>
            {COLUMNS.map((c) => (
              <th key={c.key} scope="col" className={c.numeric ? styles.num : undefined}>
                {t(`columns.${c.key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: rows }, (_, r) => (
            <tr key={r} data-testid="skeleton-row">
              <td className={styles.nameCell}>
                <div className="d-flex align-items-center gap-2">
                  <span className="placeholder rounded-circle" style={{ width: 30, height: 30 }} />
                  <span className="placeholder col-8" />
                </div>
              </td>
              {COLUMNS.slice(1).map((c) => (
                <td key={c.key}>
                  <span className="placeholder col-10" />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
