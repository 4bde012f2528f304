import { useEffect } from 'react';
import Card from 'react-bootstrap/Card';
import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { formatMoney } from '@/lib/format';
import type { PersonTaxReportDto } from '@/lib/types/personTax';
import type { PortfolioDto } from '@/lib/types/portfolio';
import { usePortfolioStore } from '@/stores/usePortfolioStore';
import GainLoss from './GainLoss';
import TaxAskTable from './tax/TaxAskTable';
import TaxDividendsTable from './tax/TaxDividendsTable';
import TaxFigures from './tax/TaxFigures';
import { TaxLoadError, TaxLoading } from './tax/TaxLoadState';
import TaxSalesTable from './tax/TaxSalesTable';
import TaxYearSelect from './tax/TaxYearSelect';
import { sumOre } from './tax/sumOre';
import { usePersonTaxReport } from './tax/usePersonTaxReport';

/**
 * The selected portfolio's tax (issue 21 item 6, DESIGN.md §7): the person-level figures for this
 * portfolio's sales of the year (FIFO per person across every ordinary account, the shielding each
 * sale used, a note when FIFO took shares from another portfolio), and each dividend with gross,
 * withholding, fee and net, in NOK. An aksjesparekonto shows its own year instead (deposits,
 * withdrawals above them, tax), its dividends listed but not taxed. The year defaults to the latest
 * with a sale or a dividend (the portfolio-tax answer) and the selector lists only such years.
 */
export default function TaxPanel() {
  const { t } = useTranslation(['portfolio', 'personTax']);
  const tax = usePortfolioStore((s) => s.tax);
  const status = usePortfolioStore((s) => s.taxStatus);
  const year = usePortfolioStore((s) => s.taxYear);
  const setTaxYear = usePortfolioStore((s) => s.setTaxYear);
  const fetchTax = usePortfolioStore((s) => s.fetchTax);
  const selectedId = usePortfolioStore((s) => s.selectedId);
  const portfolios = usePortfolioStore((s) => s.portfolios);

  useEffect(() => {
    if (selectedId !== null && usePortfolioStore.getState().taxStatus === 'idle') void fetchTax();
  }, [selectedId, fetchTax]);

  // Issue 24 item 9: the server answers the latest year with a sale or a dividend until one is
  // picked, and the selector lists only the years with such events (and the one shown).
  const yearTax = tax && (year === null || tax.year === year) ? tax : null;
  const shownYear = year ?? tax?.year ?? new Date().getFullYear();
  const years = [...new Set([shownYear, ...(tax?.event_years ?? [])])].sort((a, b) => b - a);
  // The person-level report of that year; fetched again whenever the portfolio's tax view is
  // (after every transaction change), so both show the same ledger.
  const person = usePersonTaxReport(yearTax ? yearTax.year : null, yearTax);

  let body;
  if (status === 'error' || person.status === 'error') {
    body = (
      <TaxLoadError
        message={t('portfolio:tax.loadFailed')}
        retryLabel={t('portfolio:actions.retry')}
        onRetry={() => (status === 'error' ? void fetchTax() : person.retry())}
      />
    );
  } else if (!yearTax || !person.report || selectedId === null) {
    body = <TaxLoading label={t('portfolio:tax.loading')} />;
  } else {
    body = (
      <PortfolioTax
        report={person.report}
        portfolioId={selectedId}
        portfolios={portfolios}
        year={shownYear}
      />
    );
  }

  return (
    <Card className="mb-4" data-testid="tax-panel">
      <Card.Header className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <h2 className="h6 mb-0">{t('portfolio:tax.title')}</h2>
        <TaxYearSelect
          label={t('portfolio:tax.year')}
          year={shownYear}
          years={years}
          onChange={(y) => void setTaxYear(y)}
        />
      </Card.Header>
      <Card.Body aria-busy={status === 'loading' || person.status === 'loading'}>{body}</Card.Body>
    </Card>
  );
}

