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
  const rounded = Number(value.toFixed(decimals));
  const kind = rounded > 0 ? 'gain' : rounded < 0 ? 'loss' : 'flat';
  let text: string;
  if (currency) {
    const magnitude = formatMoney(Math.abs(value), currency, locale, decimals);
    text =
      kind === 'gain'
        ? `+${magnitude}`
        : kind === 'loss'
          ? `−${magnitude}`
          : formatMoney(0, currency, locale, decimals);
  } else {
    text = formatPercent(value, locale, { decimals, signed: true });
  }
  const colour = kind === 'gain' ? 'text-success' : kind === 'loss' ? 'text-danger' : '';
  return (
    <span className={`text-nowrap ${colour} ${className}`.trim()} data-kind={kind}>
      {text}
      {kind !== 'flat' && <span className="visually-hidden"> ({t(`gain.${kind}`)})</span>}
    </span>
  );
}
