/**
 * One line of a notification in words (issues 17, 25, 41, 42): the same text in the bell's list and
 * in the e-mail digest. Keys of the `alerts` namespace (`change.*`, `signal.*`) and the pattern
 * names of `patterns:kind.*`; `t` is i18next's in the app and a reader of the same JSON files in the
 * e-mail. Money in the share's currency (a dividend in the company's payment currency).
 */
import { formatDate, formatMoney, formatNumber, type Currency } from '@/lib/format';
import {
  isExDateChange,
  isPatternChange,
  isPriceAlertChange,
  type NotificationChangeDto,
} from '@/lib/types/signals';

export type LineTranslate = (key: string, values?: Record<string, string | number>) => string;

/** A target zone as "412–430" (one number when both ends agree to the shown precision). */
export function formatTargetZone(zone: readonly [number, number], locale: string | undefined): string {
  const low = formatNumber(zone[0], locale);
  const high = formatNumber(zone[1], locale);
  return low === high ? low : `${low}–${high}`;
}

/** An amount in any currency: Intl money for NOK and USD, "1 234,5 EUR" for the others. */
export function formatAnyMoney(value: number, currency: string, locale: string | undefined): string {
  return currency === 'NOK' || currency === 'USD'
    ? formatMoney(value, currency as Currency, locale)
    : `${formatNumber(value, locale, 4)} ${currency}`;
}

export function notificationLineText(
  t: LineTranslate,
  change: NotificationChangeDto,
  opts: { currency: string; locale: string | undefined },
): string {
  const { locale } = opts;
  if (isPriceAlertChange(change)) {
    const money = (v: number) => formatAnyMoney(v, opts.currency, locale);
    return t(`change.price.${change.direction}`, { price: money(change.price), close: money(change.close) });
  }
  if (isExDateChange(change)) {
    // The total is per share × shares, rounded only for display.
    const total = Math.round(change.amount * change.quantity * 100) / 100;
    return t(change.pay_date ? 'change.exDate' : 'change.exDateUnknownPay', {
      date: formatDate(change.ex_date, locale),
      payDate: formatDate(change.pay_date, locale),
      amount: formatAnyMoney(change.amount, change.currency, locale),
      quantity: formatNumber(change.quantity, locale, 4),
      total: formatAnyMoney(total, change.currency, locale),
    });
  }
  if (isPatternChange(change)) {
    return t(`change.pattern.${change.direction}`, {
      pattern: t(`patterns:kind.${change.pattern}`),
      date: formatDate(change.breakout_date, locale),
      target: formatTargetZone(change.target_zone, locale),
      invalidation: formatNumber(change.invalidation, locale),
    });
  }
  return t(change.timeframe === 'overall' ? 'change.overall' : 'change.medium', {
    previous: t(`signal.${change.previous_signal}`),
    signal: t(`signal.${change.signal}`),
  });
}
