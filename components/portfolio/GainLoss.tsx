import { useTranslation } from 'next-i18next/pages';
import { formatMoney, formatPercent, type Currency } from '@/lib/format';

interface GainLossProps {
  /** An amount (with `currency`) or, without it, a ratio shown as a percentage (0.1 = 10 %). */
  value: number | null | undefined;
  currency?: Currency;
  decimals?: number;
  className?: string;
}

/**
 * A gain in green with "+", a loss in red with "−": the sign carries the meaning, the colour only
 * repeats it (never colour alone), and screen readers hear "gain"/"loss" as well.
 */
export default function GainLoss({ value, currency, decimals = 2, className = '' }: GainLossProps) {
  const { t, i18n } = useTranslation('portfolio');
  const locale = i18n.language;
  if (value === null || value === undefined || !Number.isFinite(value)) {
    return <span className={className}>{formatMoney(null, 'NOK', locale)}</span>;
  }
  // The sign and colour follow the unrounded value: +0.4 % is a gain even where it shows as
  // "+0 %" at fewer decimals, and a loss of 0.004 kr is still a loss.
  const kind = value > 0 ? 'gain' : value < 0 ? 'loss' : 'flat';
  let text: string;
  if (currency) {
    const magnitude = formatMoney(Math.abs(value), currency, locale, decimals);
    text = kind === 'gain' ? `+${magnitude}` : kind === 'loss' ? `−${magnitude}` : magnitude;
  } else {
    text = formatPercent(value, locale, { decimals, signed: kind === 'flat' ? false : 'always' });
  }
  const colour = kind === 'gain' ? 'text-success' : kind === 'loss' ? 'text-danger' : '';
  return (
    <span className={`text-nowrap ${colour} ${className}`.trim()} data-kind={kind}>
      {text}
      {kind !== 'flat' && <span className="visually-hidden"> ({t(`gain.${kind}`)})</span>}
    </span>
  );
}
