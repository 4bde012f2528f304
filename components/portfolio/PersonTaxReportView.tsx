import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { formatMoney, formatNumber } from '@/lib/format';
import { portfolioService } from '@/services/portfolioService';
import TableScroll from '@/components/common/TableScroll';
import GainLoss from './GainLoss';
import { useAuthStore } from '@/stores/useAuthStore';
import { usePortfolioStore } from '@/stores/usePortfolioStore';
import TaxAskTable from './tax/TaxAskTable';
import TaxDividendsTable from './tax/TaxDividendsTable';
import TaxFigures from './tax/TaxFigures';
import { TaxLoadError, TaxLoading } from './tax/TaxLoadState';
import TaxSalesTable from './tax/TaxSalesTable';
import TaxYearSelect from './tax/TaxYearSelect';
import { usePersonTaxReport } from './tax/usePersonTaxReport';

/**
 * The person-level tax report of one income year (issue 21): rates with their sources, the
 * ordinary accounts' sales, dividends, securities and totals, and each ASK. Printable (the
 * browser's print), and downloadable as the CSV the API gives.
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
  const { status, report, retry } = usePersonTaxReport(year);
  const portfolios = usePortfolioStore((s) => s.portfolios);
  const portfoliosStatus = usePortfolioStore((s) => s.portfoliosStatus);
  const uid = useAuthStore((s) => s.identity?.uid ?? s.user?.uid ?? null);
  const hasAsk = (report?.ask.length ?? 0) > 0;
  // The ASK rows are named by their portfolio: load the names once when the report has any.
  useEffect(() => {
    if (hasAsk && uid && portfoliosStatus === 'idle') void usePortfolioStore.getState().fetchPortfolios(uid);
  }, [hasAsk, uid, portfoliosStatus]);
  const [downloadFailed, setDownloadFailed] = useState(false);

  async function download() {
    setDownloadFailed(false);
    try {
      const { blob, filename } = await portfolioService.personTaxCsv(
        year,
        i18n.language === 'en' ? 'en' : 'nb',
      );
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

  const nameOf = (id: number) => portfolios.find((p) => p.portfolio_id === id)?.portfolio_name ?? `#${id}`;
  const nok = (value: number | null) =>
    value === null ? t('notPublished') : formatMoney(value, 'NOK', locale);
  // Only years with published rates (the report names them); the asked year until it has loaded.
  const published = report?.published_years ?? [];
  const years = [...new Set([...published, year])].sort((a, b) => b - a);

  let body;
  if (status === 'error') {
    body = <TaxLoadError message={t('loadFailed')} retryLabel={t('retry')} onRetry={retry} />;
  } else if (status === 'loading' || !report) {
    body = <TaxLoading label={t('loading')} />;
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
    const askDividends = r.ask.flatMap((a) => a.dividends);
    body = (
      <div data-testid="person-tax-report">
        <h2 className="h6">{t('rates.title')}</h2>
        <TaxFigures
          figures={rates.map(([key, value, source]) => ({
            key,
            label: t(`rates.${key}`),
            value: (
              <>
                {value}{' '}
                {source && (
                  <a href={source} target="_blank" rel="noopener noreferrer" className="small d-print-none">
                    ({t('rates.source')})
                  </a>
                )}
              </>
            ),
          }))}
        />
        {r.rates.missing_skjermingsrente_years.length > 0 && (
          <p className="small text-body-secondary">
            {t('missingRates', { years: r.rates.missing_skjermingsrente_years.join(', ') })}
          </p>
        )}

        <h2 className="h6 mt-4">{t('totals.title')}</h2>
        <TaxFigures
          testId="person-tax-totals"
          figures={(
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
          ).map(([key, value]) => ({
            key,
            label: t(`totals.${key}`),
            value,
            emphasis: key === 'estimatedTax',
          }))}
        />

        <h2 className="h6 mt-4">{t('sales.title')}</h2>
        {r.ordinary.sales.length === 0 ? (
          <p className="text-body-secondary">{t('sales.empty', { year: r.year })}</p>
        ) : (
          <TaxSalesTable
            sales={r.ordinary.sales}
            caption={t('sales.title')}
            note={(s) => (s.lots_from_portfolios.length > 1 ? t('sales.otherPortfolio') : null)}
          />
        )}

        <h2 className="h6 mt-4">{t('dividends.title')}</h2>
        {r.ordinary.dividends.length === 0 ? (
          <p className="text-body-secondary">{t('dividends.empty', { year: r.year })}</p>
        ) : (
          <TaxDividendsTable dividends={r.ordinary.dividends} caption={t('dividends.title')} />
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
          <TaxAskTable accounts={r.ask} nameOf={(id) => nameOf(id)} />
        )}
        {askDividends.length > 0 && (
          <>
            <h3 className="h6 mt-3">{t('ask.dividends')}</h3>
            <TaxDividendsTable dividends={askDividends} caption={t('ask.dividends')} />
          </>
        )}
      </div>
    );
  }

  return (
    <Card>
      <Card.Header className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <TaxYearSelect label={t('year')} year={year} years={years} onChange={onYearChange} />
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
