import { useEffect } from 'react';
import Link from 'next/link';
import Card from 'react-bootstrap/Card';
import { useTranslation } from 'next-i18next/pages';
import { formatDate, formatNumber } from '@/lib/format';
import { useIncomeStore } from '@/stores/useIncomeStore';

/** The dashboard's next dividends of the shares the user owns or watches (issue 41). */
export default function NextDividends() {
  const { t, i18n } = useTranslation('income');
  const locale = i18n.language;
  const next = useIncomeStore((s) => s.next);
  const fetchNext = useIncomeStore((s) => s.fetchNext);

  useEffect(() => {
    void fetchNext();
  }, [fetchNext]);

  const rows = next.data ?? [];
  return (
    <Card className="my-4" data-testid="next-dividends">
      <Card.Header as="h2" className="h6 mb-0">
        {t('next.title')}
      </Card.Header>
      <Card.Body>
        {next.status === 'error' && <p className="text-danger mb-0">{t('next.loadFailed')}</p>}
        {next.status === 'success' && rows.length === 0 && (
          <p className="text-body-secondary mb-0">{t('next.empty')}</p>
        )}
        {rows.length > 0 && (
          <>
            {rows.some((r) => r.demo) && <p className="small text-warning-emphasis">{t('demoNote')}</p>}
            <ul className="list-unstyled mb-0">
              {rows.map((r) => (
                <li key={`${r.ticker_id}-${r.ex_date}`} className="d-flex flex-wrap gap-2 py-1 border-bottom">
                  <Link href={`/market/analysis?tickerID=${r.ticker_id}`} className="fw-semibold">
                    {r.symbol}
                  </Link>
                  <span className="text-body-secondary">{r.long_name}</span>
                  <span className="ms-auto text-nowrap">
                    {t('next.exDate', { date: formatDate(r.ex_date, locale, 'short') })} ·{' '}
                    {formatNumber(r.amount, locale, 4)} {r.currency}
                  </span>
                  <span className="badge text-bg-secondary">
                    {r.owned ? t('next.owned') : t('next.watched')}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
      </Card.Body>
    </Card>
  );
}
