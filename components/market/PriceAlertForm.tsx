import { useState, type FormEvent } from 'react';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { notify } from '@/components/common/notify';
import { formatMoney, formatNumber } from '@/lib/format';
import type { PriceAlertDirection } from '@/lib/types/priceAlerts';
import type { TickerDetail } from '@/lib/types/market';
import { usePriceAlertStore } from '@/stores/usePriceAlertStore';
import styles from './market.module.scss';
import TickerPriceAlerts from './TickerPriceAlerts';

/** Parse "261,5" or "261.5" (the user's locale or not) to a number; NaN when it is not one. */
export function parsePrice(text: string): number {
  const cleaned = text.replace(/\s/g, '').replace(',', '.');
  return cleaned === '' || !/^-?\d*\.?\d+$/.test(cleaned) ? Number.NaN : Number(cleaned);
}

/**
 * Set a price alert from the analysis page (issue 25): pick a level (support, resistance, an
 * early-warning level) or type a price; "above" / "below" is chosen from the last close.
 */
export default function PriceAlertForm({ detail }: { detail: TickerDetail }) {
  const { t } = useTranslation('analysis');
  const { locale } = useRouter();
  const create = usePriceAlertStore((s) => s.create);
  const [text, setText] = useState('');
  const [direction, setDirection] = useState<PriceAlertDirection>('above');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const a = detail.analysis;
  const money = (v: number) => formatMoney(v, detail.currency, locale);
  const levels: { key: string; label: string; price: number }[] = [
    ...a.resistances.map((p, i) => ({ key: `r${i}`, label: t('alertForm.resistance'), price: p })),
    ...a.supports.map((p, i) => ({ key: `s${i}`, label: t('alertForm.support'), price: p })),
    ...(a.early_warning.buy_above !== null
      ? [{ key: 'buy', label: t('alertForm.buyLevel'), price: a.early_warning.buy_above }]
      : []),
    ...(a.early_warning.sell_below !== null
      ? [{ key: 'sell', label: t('alertForm.sellLevel'), price: a.early_warning.sell_below }]
      : []),
  ];

  const pick = (price: number) => {
    setText(formatNumber(price, locale, 2));
    setDirection(price >= detail.last.close ? 'above' : 'below');
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      // The schema (zod, shared with the API) loads on the first submit: it is not part of the
      // analysis page's first-load JavaScript (bench/bundle-size.bench.ts, target 180 kB).
      const { priceAlertCreateSchema } = await import('@/lib/schemas/priceAlerts');
      const parsed = priceAlertCreateSchema.safeParse({
        ticker_id: detail.ticker_id,
        direction,
        price: parsePrice(text),
        note,
      });
      if (!parsed.success) {
        setError(t('alertForm.invalidPrice'));
        return;
      }
      await create(parsed.data);
      notify.success(t('alertForm.created', { price: money(parsed.data.price) }));
      setText('');
      setNote('');
      setError(null);
    } catch (err) {
      const code = (err as { code?: string }).code;
      setError(code === 'PRICE_ALERT_LIMIT' ? t('alertForm.limit') : t('alertForm.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      className={`${styles.card} p-3`}
      aria-labelledby="price-alert-title"
      data-testid="price-alert-form"
    >
      <h2 id="price-alert-title" className={styles.cardTitle}>
        {t('alertForm.title')}
      </h2>
      {levels.length > 0 && (
        <div className="d-flex flex-wrap gap-1 mb-2" role="group" aria-label={t('alertForm.levels')}>
          {levels.map((l) => (
            <button
              key={l.key}
              type="button"
              className="btn btn-sm btn-outline-secondary"
              onClick={() => pick(l.price)}
              data-level={l.key}
            >
              {l.label} {money(l.price)}
            </button>
          ))}
        </div>
      )}
      <form className="row g-2 align-items-start" onSubmit={(e) => void submit(e)} noValidate>
        <div className="col-5">
          <label className="form-label small mb-1" htmlFor="price-alert-direction">
            {t('alertForm.direction')}
          </label>
          <select
            id="price-alert-direction"
            className="form-select form-select-sm"
            value={direction}
            onChange={(e) => setDirection(e.target.value === 'below' ? 'below' : 'above')}
          >
            <option value="above">{t('alertForm.above')}</option>
            <option value="below">{t('alertForm.below')}</option>
          </select>
        </div>
        <div className="col-7">
          <label className="form-label small mb-1" htmlFor="price-alert-price">
            {t('alertForm.price', { currency: detail.currency })}
          </label>
          <input
            id="price-alert-price"
            className={`form-control form-control-sm${error ? ' is-invalid' : ''}`}
            inputMode="decimal"
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'price-alert-error' : undefined}
          />
          {error && (
            <div id="price-alert-error" className="invalid-feedback d-block">
              {error}
            </div>
          )}
        </div>
        <div className="col-12">
          <label className="form-label small mb-1" htmlFor="price-alert-note">
            {t('alertForm.note')}
          </label>
          <input
            id="price-alert-note"
            className="form-control form-control-sm"
            maxLength={200}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
        <div className="col-12">
          <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
            {t('alertForm.submit')}
          </button>
        </div>
      </form>
      <TickerPriceAlerts detail={detail} />
    </section>
  );
}
