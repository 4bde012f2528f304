/**
 * The year report as a CSV file for Norway (issue 39 item 3): in the user's language, with
 * semicolons and decimal commas in Norwegian (commas and decimal points in English) so a
 * spreadsheet opens it as numbers; symbol, ISIN, name and portfolio name instead of internal ids;
 * a header block with the year, its rates and their sources. Every text cell that a spreadsheet
 * would run as a formula is neutralised with the portfolio export's neutraliser; numbers are
 * written by the formatter below only (a leading minus there is a number, never a formula).
 */
import { neutralizeCell, type PersonTaxReport } from '@/server/domain/portfolio';
import en from '@/public/locales/en/taxCsv.json';
import nb from '@/public/locales/nb/taxCsv.json';

export type CsvLanguage = 'nb' | 'en';
type Labels = typeof nb;

export interface CsvNames {
  tickerName: (tickerId: number) => string;
  portfolioName: (portfolioId: number) => string;
}

const LABELS: Record<CsvLanguage, Labels> = { nb, en };

function label(labels: Labels, key: keyof Labels, values: Record<string, string | number> = {}): string {
  return labels[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** A number as the language writes it in a spreadsheet: no grouping, the language's decimal mark. */
function numberCell(value: number, language: CsvLanguage): string {
  const text = String(value);
  return language === 'nb' ? text.replace('.', ',') : text;
}

export function personTaxCsv(report: PersonTaxReport, language: CsvLanguage, names: CsvNames): string {
  const labels = LABELS[language];
  const separator = language === 'nb' ? ';' : ',';
  type Cell = string | number | null;
  const lines: Cell[][] = [];
  const notPublished = labels.notPublished;
  const num = (v: number | null) => (v === null ? notPublished : v);
  const r = report.rates;
  lines.push([label(labels, 'title', { year: report.year })]);
  lines.push([labels.note]);
  lines.push([labels.year, report.year]);
  lines.push([labels.skjermingsrente, num(r.skjermingsrente)]);
  lines.push([labels.oppjusteringsfaktor, num(r.oppjusteringsfaktor)]);
  for (const change of r.oppjusteringsfaktor_from)
    lines.push([label(labels, 'factorFrom', { date: change.date }), change.value]);
  lines.push([labels.taxRate, num(r.tax_rate)]);
  lines.push([labels.wealthValuation, num(r.wealth_valuation)]);
  const what: Record<string, keyof Labels> = {
    skjermingsrente: 'skjermingsrente',
    oppjusteringsfaktor: 'oppjusteringsfaktor',
    tax_rate: 'taxRate',
    wealth_valuation: 'wealthValuation',
  };
  for (const [key, url] of Object.entries(r.sources))
    lines.push([label(labels, 'source', { what: what[key] ? labels[what[key]] : key }), url]);
  lines.push([]);

  lines.push([labels.sales]);
  lines.push([
    labels.date,
    labels.portfolio,
    labels.symbol,
    labels.isin,
    labels.name,
    labels.quantity,
    labels.proceeds,
    labels.cost,
    labels.gain,
    labels.interestPart,
    labels.shieldingUsed,
  ]);
  for (const s of report.ordinary.sales)
    lines.push([
      s.date,
      names.portfolioName(s.portfolio_id),
      s.symbol,
      s.isin,
      names.tickerName(s.ticker_id),
      s.quantity,
      s.proceeds,
      s.cost,
      s.gain,
      s.interest_part,
      s.shielding_used,
    ]);
  lines.push([]);
  lines.push([labels.dividends]);
  lines.push([
    labels.date,
    labels.portfolio,
    labels.symbol,
    labels.isin,
    labels.name,
    labels.quantity,
    labels.gross,
    labels.withholding,
    labels.fee,
    labels.net,
  ]);
  for (const d of [...report.ordinary.dividends, ...report.ask.flatMap((a) => a.dividends)])
    lines.push([
      d.date,
      names.portfolioName(d.portfolio_id),
      d.symbol,
      d.isin,
      names.tickerName(d.ticker_id),
      d.quantity,
      d.gross,
      d.withholding,
      d.fee,
      d.net,
    ]);
  lines.push([]);
  lines.push([labels.securities]);
  lines.push([
    labels.symbol,
    labels.isin,
    labels.name,
    labels.dividends,
    labels.withholding,
    labels.withholdingCredit,
    labels.quantityEnd,
    labels.valueEnd,
    labels.wealthValueEnd,
    labels.shieldingYear,
    labels.shieldingCarried,
  ]);
  for (const s of report.ordinary.securities)
    lines.push([
      s.symbol,
      s.isin,
      names.tickerName(s.ticker_id),
      s.dividends,
      s.withholding,
      s.withholding_credit,
      s.quantity_end,
      s.value_end,
      s.wealth_value_end,
      s.shielding_year,
      s.shielding_carried,
    ]);
  lines.push([]);
  const t = report.ordinary.totals;
  lines.push([labels.totals]);
  const totals: [keyof Labels, number | null][] = [
    ['gains', t.gains],
    ['losses', t.losses],
    ['dividends', t.dividends],
    ['shieldingUsed', t.shielding_used],
    ['withholdingCredit', t.withholding_credit],
    ['creditCarriedIn', t.withholding_credit_carried_in],
    ['creditCarriedForward', t.withholding_credit_carried_forward],
    ['taxable', t.taxable],
    ['taxableAdjusted', t.taxable_adjusted],
    ['interest', t.interest],
    ['interestPart', t.fund_interest],
    ['interestTax', t.interest_tax],
    ['estimatedTax', t.estimated_tax],
  ];
  for (const [key, value] of totals) lines.push([labels[key], value]);
  if (report.ask.length > 0) {
    lines.push([]);
    lines.push([labels.ask]);
    lines.push([
      labels.portfolio,
      labels.deposits,
      labels.valueEnd,
      labels.wealthValueEnd,
      labels.shieldingBase,
      labels.shieldingYear,
      labels.withdrawnAbove,
      labels.lossOnClosing,
      labels.taxable,
      labels.estimatedTax,
    ]);
    for (const a of report.ask)
      lines.push([
        names.portfolioName(a.portfolio_id),
        a.deposits,
        a.value_end,
        a.wealth_value_end,
        a.shielding_base,
        a.shielding_year,
        a.withdrawn_above_deposits,
        a.loss_on_closing,
        a.taxable,
        a.estimated_tax,
      ]);
  }
  const cell = (value: Cell): string => {
    if (value === null) return '';
    const text = typeof value === 'number' ? numberCell(value, language) : neutralizeCell(value);
    return text.includes(separator) || /["\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return `\ufeff${lines.map((l) => l.map(cell).join(separator)).join('\r\n')}\r\n`;
}
