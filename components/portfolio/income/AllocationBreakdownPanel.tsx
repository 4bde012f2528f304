import { useEffect, useState } from 'react';
import dynamic from 'next/dynamic';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'next-i18next/pages';
import { formatMoney, formatPercent } from '@/lib/format';
import type { AllocationRowDto } from '@/lib/types/income';
import IncomeSettingsForm from '@/components/income/IncomeSettingsForm';
import TableScroll from '@/components/common/TableScroll';
import { useIncomeStore } from '@/stores/useIncomeStore';
import ChartBox from '../ChartBox';

const AllocationDoughnut = dynamic(() => import('../charts/AllocationDoughnut'), {
  ssr: false,
  loading: () => <ChartBox />,
});

type Breakdown = 'by_sector' | 'by_country' | 'by_currency' | 'by_kind';
const BREAKDOWNS: { key: Breakdown; title: string }[] = [
  { key: 'by_sector', title: 'allocation.bySector' },
  { key: 'by_country', title: 'allocation.byCountry' },
  { key: 'by_currency', title: 'allocation.byCurrency' },
  { key: 'by_kind', title: 'allocation.byKind' },
];

/**
 * What the portfolio (or all the user's portfolios) is made of (issue 41): a doughnut per
 * breakdown with the same figures in a table, and the breached concentration rules in plain words.
 */
export default function AllocationBreakdownPanel({ portfolioId }: { portfolioId: number }) {
  const { t, i18n } = useTranslation('income');
  const locale = i18n.language;
  const [person, setPerson] = useState(false);
  const allocation = useIncomeStore((s) => s.allocation);
  const fetchAllocation = useIncomeStore((s) => s.fetchAllocation);
  const scope = person ? null : portfolioId;

  useEffect(() => {
    void fetchAllocation(scope);
  }, [fetchAllocation, scope]);

  const label = (key: string) => t(`allocation.keys.${key}`, { defaultValue: key });
  const data = allocation.data;
  const pct = (v: number) => formatPercent(v, locale, { decimals: 1 });
  const breached = data?.rules.filter((r) => r.breached) ?? [];

  return (
    <Card className="mb-4" data-testid="allocation-breakdown">
      <Card.Header className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <h2 className="h6 mb-0">{t('allocation.title')}</h2>
        <ButtonGroup size="sm" aria-label={t('allocation.scopeLabel')}>
          <Button
            variant={person ? 'outline-secondary' : 'secondary'}
            aria-pressed={!person}
            onClick={() => setPerson(false)}
          >
            {t('allocation.scopePortfolio')}
          </Button>
          <Button
            variant={person ? 'secondary' : 'outline-secondary'}
            aria-pressed={person}
            onClick={() => setPerson(true)}
          >
            {t('allocation.scopePerson')}
          </Button>
        </ButtonGroup>
      </Card.Header>
      <Card.Body>
        {allocation.status === 'error' && !data && (
          <div className="alert alert-danger" role="alert">
            <p className="mb-2">{t('allocation.loadFailed')}</p>
            <Button size="sm" variant="outline-danger" onClick={() => void fetchAllocation(scope)}>
              {t('retry')}
            </Button>
          </div>
        )}
        {data && data.by_holding.length === 0 && (
          <p className="text-body-secondary mb-0">{t('allocation.empty')}</p>
        )}
        {data && data.by_holding.length > 0 && (
          <>
            <h3 className="h6">{t('allocation.rulesTitle')}</h3>
            {breached.length === 0 ? (
              <p className="text-body-secondary">{t('allocation.rulesOk')}</p>
            ) : (
              <ul className="text-warning-emphasis" data-testid="allocation-rules">
                {breached.map((r) => (
                  <li key={r.id}>
                    {t(`allocation.rule.${r.id}`, { value: pct(r.value), threshold: pct(r.threshold) })}
                  </li>
                ))}
              </ul>
            )}
            <Row className="g-4">
              {BREAKDOWNS.map(({ key, title }) => {
                const rows: AllocationRowDto[] = data[key];
                return (
                  <Col md={6} key={key}>
                    <h3 className="h6">{t(title)}</h3>
                    <ChartBox testId={`allocation-${key}`}>
                      <AllocationDoughnut
                        labels={rows.map((r) => label(r.key))}
                        values={rows.map((r) => r.value_nok)}
                        ariaLabel={t('allocation.chartLabel', {
                          title: t(title),
                          summary: rows.map((r) => `${label(r.key)} ${pct(r.weight)}`).join(', '),
                        })}
                        formatValue={(v) => formatMoney(v, 'NOK', locale, 0)}
                      />
                    </ChartBox>
                    <div className="mt-2">
                      <TableScroll label={t(title)}>
                        <Table size="sm" className="mb-0">
                          <caption className="visually-hidden">{t(title)}</caption>
                          <thead>
                            <tr>
                              <th scope="col">{t('allocation.key')}</th>
                              <th scope="col" className="text-end">
                                {t('allocation.value')}
                              </th>
                              <th scope="col" className="text-end">
                                {t('allocation.weight')}
                              </th>
                            </tr>
                          </thead>
                          <tbody>
                            {rows.map((r) => (
                              <tr key={r.key}>
                                <th scope="row">{label(r.key)}</th>
                                <td className="text-end">{formatMoney(r.value_nok, 'NOK', locale, 0)}</td>
                                <td className="text-end">{pct(r.weight)}</td>
                              </tr>
                            ))}
                          </tbody>
                        </Table>
                      </TableScroll>
                    </div>
                  </Col>
                );
              })}
            </Row>
          </>
        )}
        <details className="mt-3">
          <summary>{t('settings.title')}</summary>
          <IncomeSettingsForm onSaved={() => void fetchAllocation(scope)} />
        </details>
      </Card.Body>
    </Card>
  );
}
