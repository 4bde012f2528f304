import { useTranslation } from 'next-i18next/pages';
import { formatMoney } from '@/lib/format';
import type { PortfolioCurrency } from '@/lib/types/portfolio';

/** The portfolio's cash balance (issue 21): deposits − withdrawals − buys + sells + dividends. */
export default function CashBalance({ amount, currency }: { amount: number; currency: PortfolioCurrency }) {
  const { t, i18n } = useTranslation('personTax');
  return (
    <p className="small mb-3" data-testid="cash-balance">
      <span className="text-body-secondary">{t('cash')}:</span>{' '}
      <span className="tabular-nums fw-semibold">{formatMoney(amount, currency, i18n.language)}</span>
    </p>
  );
}
