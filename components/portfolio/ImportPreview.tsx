import Form from 'react-bootstrap/Form';
import { useTranslation } from 'next-i18next/pages';
import { formatDate, formatMoneyIn, formatNumber } from '@/lib/format';
import type { ExactAmount, ImportResultDto } from '@/lib/types/portfolio';
import type { ImportWarningDto } from '@/lib/types/importWarnings';
import ImportTable, { type ImportColumn } from './ImportTable';
import { importErrorText, reviewText, skippedText } from './importErrorText';

/**
 * A number that cannot be right, in the user's language: what is wrong, and the decimal separator
 * as the likely cause when the cell reads otherwise with the other one.
 */
export function warningText(
  t: (key: string, options?: Record<string, unknown>) => string,
  w: ImportWarningDto,
  locale: string,
): string {
  const num = (v: string | number) => formatNumber(Number(v), locale, 10);
  const field = t(`portfolio:import.mapped.fields.${w.field}`);
  const what = t(`brokerImport:warnings.${w.code}`, {
    field,
    text: w.text,
    value: num(w.value),
    close: w.params.close === undefined ? '' : num(w.params.close),
    session: typeof w.params.session === 'string' ? formatDate(w.params.session, locale) : '',
    median: w.params.median === undefined ? '' : num(w.params.median),
    ratio: w.params.ratio === undefined ? '' : num(w.params.ratio),
  });
  if (w.likely_cause !== 'decimal_separator' || w.other_reading === null) return what;
  return `${what} ${t('brokerImport:warnings.separatorCause', { text: w.text, other: num(w.other_reading) })}`;
}

/** A typed review cost is usable: a positive amount with at most 10 decimals, point or comma. */
export const importCostOk = (v: string) => /^\d{1,15}([.,]\d{1,10})?$/.test(v.trim());

/**
 * What a dry run found: the count, every line that cannot be used with its reason, the rows that
 * would be imported, the rows to review (each with a cost field) and the skipped lines.
 */
