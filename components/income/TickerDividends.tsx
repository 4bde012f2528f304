import { useEffect } from 'react';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'next-i18next/pages';
import TableScroll from '@/components/common/TableScroll';
import { addDays } from '@/lib/dates';
import { formatDate, formatNumber, formatPercent } from '@/lib/format';
import { localIsoDate } from '@/lib/schemas/portfolio';
import { useIncomeStore } from '@/stores/useIncomeStore';
import { useTickerStore } from '@/stores/useTickerStore';

/** How many of the newest dividends the table lists. */
const ROWS = 8;

/**
 * The shown share's dividends on the analysis page (issue 41): the newest ones and the trailing
 * yield (the dividends that went ex in the last 365 days over the last close, in the share's own
 * currency; left out when a dividend is paid in another one).
 */
export default function TickerDividends() {
  const { t, i18n } = useTranslation('income');
  const locale = i18n.language;
  const detail = useTickerStore((s) => s.ticker.data);
  const dividends = useIncomeStore((s) => s.tickerDividends);
  const fetchTickerDividends = useIncomeStore((s) => s.fetchTickerDividends);
  const demo = useIncomeStore((s) => s.demo);
  const fetchDemo = useIncomeStore((s) => s.fetchDemo);
  const tickerId = detail?.ticker_id ?? null;

  useEffect(() => {
    if (tickerId !== null) {
      void fetchTickerDividends(tickerId);
      void fetchDemo();
    }
  }, [fetchTickerDividends, fetchDemo, tickerId]);

  if (!detail || dividends.status === 'idle') return null;
  const today = localIsoDate();
  const rows = dividends.data ?? [];
  const yearAgo = addDays(today, -365);
  const trailing = rows
    .filter((d) => d.ex_date > yearAgo && d.ex_date <= today && d.currency === detail.currency)
    .reduce((s, d) => s + d.amount, 0);
  const close = detail.last?.close ?? 0;
  return (
    <Card className="my-4" data-testid="ticker-dividends">
      <Card.Header as="h2" className="h6 mb-0">
        {t('ticker.title')}
      </Card.Header>
      <Card.Body>
        {dividends.status === 'error' && <p className="text-danger mb-0">{t('ticker.loadFailed')}</p>}
        {dividends.status === 'success' && rows.length === 0 && (
          <p className="text-body-secondary mb-0">{t('ticker.empty')}</p>
        )}
        {rows.length > 0 && (
          <>
            {demo && <p className="small text-warning-emphasis">{t('demoNote')}</p>}
            {close > 0 && (
              <p>{t('ticker.trailingYield', { yield: formatPercent(trailing / close, locale) })}</p>
            )}
            <TableScroll label={t('ticker.title')}>
              <Table size="sm" className="mb-0">
                <thead>
                  <tr>
                    <th scope="col">{t('ticker.exDate')}</th>
                    <th scope="col">{t('ticker.payDate')}</th>
                    <th scope="col" className="text-end">
                      {t('ticker.amount')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows
                    .slice(-ROWS)
                    .reverse()
                    .map((d) => (
                      <tr key={d.ex_date}>
                        <td>{formatDate(d.ex_date, locale, 'short')}</td>
                        <td>{formatDate(d.pay_date, locale, 'short')}</td>
                        <td className="text-end">
                          {formatNumber(d.amount, locale, 4)} {d.currency}
                        </td>
                      </tr>
                    ))}
                </tbody>
              </Table>
            </TableScroll>
          </>
        )}
      </Card.Body>
    </Card>
  );
}
