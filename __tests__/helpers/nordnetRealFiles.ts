/**
 * Issue 37: Nordnet exports as real ones are (the "Transaksjoner og notater" layout that
 * open-source importers of Nordnet files document: 30 columns, five of them "Valuta", UTF-16LE
 * with a BOM, tab-separated, decimal comma, newest row first, several accounts in the Portefølje
 * column, mixed-case words such as "Overføring via Trustly"). The values are our own.
 */
import { NORDNET_HEADERS, type NordnetLanguage } from './nordnetFiles';

/** One row by field; every field is the cell's text as Nordnet writes it. */
export interface RealRow {
  id: string;
  date: string;
  account?: string;
  type: string;
  security?: string;
  isin?: string;
  quantity?: string;
  price?: string;
  fees?: string;
  feeCurrency?: string;
  amount?: string;
  currency?: string;
  purchaseValue?: string;
  result?: string;
  totalQuantity?: string;
  balance?: string;
  rate?: string;
  text?: string;
}

function cells(r: RealRow): string[] {
  const c = Array<string>(30).fill('');
  [c[0], c[1], c[2], c[3], c[4], c[5]] = [r.id, r.date, r.date, r.date, r.account ?? '12345678', r.type];
  c[6] = r.security ?? '';
  c[7] = r.isin ?? '';
  c[8] = r.quantity ?? '';
  c[9] = r.price ?? '';
  c[11] = r.fees ?? '';
  c[12] = r.fees ? (r.feeCurrency ?? r.currency ?? 'NOK') : '';
  c[13] = r.amount ?? '';
  c[14] = r.amount ? (r.currency ?? 'NOK') : '';
  c[15] = r.purchaseValue ?? '';
  c[16] = r.purchaseValue ? (r.currency ?? 'NOK') : '';
  c[17] = r.result ?? '';
  c[18] = r.result ? (r.currency ?? 'NOK') : '';
  c[19] = r.totalQuantity ?? '';
  c[20] = r.balance ?? '';
  c[21] = r.rate ?? '';
  c[22] = r.text ?? '';
  return c;
}

/** The file's bytes: rows given oldest first are written newest first, UTF-16LE with a BOM. */
export function realNordnetFile(rows: readonly RealRow[], language: NordnetLanguage = 'nb'): Buffer {
  const lines = [
    NORDNET_HEADERS[language].join('\t'),
    ...[...rows].reverse().map((r) => cells(r).join('\t')),
  ];
  const text = `${lines.join('\r\n')}\r\n`;
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
}
