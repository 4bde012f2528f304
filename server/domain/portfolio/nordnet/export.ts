import type Decimal from 'decimal.js';
import { EVENT_BUY, EVENT_DIVIDEND, EVENT_SELL, EVENT_SPLIT } from '@/lib/constants';
import { ZERO, type DecimalInput } from '../decimal';
import { splitQuantity } from '../events';
import { compareTransactions, normalizeTransaction } from '../transactions';
import { textCell } from './cells';

/** A transaction to write in Nordnet's format; `name`/`isin` identify the security as in a real export. */
export interface NordnetExportTransaction {
  id: number;
  date: string;
  eventId: number;
  isin: string | null;
  name: string;
  quantity: DecimalInput;
  price: DecimalInput;
  fee?: DecimalInput | null;
  currency: string;
  comment?: string | null;
  splitTo?: number | null;
  splitFrom?: number | null;
  /** The Id column: the broker's Id the row came with, else `id`. */
  externalId?: string | null;
}

const EXPORT_HEADER = [
  'Id',
  'Bokføringsdag',
  'Handelsdag',
  'Oppgjørsdag',
  'Portefølje',
  'Transaksjonstype',
  'Verdipapir',
  'ISIN',
  'Antall',
  'Kurs',
  'Rente',
  'Totale Avgifter',
  'Valuta',
  'Beløp',
  'Valuta',
  'Totalt antall',
  'Transaksjonstekst',
];

function formatNumber(d: Decimal): string {
  return d.toFixed().replace('.', ',');
}

/**
 * Write transactions as a UTF-8 (with BOM), tab-separated Nordnet-style export, newest first, that
 * `parseNordnetCsv` reads back to the same transactions (amounts exactly as stored, the comment in
 * Transaksjonstekst). A split becomes its UTTAK/INNLEGG pair: the quantity held and that quantity
 * × to / from when that is exact to 10 decimals, else `from` and `to` themselves. Throws
 * InvalidTransactionError.
 */
export function exportNordnetCsv(
  transactions: readonly NordnetExportTransaction[],
  portfolio = '',
): Uint8Array {
  const ordered = transactions
    .map((t) => ({ source: t, tx: normalizeTransaction({ ...t, tickerId: 0 }) }))
    .sort((a, b) => compareTransactions(a.tx, b.tx));
  const held = new Map<string, Decimal>();
  const lines: string[][] = [];
  for (const { source, tx } of ordered) {
    const key = source.isin ?? source.name;
    const before = held.get(key) ?? ZERO;
    const base = (
      type: string,
      quantity: Decimal,
      price: string,
      amount: string,
      total: Decimal,
      fee = tx.fee,
    ): string[] => [
      textCell(source.externalId ?? String(tx.id)),
      tx.date,
      tx.date,
      tx.date,
      textCell(portfolio),
      type,
      textCell(source.name),
      source.isin ?? '',
      formatNumber(quantity),
      price,
      '',
      fee.isZero() ? '' : formatNumber(fee),
      fee.isZero() ? '' : source.currency,
      amount,
      amount === '' ? '' : source.currency,
      formatNumber(total),
      textCell(source.comment ?? ''),
    ];
    const gross = tx.quantity.mul(tx.price);
    switch (tx.eventId) {
      case EVENT_BUY: {
        const after = before.plus(tx.quantity);
        lines.push(
          base('KJØPT', tx.quantity, formatNumber(tx.price), formatNumber(gross.plus(tx.fee).neg()), after),
        );
        held.set(key, after);
        break;
      }
      case EVENT_SELL: {
        const after = before.minus(tx.quantity);
        lines.push(
          base('SALG', tx.quantity, formatNumber(tx.price), formatNumber(gross.minus(tx.fee)), after),
        );
        held.set(key, after);
        break;
      }
      case EVENT_DIVIDEND:
        lines.push(
          base('UTBYTTE', tx.quantity, formatNumber(tx.price), formatNumber(gross.minus(tx.fee)), before),
        );
        break;
      case EVENT_SPLIT: {
        const split = tx.split!;
        const after = splitQuantity(before, split);
        const exact = before.gt(0) && after.decimalPlaces() <= 10;
        const oldQuantity = exact ? before : split.from;
        const newQuantity = exact ? after : split.to;
        lines.push(base('SPLITT UTTAK VP', oldQuantity, '', '', ZERO));
        lines.push(base('SPLITT INNLEGG VP', newQuantity, '', '', before.gt(0) ? after : ZERO, ZERO));
        if (before.gt(0)) held.set(key, after);
        break;
      }
    }
  }
  const body = [EXPORT_HEADER, ...lines.reverse()].map((fields) => fields.join('\t')).join('\r\n');
  const encoded = new TextEncoder().encode(`${body}\r\n`);
  const out = new Uint8Array(encoded.length + 3);
  out.set([0xef, 0xbb, 0xbf], 0);
  out.set(encoded, 3);
  return out;
}
