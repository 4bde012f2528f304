import { useEffect, useMemo, useState } from 'react';
import dynamic from 'next/dynamic';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'next-i18next/pages';
import { notify } from '@/components/common/notify';
import TableScroll from '@/components/common/TableScroll';
import { formatDate, formatMoney, formatNumber, formatPercent, type Currency } from '@/lib/format';
import type { ExpectedIncomeDto } from '@/lib/types/income';
import type { PortfolioResultRowDto } from '@/lib/types/portfolio';
import { useIncomeStore } from '@/stores/useIncomeStore';
import { usePortfolioStore } from '@/stores/usePortfolioStore';
import ChartBox from '../ChartBox';
import BookDividendDialog from './BookDividendDialog';
import ExDateAlertsSwitch from '@/components/income/ExDateAlertsSwitch';

const IncomeBars = dynamic(() => import('./IncomeBars'), { ssr: false, loading: () => <ChartBox /> });

/** YYYY-MM of an ISO date. */
const monthOf = (iso: string) => iso.slice(0, 7);
const dateOf = (r: ExpectedIncomeDto) => r.pay_date ?? r.ex_date;

/** A currency the formatter knows, else plain numbers with the code. */
function money(value: number, currency: string, locale: string): string {
  return currency === 'NOK' || currency === 'USD'
    ? formatMoney(value, currency as Currency, locale)
    : `${formatNumber(value, locale)} ${currency}`;
}

/**
 * The portfolio's "Utbytte / Income" view (issue 41): totals, a 12-month bar chart of received and
 * expected income with the same figures in a table, the dividend calendar (a passed, unbooked
 * dividend is booked from here) and each holding's yield on cost and on value.
 */
