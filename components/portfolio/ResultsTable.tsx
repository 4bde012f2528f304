import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'next-i18next/pages';
import { formatDate, formatMoney, formatNumber, formatPercent } from '@/lib/format';
import type {
  PortfolioCurrency,
  PortfolioResultRowDto,
  PortfolioResultTotalsDto,
} from '@/lib/types/portfolio';
import GainLoss from './GainLoss';
import SignalBadge from './SignalBadge';
import TableScroll from '@/components/common/TableScroll';

interface ResultsTableProps {
  rows: PortfolioResultRowDto[];
  /** The server's decimal totals of `rows` (the client adds no amounts); no totals row without them. */
  totals: PortfolioResultTotalsDto | null;
  baseCurrency: PortfolioCurrency;
  includeSold: boolean;
  onIncludeSoldChange(value: boolean): void;
  onShowTransactions(row: PortfolioResultRowDto): void;
}

/**
 * The holdings of the selected portfolio (issue 24 item 8): amounts in each ticker's currency and
 * in the portfolio's base currency in separate, labelled column groups; "today" (the price change
 * since the previous close) and the currency effect in the base currency, per row and in the
 * totals; each holding's signal and score.
 *
 * Nine columns, so that every one is in view from 1280 px (issue 39): the gain in the share's
 * currency is the unrealised gain with the realised gain and dividends as a line under it (most
 * holdings have none); a foreign holding's value in its own currency is the second line of the
 * base-currency value, and its currency effect the last line of the base-currency return; the
 * share-currency return is not repeated (it is the two gains together). On a phone the rows become cards (tv-phone-cards); the table still
 * scrolls inside its TableScroll, with the first column in view, if a long name needs it.
 */
function CurrencyEffect({ value, currency }: { value: number; currency: PortfolioCurrency }) {
  const { t } = useTranslation('portfolio');
  return (
    <div className="small text-body-secondary">
      {t('results.currencyEffectLine')} <GainLoss value={value} currency={currency} />
    </div>
  );
}