export default function ImportPreview({
  idPrefix,
  preview,
  costs,
  onCost,
  baseCurrency = 'NOK',
}: {
  idPrefix: string;
  preview: ImportResultDto;
  /** The portfolio's currency: a cash row's amounts are in it when the file names none. */
  baseCurrency?: string;
  /** Costs typed for review rows, by line. */
  costs: Record<number, string>;
  onCost(line: number, value: string): void;
}) {
  const { t, i18n } = useTranslation(['portfolio', 'brokerImport', 'importReview']);
  const locale = i18n.language;
  const warnings = preview.warnings ?? [];
  const warningsOf = (line: number) => warnings.filter((w) => w.line === line);
  const amount = (v: ExactAmount) => formatNumber(Number(v), locale, 6);
  // Issue 39 item 8: every amount with its currency (the security's, else the portfolio's).
  const money = (v: ExactAmount | string, currency: string | null | undefined) =>
    formatMoneyIn(Number(v), currency || baseCurrency, locale, 2);
  const moneyExact = (v: ExactAmount, currency: string | null | undefined) => {
    const n = Number(v);
    // Prices such as 8,914903 keep their decimals; the currency is always there.
    const decimals = Math.min(6, Math.max(2, (String(v).split('.')[1] ?? '').length));
    return formatMoneyIn(n, currency || baseCurrency, locale, decimals);
  };
  // The first columns every table shares: the file's line, and (rows and review) the date.
  const lineColumn: ImportColumn<{ line: number }> = {
    key: 'line',
    header: t('import.line'),
    cell: (r) => r.line,
  };
  const dateColumn: ImportColumn<{ date: string | null }> = {
    key: 'date',
    header: t('transactions.columns.date'),
    nowrap: true,
    cell: (r) => (r.date ? formatDate(r.date, locale) : ''),
  };
  /**
   * A review row's Beløp with its currency, and what it does to the cash: a row that takes shares
   * out and brings money in (a redemption) "pays" it; shares in against money out "costs" it.
   */
  const reviewAmount = (r: ImportResultDto['review'][number]) => {
    if (r.amount_value === null || r.amount_value === undefined) return '';
    const value = Number(r.amount_value);
    const shown = money(String(Math.abs(value)), r.currency);
    if (r.direction === 'out' && value > 0) return t('importReview:pays', { amount: shown });
    if (r.direction === 'in' && value < 0) return t('importReview:costs', { amount: shown });
    return money(r.amount_value, r.currency);
  };
  return (
    <div aria-live="polite">
      <p className="fw-semibold mb-2">
        <span>
          {preview.imported > 0 ? t('import.willImport', { count: preview.imported }) : t('import.nothing')}
        </span>
        {preview.skipped > 0 && <span> · {t('import.skipped', { count: preview.skipped })}</span>}
      </p>
      {warnings.length > 0 && (
        <p className="small text-warning-emphasis mb-2" role="status">
          {t('brokerImport:warnings.summary', { count: warnings.length })}
        </p>
      )}
      {preview.errors.length > 0 && (
        <ImportTable
          titleId={`${idPrefix}-errors`}
          titleClassName="h6 text-danger"
          title={t('import.errors', { count: preview.errors.length })}
          responsive={false}
          rows={preview.errors}
          rowKey={(e, i) => `${e.line}-${i}`}
          columns={[
            lineColumn,
            { key: 'reason', header: t('import.reason'), cell: (e) => importErrorText(t, e) },
          ]}
        />
      )}
      {preview.rows.length > 0 && (
        <ImportTable
          titleId={`${idPrefix}-rows`}
          title={t('import.rowsTitle')}
          striped
          rows={preview.rows}
          rowKey={(r) => r.line}
          columns={[
            lineColumn,
            dateColumn,
            { key: 'type', header: t('transactions.columns.type'), cell: (r) => t(`events.${r.event_id}`) },
            {
              key: 'security',
              header: t('import.security'),
              cell: (r) => (r.ticker_id === null ? t('import.cash') : `${r.long_name} (${r.symbol})`),
            },
            {
              key: 'quantity',
              header: t('transactions.columns.quantity'),
              end: true,
              cell: (r) => amount(r.quantity),
            },
            {
              key: 'price',
              header: t('transactions.columns.price'),
              end: true,
              nowrap: true,
              cell: (r) => moneyExact(r.price, r.currency),
            },
            {
              key: 'fee',
              header: t('transactions.columns.fee'),
              end: true,
              nowrap: true,
              cell: (r) => moneyExact(r.fee, r.currency),
            },
            ...(warnings.length === 0
              ? []
              : [
                  {
                    key: 'check',
                    header: t('brokerImport:warnings.column'),
                    cell: (r: { line: number }) =>
                      warningsOf(r.line).map((w, i) => (
                        <span key={`${w.code}-${i}`} className="d-block small text-warning-emphasis">
                          {warningText(t, w, locale)}
                        </span>
                      )),
                  },
                ]),
          ]}
        />
      )}
      {preview.review.length > 0 && (
        <ImportTable
          titleId={`${idPrefix}-review`}
          title={t('import.reviewTitle', { count: preview.review.length })}
          intro={t('import.reviewIntro')}
          rows={preview.review}
          rowKey={(r) => r.line}
          columns={[
            lineColumn,
            dateColumn,
            { key: 'fileType', header: t('import.fileType'), cell: (r) => r.transaction_type },
            {
              key: 'security',
              header: t('import.security'),
              cell: (r) => [r.name, r.isin].filter(Boolean).join(' · '),
            },
            {
              key: 'quantity',
              header: t('transactions.columns.quantity'),
              end: true,
              cell: (r) => r.quantity ?? '',
            },
            {
              key: 'amount',
              header: t('importReview:amount'),
              end: true,
              nowrap: true,
              cell: (r) => reviewAmount(r),
            },
            { key: 'reason', header: t('import.reason'), cell: (r) => reviewText(t, r) },
            {
              key: 'cost',
              header: t('import.reviewCost'),
              cell: (r) => {
                const value = costs[r.line] ?? '';
                // Only a row that changes a holding (shares in or out) takes a cost.
                const acceptable = r.direction !== null && r.quantity !== null && r.date !== null;
                const currency = r.currency || baseCurrency;
                const unitId = `${idPrefix}-review-${r.line}-currency`;
                return acceptable ? (
                  <div className="d-flex align-items-center gap-1">
                    <Form.Control
                      size="sm"
                      inputMode="decimal"
                      aria-label={t('import.reviewCostFor', { line: r.line })}
                      aria-describedby={unitId}
                      value={value}
                      isInvalid={value.trim() !== '' && !importCostOk(value)}
                      onChange={(e) => onCost(r.line, e.target.value)}
                      placeholder={t('import.reviewSkip')}
                    />
                    <span id={unitId} className="small text-body-secondary text-nowrap">
                      {t('importReview:costIn', { currency })}
                    </span>
                  </div>
                ) : (
                  <span className="small text-body-secondary">{t('importReview:noHoldingChange')}</span>
                );
              },
            },
          ]}
        />
      )}
      {preview.skipped_rows.length > 0 && (
        // Open: every skipped line is listed with its reason, not only counted (issue 39 item 8).
        <details open>
          <summary>{t('import.skippedTitle', { count: preview.skipped_rows.length })}</summary>
          <p className="small text-body-secondary mt-2 mb-1">{t('importReview:skippedWhy')}</p>
          <ul className="small">
            {preview.skipped_rows.map((s, i) => (
              <li key={`${s.line}-${i}`}>
                {t('import.skippedRow', {
                  line: s.line,
                  reason: skippedText(t, s, (iso) => formatDate(iso, locale)),
                })}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