function PortfolioTax({
  report,
  portfolioId,
  portfolios,
  year,
}: {
  report: PersonTaxReportDto;
  portfolioId: number;
  portfolios: readonly PortfolioDto[];
  year: number;
}) {
  const { t, i18n } = useTranslation(['portfolio', 'personTax']);
  const nok = (value: number | null) =>
    value === null ? t('personTax:notPublished') : formatMoney(value, 'NOK', i18n.language);
  const nameOf = (id: number) => portfolios.find((p) => p.portfolio_id === id)?.portfolio_name ?? `#${id}`;
  const link = (
    <p className="small mb-0">
      {t('personTax:panelNote')} <Link href={`/tax?year=${year}`}>{t('personTax:openReport', { year })}</Link>
    </p>
  );

  const ask = report.ask.find((a) => a.portfolio_id === portfolioId);
  if (ask) {
    return (
      <>
        <p className="mb-3">{t('personTax:panel.askNote')}</p>
        <TaxAskTable accounts={[ask]} nameOf={nameOf} />
        <h3 className="h6 mt-3">{t('personTax:panel.dividendsTitle', { year })}</h3>
        {ask.dividends.length === 0 ? (
          <p className="text-body-secondary">{t('personTax:dividends.empty', { year })}</p>
        ) : (
          <TaxDividendsTable
            dividends={ask.dividends}
            caption={t('personTax:panel.dividendsTitle', { year })}
          />
        )}
        {link}
      </>
    );
  }

  const sales = report.ordinary.sales.filter((s) => s.portfolio_id === portfolioId);
  const dividends = report.ordinary.dividends.filter((d) => d.portfolio_id === portfolioId);
  const gains = sumOre(sales.filter((s) => s.gain > 0).map((s) => s.gain));
  const losses = sumOre(sales.filter((s) => s.gain < 0).map((s) => s.gain));
  const shieldingUsed = sumOre(sales.map((s) => s.shielding_used));
  // A sale's taxable gain is its gain less the shielding it used (a loss is deductible as is).
  const taxableGain = sumOre([gains, losses, -shieldingUsed]);
  return (
    <>
      <TaxFigures
        testId="tax-totals"
        figures={[
          {
            key: 'taxableGain',
            label: t('personTax:panel.taxableGain'),
            value: <GainLoss value={taxableGain} currency="NOK" />,
            emphasis: true,
          },
          {
            key: 'gains',
            label: t('personTax:totals.gains'),
            value: <GainLoss value={gains} currency="NOK" />,
          },
          {
            key: 'losses',
            label: t('personTax:totals.losses'),
            value: <GainLoss value={losses} currency="NOK" />,
          },
          { key: 'shieldingUsed', label: t('personTax:totals.shieldingUsed'), value: nok(shieldingUsed) },
          {
            key: 'dividendsGross',
            label: t('personTax:panel.dividendsGross'),
            value: nok(sumOre(dividends.map((d) => d.gross))),
          },
          {
            key: 'withholding',
            label: t('personTax:dividends.withholding'),
            value: nok(sumOre(dividends.map((d) => d.withholding))),
          },
          {
            key: 'dividendFees',
            label: t('personTax:dividends.fee'),
            value: nok(sumOre(dividends.map((d) => d.fee))),
          },
          {
            key: 'dividendsNet',
            label: t('personTax:panel.dividendsNet'),
            value: nok(sumOre(dividends.map((d) => d.net))),
          },
        ]}
      />
      <h3 className="h6">{t('personTax:panel.salesTitle', { year })}</h3>
      {sales.length === 0 ? (
        <p className="text-body-secondary mb-2">{t('portfolio:tax.noSales', { year })}</p>
      ) : (
        <TaxSalesTable
          sales={sales}
          caption={t('personTax:panel.salesTitle', { year })}
          showIsin={false}
          note={(s) => {
            const others = s.lots_from_portfolios.filter((id) => id !== portfolioId);
            return others.length === 0
              ? null
              : t('personTax:panel.fromOther', { names: others.map(nameOf).join(', ') });
          }}
        />
      )}
      <h3 className="h6 mt-3">{t('personTax:panel.dividendsTitle', { year })}</h3>
      {dividends.length === 0 ? (
        <p className="text-body-secondary">{t('personTax:dividends.empty', { year })}</p>
      ) : (
        <TaxDividendsTable dividends={dividends} caption={t('personTax:panel.dividendsTitle', { year })} />
      )}
      <p className="small text-body-secondary mb-2">{t('personTax:panel.explanation')}</p>
      {link}
    </>
  );
}