/** The holdings table of the selected portfolio. */
export default function ResultsTable({
  rows,
  totals,
  baseCurrency,
  includeSold,
  onIncludeSoldChange,
  onShowTransactions,
}: ResultsTableProps) {
  const { t, i18n } = useTranslation('portfolio');
  const locale = i18n.language;
  return (
    <section aria-labelledby="tv-results-title" className="mb-4">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <h2 id="tv-results-title" className="h5 mb-0">
          {t('results.title')}
        </h2>
        <Form.Check
          type="switch"
          role="switch"
          id="tv-include-sold"
          label={t('results.includeSold')}
          checked={includeSold}
          onChange={(e) => onIncludeSoldChange(e.target.checked)}
        />
      </div>
      <TableScroll label={t('results.caption', { currency: baseCurrency })} stickyFirstColumn>
        <Table hover size="sm" className="align-middle mb-0 tv-results-table tv-phone-cards">
          <caption className="visually-hidden">{t('results.caption', { currency: baseCurrency })}</caption>
          <thead>
            <tr>
              <th scope="col" rowSpan={2}>
                {t('results.columns.ticker')}
              </th>
              <th scope="col" rowSpan={2} className="text-end">
                {t('results.columns.quantity')}
              </th>
              <th scope="colgroup" colSpan={2} className="text-center border-start">
                {t('results.groups.share')}
              </th>
              <th scope="colgroup" colSpan={3} className="text-center border-start">
                {t('results.groups.base', { currency: baseCurrency })}
              </th>
              <th scope="col" rowSpan={2} className="text-end border-start">
                {t('results.columns.weight')}
              </th>
              <th scope="col" rowSpan={2}>
                {t('results.columns.signal')}
              </th>
            </tr>
            <tr>
              <th scope="col" className="text-end border-start">
                {t('results.columns.lastPrice')}
              </th>
              <th scope="col" className="text-end">
                {t('results.columns.gain')}
              </th>
              <th scope="col" className="text-end border-start">
                {t('results.columns.todayShort')}
              </th>
              <th scope="col" className="text-end">
                {t('results.columns.marketValueShort')}
              </th>
              <th scope="col" className="text-end">
                {t('results.columns.totalReturnShort')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              // A ratio of two server figures: its sign is the sign of total_return_base.
              const ratio = row.total_bought_base === 0 ? 0 : row.total_return_base / row.total_bought_base;
              return (
                <tr key={row.ticker_id}>
                  <th scope="row" className="fw-normal" data-col="name">
                    <Button
                      variant="link"
                      className="p-0 fw-semibold text-decoration-none"
                      onClick={() => onShowTransactions(row)}
                      aria-label={t('results.showTransactionsFor', { symbol: row.symbol })}
                    >
                      {row.symbol}
                    </Button>
                    <div className="small text-body-secondary">{row.long_name}</div>
                  </th>
                  <td className="text-end" data-col="quantity" data-label={t('results.columns.quantity')}>
                    {formatNumber(row.quantity, locale, 6)}
                  </td>
                  <td
                    className="text-end border-start"
                    data-col="lastPrice"
                    data-label={t('results.columns.lastPrice')}
                  >
                    {row.price_available ? (
                      formatMoney(row.last_price, row.currency, locale)
                    ) : (
                      <span className="small text-body-secondary">{t('results.noPrice')}</span>
                    )}
                    {row.price_available && row.price_source !== null && row.price_source !== 'market' && (
                      <div className="small text-body-secondary">
                        {t(`results.priceSource.${row.price_source}`, {
                          date: formatDate(row.price_date, locale, 'short'),
                        })}
                      </div>
                    )}
                    <div className="small text-body-secondary">
                      {t('results.average', { price: formatMoney(row.avg_price, row.currency, locale) })}
                    </div>
                  </td>
                  <td className="text-end" data-col="gain" data-label={t('results.columns.gain')}>
                    <GainLoss value={row.unrealized} currency={row.currency} />
                    <div className="small">
                      <GainLoss value={row.unrealized_pct / 100} />
                    </div>
                    {row.realized_and_dividends !== 0 && (
                      <div className="small text-body-secondary">
                        {t('results.realizedLine')}{' '}
                        <GainLoss value={row.realized_and_dividends} currency={row.currency} />
                      </div>
                    )}
                    {row.dividends !== 0 && (
                      <div className="small text-body-secondary">
                        {t('results.dividends', { amount: formatMoney(row.dividends, row.currency, locale) })}
                      </div>
                    )}
                  </td>
                  <td
                    className="text-end border-start"
                    data-col="today"
                    data-label={t('results.columns.today', { currency: baseCurrency })}
                  >
                    {row.today_base === null ? (
                      <span className="text-body-secondary">–</span>
                    ) : (
                      <GainLoss value={row.today_base} currency={baseCurrency} />
                    )}
                  </td>
                  <td
                    className="text-end"
                    data-col="marketValue"
                    data-label={t('results.columns.marketValue', { currency: baseCurrency })}
                  >
                    {formatMoney(row.market_value_base, baseCurrency, locale)}
                    {row.currency !== baseCurrency && (
                      <div className="small text-body-secondary">
                        {formatMoney(row.market_value, row.currency, locale)}
                      </div>
                    )}
                  </td>
                  <td
                    className="text-end"
                    data-col="totalReturn"
                    data-label={t('results.columns.totalReturn', { currency: baseCurrency })}
                  >
                    <GainLoss value={row.total_return_base} currency={baseCurrency} />
                    <div className="small">
                      <GainLoss value={ratio} />
                    </div>
                    {row.currency !== baseCurrency && (
                      <CurrencyEffect value={row.currency_effect_base} currency={baseCurrency} />
                    )}
                  </td>
                  <td
                    className="text-end border-start"
                    data-col="weight"
                    data-label={t('results.columns.weight')}
                  >
                    {formatPercent(row.weight, locale, { decimals: 1 })}
                  </td>
                  <td data-col="signal">
                    {row.in_universe ? (
                      <SignalBadge signal={row.signal} score={row.technical_score} />
                    ) : (
                      <span className="small text-body-secondary">{t('results.noAnalysis')}</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
          {totals && (
            <tfoot>
              <tr className="fw-semibold">
                <th scope="row">{t('results.total')}</th>
                <td />
                {/* Amounts in several share currencies are not added up: the totals are in the base currency. */}
                <td colSpan={2} className="border-start" />
                <td className="text-end border-start">
                  <GainLoss value={totals.today_base} currency={baseCurrency} />
                </td>
                <td className="text-end">
                  {formatMoney(totals.market_value_base, baseCurrency, locale)}
                  <div className="small fw-normal">
                    {t('results.unrealizedTotal', {
                      amount: formatMoney(totals.unrealized_base, baseCurrency, locale),
                    })}
                  </div>
                </td>
                <td className="text-end">
                  <GainLoss value={totals.total_return_base} currency={baseCurrency} />
                  <div className="small">
                    <GainLoss value={totals.total_return_pct / 100} />
                  </div>
                  {totals.currency_effect_base !== 0 && (
                    <CurrencyEffect value={totals.currency_effect_base} currency={baseCurrency} />
                  )}
                </td>
                <td className="text-end border-start">
                  {formatPercent(rows.length > 0 ? 1 : 0, locale, { decimals: 1 })}
                </td>
                <td />
              </tr>
            </tfoot>
          )}
        </Table>
      </TableScroll>
      <p className="small text-body-secondary mt-2 mb-0">
        {t('results.todayHelp', { currency: baseCurrency })}
      </p>
    </section>
  );
}
