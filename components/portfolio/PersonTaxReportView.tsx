import { useCallback, useEffect, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';
import type { PersonTaxReportDto } from '@/lib/types/personTax';
import { portfolioService } from '@/services/portfolioService';
import TableScroll from '@/components/common/TableScroll';
import GainLoss from './GainLoss';

const FIRST_YEAR = 2006;

/**
 * The person-level tax report of one income year (issue 21): rates with their sources, the
 * ordinary accounts' sales, securities and totals, and each ASK. Printable (the browser's print),
 * and downloadable as the CSV the API gives.
 */
export default function PersonTaxReportView({
  year,
  onYearChange,
}: {
  year: number;
  onYearChange(year: number): void;
}) {
  const { t, i18n } = useTranslation('personTax');
  const locale = i18n.language;
  const yearId = useId();
  // What was fetched for which year and attempt; anything else is still loading.
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<{
    key: string;
    report: PersonTaxReportDto | null;
    failed: boolean;
  } | null>(null);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const key = `${year}|${attempt}`;

  useEffect(() => {
    let current = true;
    portfolioService.personTax(year).then(
      (report) => {
        if (current) setAnswer({ key: `${year}|${attempt}`, report, failed: false });
      },
      (err: unknown) => {
        console.error('Fetching the tax report failed:', err);
        if (current) setAnswer({ key: `${year}|${attempt}`, report: null, failed: true });
      },
    );
    return () => {
      current = false;
    };
  }, [year, attempt]);
  const status = answer?.key !== key ? 'loading' : answer.failed ? 'error' : 'ready';
  const report = answer?.key === key ? answer.report : null;
  const load = useCallback(() => setAttempt((a) => a + 1), []);

  async function download() {
    setDownloadFailed(false);
    try {
      const { blob, filename } = await portfolioService.personTaxCsv(year);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = filename;
      a.click();
      URL.revokeObjectURL(url);
    } catch (err) {
      console.error('Downloading the tax report failed:', err);
      setDownloadFailed(true);
    }
  }

  const nok = (value: number | null) =>
    value === null ? t('notPublished') : formatMoney(value, 'NOK', locale);
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: thisYear - FIRST_YEAR + 1 }, (_, i) => thisYear - i);

  let body;
  if (status === 'error') {
    body = (
      <Alert variant="danger">
        <p className="mb-2">{t('loadFailed')}</p>
        <Button size="sm" variant="outline-primary" onClick={() => void load()}>
          {t('retry')}
        </Button>
      </Alert>
    );
  } else if (status === 'loading' || !report) {
    body = (
      <div className="d-flex align-items-center gap-2 py-3" role="status">
        <Spinner animation="border" size="sm" aria-hidden="true" />
        <span>{t('loading')}</span>
      </div>
    );
  } else {
    const r = report;
    const rate = (value: number | null, suffix = '') =>
      value === null ? t('notPublished') : `${formatNumber(value, locale, 4)}${suffix}`;
    const rates: [string, string, string | undefined][] = [
      ['skjermingsrente', rate(r.rates.skjermingsrente, ' %'), r.rates.sources.skjermingsrente],
      ['oppjusteringsfaktor', rate(r.rates.oppjusteringsfaktor), r.rates.sources.oppjusteringsfaktor],
      ['taxRate', rate(r.rates.tax_rate, ' %'), r.rates.sources.tax_rate],
      [
        'wealthValuation',
        r.rates.wealth_valuation === null
          ? t('notPublished')
          : `${formatNumber(r.rates.wealth_valuation * 100, locale, 2)} %`,
        r.rates.sources.wealth_valuation,
      ],
    ];
    const totals = r.ordinary.totals;
    body = (
      <div data-testid="person-tax-report">
        <h2 className="h6">{t('rates.title')}</h2>
        <dl className="row row-cols-2 row-cols-md-4 g-3 mb-2">
          {rates.map(([key, value, source]) => (
            <div className="col" key={key}>
              <dt className="small text-body-secondary fw-normal">{t(`rates.${key}`)}</dt>
              <dd className="mb-0 tabular-nums">
                {value}{' '}
                {source && (
                  <a href={source} target="_blank" rel="noopener noreferrer" className="small d-print-none">
                    ({t('rates.source')})
                  </a>
                )}
              </dd>
            </div>
          ))}
        </dl>
        {r.rates.missing_skjermingsrente_years.length > 0 && (
          <p className="small text-body-secondary">
            {t('missingRates', { years: r.rates.missing_skjermingsrente_years.join(', ') })}
          </p>
        )}

        <h2 className="h6 mt-4">{t('totals.title')}</h2>
        <dl className="row row-cols-2 row-cols-md-4 g-3 mb-3" data-testid="person-tax-totals">
          {(
            [
              ['gains', <GainLoss key="g" value={totals.gains} currency="NOK" />],
              ['losses', <GainLoss key="l" value={totals.losses} currency="NOK" />],
              ['dividends', nok(totals.dividends)],
              ['shieldingUsed', nok(totals.shielding_used)],
              ['credit', nok(totals.withholding_credit)],
              ['taxable', nok(totals.taxable)],
              ['taxableAdjusted', nok(totals.taxable_adjusted)],
              ['estimatedTax', nok(totals.estimated_tax)],
            ] as const
          ).map(([key, value]) => (
            <div className="col" key={key}>
              <dt className="small text-body-secondary fw-normal">{t(`totals.${key}`)}</dt>
              <dd className={`mb-0 tabular-nums${key === 'estimatedTax' ? ' h5' : ''}`}>{value}</dd>
            </div>
          ))}
        </dl>

        <h2 className="h6 mt-4">{t('sales.title')}</h2>
        {r.ordinary.sales.length === 0 ? (
          <p className="text-body-secondary">{t('sales.empty', { year: r.year })}</p>
        ) : (
          <TableScroll label={t('sales.title')} stickyFirstColumn>
            <Table size="sm" className="align-middle">
              <thead>
                <tr>
                  <th scope="col">{t('sales.date')}</th>
                  <th scope="col">{t('sales.security')}</th>
                  <th scope="col">{t('sales.isin')}</th>
                  {(['quantity', 'proceeds', 'cost', 'gain', 'shieldingUsed'] as const).map((k) => (
                    <th scope="col" className="text-end" key={k}>
                      {t(`sales.${k}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="tabular-nums">
                {r.ordinary.sales.map((s, i) => (
                  <tr key={`${s.date}-${s.ticker_id}-${i}`}>
                    <td className="text-nowrap">{formatDate(s.date, locale)}</td>
                    <td>
                      <span className="fw-semibold">{s.symbol}</span>
                      {s.lots_from_portfolios.length > 1 && (
                        <span className="d-block small text-body-secondary">{t('sales.otherPortfolio')}</span>
                      )}
                    </td>
                    <td className="small">{s.isin ?? ''}</td>
                    <td className="text-end">{formatNumber(s.quantity, locale, 6)}</td>
                    <td className="text-end">{nok(s.proceeds)}</td>
                    <td className="text-end">{nok(s.cost)}</td>
                    <td className="text-end">
                      <GainLoss value={s.gain} currency="NOK" />
                    </td>
                    <td className="text-end">{nok(s.shielding_used)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableScroll>
        )}

        <h2 className="h6 mt-4">{t('securities.title')}</h2>
        {r.ordinary.securities.length > 0 && (
          <TableScroll label={t('securities.title')} stickyFirstColumn>
            <Table size="sm" className="align-middle">
              <thead>
                <tr>
                  <th scope="col">{t('sales.security')}</th>
                  {(
                    [
                      'dividends',
                      'withholding',
                      'credit',
                      'quantityEnd',
                      'valueEnd',
                      'wealthValue',
                      'shieldingYear',
                      'shieldingCarried',
                    ] as const
                  ).map((k) => (
                    <th scope="col" className="text-end" key={k}>
                      {t(`securities.${k}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="tabular-nums">
                {r.ordinary.securities.map((s) => (
                  <tr key={s.ticker_id}>
                    <td>
                      <span className="fw-semibold">{s.symbol}</span>{' '}
                      <span className="small text-body-secondary">{s.isin ?? ''}</span>
                    </td>
                    <td className="text-end">{nok(s.dividends)}</td>
                    <td className="text-end">{nok(s.withholding)}</td>
                    <td className="text-end">{nok(s.withholding_credit)}</td>
                    <td className="text-end">{formatNumber(s.quantity_end, locale, 6)}</td>
                    <td className="text-end">{nok(s.value_end)}</td>
                    <td className="text-end">{nok(s.wealth_value_end)}</td>
                    <td className="text-end">{nok(s.shielding_year)}</td>
                    <td className="text-end">{nok(s.shielding_carried)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableScroll>
        )}

        <h2 className="h6 mt-4">{t('ask.title')}</h2>
        {r.ask.length === 0 ? (
          <p className="text-body-secondary">{t('ask.empty')}</p>
        ) : (
          <TableScroll label={t('ask.title')} stickyFirstColumn>
            <Table size="sm" className="align-middle">
              <thead>
                <tr>
                  {(
                    [
                      'portfolio',
                      'deposits',
                      'valueEnd',
                      'shieldingBase',
                      'shieldingYear',
                      'withdrawnAbove',
                      'taxable',
                      'estimatedTax',
                    ] as const
                  ).map((k) => (
                    <th scope="col" className={k === 'portfolio' ? '' : 'text-end'} key={k}>
                      {t(`ask.${k}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="tabular-nums">
                {r.ask.map((a) => (
                  <tr key={a.portfolio_id}>
                    <td>{a.portfolio_id}</td>
                    <td className="text-end">{nok(a.deposits)}</td>
                    <td className="text-end">{nok(a.value_end)}</td>
                    <td className="text-end">{nok(a.shielding_base)}</td>
                    <td className="text-end">{nok(a.shielding_year)}</td>
                    <td className="text-end">{nok(a.withdrawn_above_deposits)}</td>
                    <td className="text-end">{nok(a.taxable)}</td>
                    <td className="text-end">{nok(a.estimated_tax)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableScroll>
        )}
      </div>
    );
  }

  return (
    <Card>
      <Card.Header className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <div className="d-flex align-items-center gap-2">
          <Form.Label htmlFor={yearId} className="small mb-0">
            {t('year')}
          </Form.Label>
          <Form.Select
            id={yearId}
            size="sm"
            className="w-auto"
            value={year}
            onChange={(e) => onYearChange(Number(e.currentTarget.value))}
          >
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </Form.Select>
        </div>
        <div className="d-flex gap-2 d-print-none">
          <Button size="sm" variant="outline-secondary" onClick={() => window.print()}>
            {t('print')}
          </Button>
          <Button size="sm" variant="outline-primary" onClick={() => void download()}>
            {t('download')}
          </Button>
          <Link className="btn btn-sm btn-link" href="/help/tax">
            {t('help')}
          </Link>
        </div>
      </Card.Header>
      <Card.Body>
        <p className="small text-body-secondary">{t('intro')}</p>
        {downloadFailed && (
          <Alert variant="danger" role="alert">
            {t('downloadFailed')}
          </Alert>
        )}
        {body}
      </Card.Body>
    </Card>
  );
}
