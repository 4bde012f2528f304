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

  /** A titled table: a line with the title, the column names, then a line a row. */
  const section = <R>(
    title: keyof Labels,
    columns: [keyof Labels, (row: R) => Cell][],
    rows: readonly R[],
  ) => {
    lines.push([labels[title]]);
    lines.push(columns.map(([key]) => labels[key]));
    for (const row of rows) lines.push(columns.map(([, value]) => value(row)));
    lines.push([]);
  };
  const security = <R extends { ticker_id: number; symbol: string; isin: string | null }>(): [
    keyof Labels,
    (row: R) => Cell,
  ][] => [
    ['symbol', (r) => r.symbol],
    ['isin', (r) => r.isin],
    ['name', (r) => names.tickerName(r.ticker_id)],
  ];
  section(
    'sales',
    [
      ['date', (s) => s.date],
      ['portfolio', (s) => names.portfolioName(s.portfolio_id)],
      ...security<(typeof report.ordinary.sales)[number]>(),
      ['quantity', (s) => s.quantity],
      ['proceeds', (s) => s.proceeds],
      ['cost', (s) => s.cost],
      ['gain', (s) => s.gain],
      ['interestPart', (s) => s.interest_part],
      ['shieldingUsed', (s) => s.shielding_used],
    ],
    report.ordinary.sales,
  );
  section(
    'dividends',
    [
      ['date', (d) => d.date],
      ['portfolio', (d) => names.portfolioName(d.portfolio_id)],
      ...security<(typeof report.ordinary.dividends)[number]>(),
      ['quantity', (d) => d.quantity],
      ['gross', (d) => d.gross],
      ['withholding', (d) => d.withholding],
      ['fee', (d) => d.fee],
      ['net', (d) => d.net],
    ],
    [...report.ordinary.dividends, ...report.ask.flatMap((a) => a.dividends)],
  );
  section(
    'securities',
    [
      ...security<(typeof report.ordinary.securities)[number]>(),
      ['dividends', (s) => s.dividends],
      ['withholding', (s) => s.withholding],
      ['withholdingCredit', (s) => s.withholding_credit],
      ['quantityEnd', (s) => s.quantity_end],
      ['valueEnd', (s) => s.value_end],
      ['wealthValueEnd', (s) => s.wealth_value_end],
      ['shieldingYear', (s) => s.shielding_year],
      ['shieldingCarried', (s) => s.shielding_carried],
    ],
    report.ordinary.securities,
  );
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
    section(
      'ask',
      [
        ['portfolio', (a) => names.portfolioName(a.portfolio_id)],
        ['deposits', (a) => a.deposits],
        ['valueEnd', (a) => a.value_end],
        ['wealthValueEnd', (a) => a.wealth_value_end],
        ['shieldingBase', (a) => a.shielding_base],
        ['shieldingYear', (a) => a.shielding_year],
        ['withdrawnAbove', (a) => a.withdrawn_above_deposits],
        ['lossOnClosing', (a) => a.loss_on_closing],
        ['taxable', (a) => a.taxable],
        ['estimatedTax', (a) => a.estimated_tax],
      ],
      report.ask,
    );
    lines.pop(); // no empty line after the last table
  }
  const cell = (value: Cell): string => {
    if (value === null) return '';
    const text = typeof value === 'number' ? numberCell(value, language) : neutralizeCell(value);
    return text.includes(separator) || /["\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return `\ufeff${lines.map((l) => l.map(cell).join(separator)).join('\r\n')}\r\n`;
}
