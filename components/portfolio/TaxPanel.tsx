import { useEffect, useId } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';
import { usePortfolioStore } from '@/stores/usePortfolioStore';
import GainLoss from './GainLoss';
import TableScroll from '@/components/common/TableScroll';

/**
 * The Norwegian tax view (DESIGN.md §7): the selected year's sales with FIFO cost and gain in NOK at
 * trade-date rates, the year's totals, and the dividends received. Fetched when first shown.
 */
export default function TaxPanel() {
  const { t, i18n } = useTranslation('portfolio');
  const locale = i18n.language;
  const yearId = useId();
  const tax = usePortfolioStore((s) => s.tax);
  const status = usePortfolioStore((s) => s.taxStatus);
  const year = usePortfolioStore((s) => s.taxYear);
  const setTaxYear = usePortfolioStore((s) => s.setTaxYear);
  const fetchTax = usePortfolioStore((s) => s.fetchTax);
  const selectedId = usePortfolioStore((s) => s.selectedId);

  useEffect(() => {
    if (selectedId !== null && usePortfolioStore.getState().taxStatus === 'idle') void fetchTax();
  }, [selectedId, fetchTax]);

  // Issue 24 item 9: the server answers the latest year with a sale or a dividend until one is
  // picked, and the selector lists only the years with such events (and the one shown).
  const report = tax && (year === null || tax.year === year) ? tax : null;
  const shownYear = year ?? tax?.year ?? new Date().getFullYear();
  const years = [...new Set([shownYear, ...(tax?.event_years ?? [])])].sort((a, b) => b - a);
  const nok = (value: number) => formatMoney(value, 'NOK', locale);

  let body;
  if (status === 'error') {
    body = (
      <div role="alert">
        <p className="mb-2">{t('tax.loadFailed')}</p>
        <Button size="sm" variant="outline-primary" onClick={() => void fetchTax()}>
          {t('actions.retry')}
        </Button>
      </div>
    );
  } else if (!report) {
    body = (
      <div className="d-flex align-items-center gap-2 py-3" role="status">
        <Spinner animation="border" size="sm" aria-hidden="true" />
        <span>{t('tax.loading')}</span>
      </div>
    );
  } else {
    const { totals } = report;
    body = (
      <>
        <dl className="tv-tax-totals row row-cols-2 row-cols-md-4 g-3 mb-3" data-testid="tax-totals">
          {(
            [
              ['gain', 'tax.totals.gain', <GainLoss key="gain" value={totals.gain_nok} currency="NOK" />],
              ['gains', 'tax.totals.gains', <GainLoss key="gains" value={totals.gains_nok} currency="NOK" />],
              [
                'losses',
                'tax.totals.losses',
                <GainLoss key="losses" value={totals.losses_nok} currency="NOK" />,
              ],
              // DESIGN.md §7: a dividend's fee reduces it; the view shows gross, fee and net.
              ['dividends', 'tax.totals.dividends', nok(totals.dividends_gross_nok)],
              ['dividendFees', 'portfolioIntegrity:tax.dividendFees', nok(totals.dividend_fees_nok)],
              ['dividendsNet', 'portfolioIntegrity:tax.dividendsNet', nok(totals.dividends_nok)],
            ] as const
          ).map(([key, label, value]) => (
            <div className="col" key={key}>
              <dt className="small text-body-secondary fw-normal">{t(label)}</dt>
              <dd className={`mb-0 tabular-nums${key === 'gain' ? ' h5' : ''}`}>{value}</dd>
            </div>
          ))}
        </dl>
        {report.sales.length === 0 ? (
          <p className="text-body-secondary mb-2">{t('tax.noSales', { year: shownYear })}</p>
        ) : (
          <TableScroll label={t('tax.caption', { year: shownYear })} stickyFirstColumn>
            <Table size="sm" hover className="align-middle mb-2">
              <caption className="visually-hidden">{t('tax.caption', { year: shownYear })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('tax.columns.date')}</th>
                  <th scope="col">{t('tax.columns.security')}</th>
                  <th scope="col" className="text-end">
                    {t('tax.columns.quantity')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('tax.columns.proceeds')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('tax.columns.cost')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('tax.columns.gain')}
                  </th>
                </tr>
              </thead>
              <tbody className="tabular-nums">
                {report.sales.map((sale) => (
                  <tr key={sale.transaction_id}>
                    <td className="text-nowrap">{formatDate(sale.date, locale)}</td>
                    <td>
                      <span className="fw-semibold">{sale.symbol}</span>{' '}
                      <span className="text-body-secondary small">{sale.long_name}</span>
                    </td>
                    <td className="text-end">{formatNumber(sale.quantity, locale, 6)}</td>
                    <td className="text-end">{nok(sale.proceeds_nok)}</td>
                    <td className="text-end">{nok(sale.cost_nok)}</td>
                    <td className="text-end">
                      <GainLoss value={sale.gain_nok} currency="NOK" />
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="fw-semibold">
                  <th scope="row" colSpan={3}>
                    {t('tax.totals.row', { count: totals.sale_count })}
                  </th>
                  <td className="text-end">{nok(totals.proceeds_nok)}</td>
                  <td className="text-end">{nok(totals.cost_nok)}</td>
                  <td className="text-end">
                    <GainLoss value={totals.gain_nok} currency="NOK" />
                  </td>
                </tr>
              </tfoot>
            </Table>
          </TableScroll>
        )}
        <p className="small text-body-secondary mb-2">{t('tax.explanation')}</p>
        <p className="small mb-0">
          {t('personTax:panelNote')}{' '}
          <Link href={`/tax?year=${shownYear}`}>{t('personTax:openReport', { year: shownYear })}</Link>
        </p>
      </>
    );
  }

  return (
    <Card className="mb-4" data-testid="tax-panel">
      <Card.Header className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <h2 className="h6 mb-0">{t('tax.title')}</h2>
        <div className="d-flex align-items-center gap-2">
          <Form.Label htmlFor={yearId} className="small mb-0">
            {t('tax.year')}
          </Form.Label>
          <Form.Select
            id={yearId}
            size="sm"
            value={shownYear}
            onChange={(e) => void setTaxYear(Number(e.currentTarget.value))}
            className="w-auto"
          >
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </Form.Select>
        </div>
      </Card.Header>
      <Card.Body aria-busy={status === 'loading'}>{body}</Card.Body>
    </Card>
  );
}
