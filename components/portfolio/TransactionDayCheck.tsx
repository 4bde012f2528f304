/**
 * Issue 24 item 4: the chosen day's session check and bar for the transaction form: warnings before
 * saving (not a session, a price outside the day's range) and the day's close offered as the price.
 */
import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'next-i18next/pages';
import { EVENT_BUY, EVENT_SELL } from '@/lib/constants';
import { formatDate, formatNumber } from '@/lib/format';
import { localIsoDate } from '@/lib/schemas/portfolio';
import { transactionWarnings, type TransactionWarning } from '@/lib/transactionSanity';
import type { TickerDayDto } from '@/lib/types/portfolio';
import { usePortfolioStore } from '@/stores/usePortfolioStore';
import type { Values } from './transactionFormValues';

export interface TickerDayCheck {
  day: TickerDayDto | null;
  warnings: TransactionWarning[];
  /** A buy or sell: the day's close can be its price. */
  priced: boolean;
  /** The day's close as the price field's placeholder, or null. */
  closeHint: string | null;
}

export function useTickerDayCheck(
  tickerId: number | undefined,
  values: Values,
  locale: string,
): TickerDayCheck {
  const fetchTickerDay = usePortfolioStore((s) => s.fetchTickerDay);
  const [checked, setChecked] = useState<{ tickerId: number; day: TickerDayDto } | null>(null);
  // Only the check of the ticker and date now in the form counts (an older answer is ignored).
  const day =
    checked && checked.tickerId === tickerId && checked.day.date === values.date ? checked.day : null;

  // The check of the chosen day, to warn before saving and to offer the
  // day's close as the price (shown in the empty field, one click fills it; a typed price is never
  // overwritten or appended to). A failed check only means no hint.
  useEffect(() => {
    if (tickerId === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(values.date) || values.date > localIsoDate())
      return;
    const controller = new AbortController();
    fetchTickerDay(tickerId, values.date, controller.signal).then(
      (result) => setChecked({ tickerId, day: result }),
      () => undefined,
    );
    return () => controller.abort();
  }, [fetchTickerDay, tickerId, values.date]);

  const typedPrice = Number(values.price.replace(/\s/g, '').replace(',', '.'));
  const warnings = day
    ? transactionWarnings({
        date: values.date,
        eventId: values.event_id,
        price: values.price.trim() === '' ? Number.NaN : typedPrice,
        isSession: day.is_session,
        reference: day.reference,
      })
    : [];

  const priced = values.event_id === EVENT_BUY || values.event_id === EVENT_SELL;
  const closeHint = priced && day?.reference ? formatNumber(day.reference.close, locale, 4) : null;

  return { day, warnings, priced, closeHint };
}

/** The warnings and the day's close (with "use it") under the form's amounts. */
export function TickerDayHints({
  check: { day, warnings, priced },
  onUseClose,
}: {
  check: TickerDayCheck;
  onUseClose(close: number): void;
}) {
  const { t, i18n } = useTranslation('portfolio');
  const locale = i18n.language;
  return (
    <>
      {warnings.length > 0 && (
        <Alert variant="warning" role="status" className="py-2" data-testid="transaction-warnings">
          <ul className="mb-0 ps-3">
            {warnings.map((w) => (
              <li key={w.code}>
                {w.code === 'NOT_A_SESSION'
                  ? t(
                      w.last_session
                        ? 'transactionForm.warnings.notASession'
                        : 'transactionForm.warnings.notASessionNoBar',
                      {
                        date: formatDate(w.date, locale),
                        last: w.last_session ? formatDate(w.last_session, locale) : '',
                      },
                    )
                  : t('transactionForm.warnings.priceOutsideRange', {
                      price: formatNumber(w.price, locale, 4),
                      low: formatNumber(w.low, locale, 4),
                      high: formatNumber(w.high, locale, 4),
                      session: formatDate(w.session, locale),
                    })}
              </li>
            ))}
          </ul>
          <p className="mb-0 mt-1 small">{t('transactionForm.warnings.canSave')}</p>
        </Alert>
      )}
      {day?.reference && priced && (
        <p
          className="small text-body-secondary d-flex flex-wrap align-items-center gap-2"
          data-testid="day-close"
        >
          <span>
            {t('transactionForm.dayClose', {
              date: formatDate(day.reference.date, locale),
              close: formatNumber(day.reference.close, locale, 4),
            })}
          </span>
          <Button size="sm" variant="outline-secondary" onClick={() => onUseClose(day.reference!.close)}>
            {t('transactionForm.useClose')}
          </Button>
        </p>
      )}
    </>
  );
}