export default function IncomePanel({
  portfolioId,
  rows,
  today,
}: {
  portfolioId: number;
  rows: PortfolioResultRowDto[];
  /** Today's date (ISO), from the page. */
  today: string;
}) {
  const { t, i18n } = useTranslation('income');
  const locale = i18n.language;
  const income = useIncomeStore((s) => s.income);
  const fetchIncome = useIncomeStore((s) => s.fetchIncome);
  const demo = useIncomeStore((s) => s.demo);
  const fetchDemo = useIncomeStore((s) => s.fetchDemo);
  const [booking, setBooking] = useState<ExpectedIncomeDto | null>(null);

  useEffect(() => {
    void fetchIncome(portfolioId);
    void fetchDemo();
  }, [fetchIncome, fetchDemo, portfolioId]);

  const data = income.data;
  const months = useMemo(() => {
    if (!data) return [];
    // Received: the window's past months; expected: the unpaid rows of today's month and the next 11.
    const received = new Map(data.received.map((r) => [r.month, r.amount_nok]));
    const expected = new Map<string, number>();
    for (const r of data.expected) {
      if (r.status === 'paid' || dateOf(r) <= today || r.amount_nok === null) continue;
      expected.set(monthOf(dateOf(r)), (expected.get(monthOf(dateOf(r))) ?? 0) + r.amount_nok);
    }
    const first = monthOf(today);
    const out: { month: string; received: number; expected: number }[] = [];
    for (let i = 0; i < 12; i += 1) {
      const d = new Date(Date.UTC(Number(first.slice(0, 4)), Number(first.slice(5, 7)) - 1 + i, 1));
      const month = d.toISOString().slice(0, 7);
      out.push({ month, received: received.get(month) ?? 0, expected: expected.get(month) ?? 0 });
    }
    // The past months first (received), then the coming ones.
    const past = data.received.map((r) => ({ month: r.month, received: r.amount_nok, expected: 0 }));
    return [...past.slice(0, -1), ...out];
  }, [data, today]);

  const holdings = useMemo(() => {
    if (!data) return [];
    return rows
      .filter((r) => r.quantity > 0)
      .map((r) => {
        const next = data.expected
          .filter((e) => e.ticker_id === r.ticker_id && e.status !== 'paid' && dateOf(e) > today)
          .reduce((s, e) => s + (e.amount_nok ?? 0), 0);
        return {
          symbol: r.symbol,
          next,
          onCost: r.cost_base > 0 ? next / r.cost_base : 0,
          onValue: r.market_value_base > 0 ? next / r.market_value_base : 0,
        };
      });
  }, [data, rows, today]);

  if (income.status === 'error' && !data) {
    return (
      <div className="alert alert-danger" role="alert">
        <p className="mb-2">{t('loadFailed')}</p>
        <Button size="sm" variant="outline-danger" onClick={() => void fetchIncome(portfolioId)}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  if (!data) {
    return (
      <div className="d-flex align-items-center gap-2 py-3" role="status">
        <Spinner animation="border" size="sm" aria-hidden="true" />
        <span>{t('loading')}</span>
      </div>
    );
  }

  const nok = (v: number) => formatMoney(v, 'NOK', locale, 0);
  const receivedAny = data.received.some((r) => r.amount_nok !== 0);
  const summary = months
    .filter((m) => m.received || m.expected)
    .map((m) => `${m.month} ${nok(m.received + m.expected)}`)
    .join(', ');

  return (
    <Card className="mb-4" data-testid="income-panel">
      <Card.Header as="h2" className="h6 mb-0">
        {t('title')}
      </Card.Header>
      <Card.Body>
        {demo && <p className="small text-warning-emphasis">{t('demoNote')}</p>}
        <Row className="g-3 mb-3" as="dl">
          {(
            [
              ['trailing', nok(data.totals.trailing_12m_nok)],
              ['next', nok(data.totals.next_12m_nok)],
              ['yieldOnCost', formatPercent(data.totals.yield_on_cost, locale)],
              ['yieldOnValue', formatPercent(data.totals.yield_on_value, locale)],
            ] as const
          ).map(([key, value]) => (
            <Col xs={6} md={3} key={key}>
              <dt className="small text-body-secondary fw-normal">{t(`totals.${key}`)}</dt>
              <dd className="h5 mb-0">{value}</dd>
            </Col>
          ))}
        </Row>
        <ExDateAlertsSwitch />
        {!receivedAny && <p className="text-body-secondary">{t('emptyReceived')}</p>}
        <h3 className="h6">{t('chart.title')}</h3>
        <ChartBox testId="income-chart">
          <IncomeBars
            labels={months.map((m) => m.month)}
            received={months.map((m) => m.received)}
            expected={months.map((m) => m.expected)}
            receivedLabel={t('chart.received')}
            expectedLabel={t('chart.expected')}
            ariaLabel={t('chart.label', { summary })}
            formatValue={nok}
          />
        </ChartBox>
        <details className="mb-3">
          <summary>{t('chart.tableCaption')}</summary>
          <TableScroll label={t('chart.tableCaption')}>
            <Table size="sm" className="mb-0">
              <caption className="visually-hidden">{t('chart.tableCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('chart.month')}</th>
                  <th scope="col" className="text-end">
                    {t('chart.received')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('chart.expected')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {months.map((m) => (
                  <tr key={m.month}>
                    <th scope="row">{m.month}</th>
                    <td className="text-end">{nok(m.received)}</td>
                    <td className="text-end">{nok(m.expected)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableScroll>
        </details>

        <h3 className="h6">{t('calendar.title')}</h3>
        {data.expected.length === 0 ? (
          <p className="text-body-secondary">{t('calendar.empty')}</p>
        ) : (
          // On a phone each dividend is a card (like the holdings): the share and its status on top,
          // then each figure under its column's name.
          <TableScroll label={t('calendar.title')}>
            <Table size="sm" hover className="mb-0 align-middle tv-phone-cards" data-testid="income-calendar">
              <thead>
                <tr>
                  <th scope="col">{t('calendar.symbol')}</th>
                  <th scope="col">{t('calendar.exDate')}</th>
                  <th scope="col">{t('calendar.payDate')}</th>
                  <th scope="col" className="text-end">
                    {t('calendar.amount')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('calendar.amountNok')}
                  </th>
                  <th scope="col">{t('calendar.status')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('calendar.action')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.expected.map((r) => {
                  const bookable = r.status !== 'paid' && r.status !== 'estimated' && dateOf(r) <= today;
                  return (
                    <tr key={`${r.ticker_id}-${r.ex_date}-${r.status}`}>
                      <th scope="row" data-col="name">
                        {r.symbol}
                      </th>
                      <td data-label={t('calendar.exDate')}>{formatDate(r.ex_date, locale, 'short')}</td>
                      <td data-label={t('calendar.payDate')}>{formatDate(r.pay_date, locale, 'short')}</td>
                      <td className="text-end" data-label={t('calendar.amount')}>
                        <span className="text-nowrap">{money(r.amount, r.currency, locale)}</span>
                      </td>
                      <td className="text-end" data-label={t('calendar.amountNok')}>
                        {r.amount_nok === null ? '–' : nok(r.amount_nok)}
                      </td>
                      <td data-col="signal">
                        <span
                          className={`badge ${r.status === 'paid' ? 'text-bg-success' : 'text-bg-secondary'}`}
                        >
                          {bookable ? t('status.unbooked') : t(`status.${r.status}`)}
                        </span>
                      </td>
                      <td>
                        {bookable && (
                          <Button
                            size="sm"
                            variant="outline-primary"
                            aria-label={t('book.buttonLabel', {
                              symbol: r.symbol,
                              date: formatDate(r.ex_date, locale, 'short'),
                            })}
                            onClick={() => setBooking(r)}
                          >
                            {t('book.button')}
                          </Button>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </Table>
          </TableScroll>
        )}

        <h3 className="h6">{t('holdings.title')}</h3>
        {holdings.length === 0 ? (
          <p className="text-body-secondary mb-0">{t('holdings.empty')}</p>
        ) : (
          <TableScroll label={t('holdings.title')}>
            <Table size="sm" className="mb-0 tv-phone-cards">
              <thead>
                <tr>
                  <th scope="col">{t('holdings.symbol')}</th>
                  <th scope="col" className="text-end">
                    {t('holdings.next')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('holdings.yieldOnCost')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('holdings.yieldOnValue')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {holdings.map((h) => (
                  <tr key={h.symbol}>
                    <th scope="row" data-col="name">
                      {h.symbol}
                    </th>
                    <td className="text-end" data-label={t('holdings.next')}>
                      {nok(h.next)}
                    </td>
                    <td className="text-end" data-label={t('holdings.yieldOnCost')}>
                      {formatPercent(h.onCost, locale)}
                    </td>
                    <td className="text-end" data-label={t('holdings.yieldOnValue')}>
                      {formatPercent(h.onValue, locale)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableScroll>
        )}
      </Card.Body>
      {booking && (
        <BookDividendDialog
          row={booking}
          onHide={() => setBooking(null)}
          onBook={async (rate) => {
            try {
              await useIncomeStore.getState().book(portfolioId, booking.ticker_id, booking.ex_date, rate);
              notify.success(t('book.done'));
              // The holdings' dividends, the performance and the tax view (portfolio and person)
              // include it now.
              const figures = usePortfolioStore.getState();
              void figures.fetchResults();
              void figures.fetchPerformance();
              if (figures.taxStatus !== 'idle') void figures.fetchTax();
              setBooking(null);
            } catch {
              notify.error(t('book.failed'));
            }
          }}
        />
      )}
    </Card>
  );
}
