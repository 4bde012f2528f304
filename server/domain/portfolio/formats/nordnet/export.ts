import type Decimal from 'decimal.js';
import {
  EVENT_BUY,
  EVENT_CAPITAL_RETURN,
  EVENT_CASH_FEE,
  EVENT_DEPOSIT,
  EVENT_DIVIDEND,
  EVENT_EXCHANGE_IN,
  EVENT_EXCHANGE_OUT,
  EVENT_INTEREST,
  EVENT_SELL,
  EVENT_SPLIT,
  EVENT_WITHDRAWAL,
} from '@/lib/constants';
import { ZERO, type DecimalInput } from '../../ledger/decimal';
import { applyEvent, splitQuantity } from '../../ledger/events';
import { normalizeLedger } from '../../ledger/transactions';
import { isCashTransaction } from '../../ledger/types';
import { textCell } from './cells';

/**
 * A transaction to write in Nordnet's format; `name`/`isin` identify the security as in a real
 * export (both null for a cash event, whose `tickerId` is null).
 */
export interface NordnetExportTransaction {
  id: number;
  /** The ticker's id (any stable number per security), null for a cash event. */
  tickerId?: number | null;
  date: string;
  eventId: number;
  isin: string | null;
  name: string | null;
  quantity: DecimalInput;
  price: DecimalInput;
  fee?: DecimalInput | null;
  /** The ticker's currency; a cash event's is the portfolio's base currency. */
  currency: string;
  comment?: string | null;
  splitTo?: number | null;
  splitFrom?: number | null;
  withholdingTax?: DecimalInput | null;
  fxRate?: DecimalInput | null;
  /** The Id column: the broker's Id the row came with, else `id`. */
  externalId?: string | null;
  /** Issue 37: the instrument's kind (share, fund, etf, bond, other); empty for a cash event. */
  kind?: string | null;
}

/**
 * Our export's columns. Unlike Nordnet's own file, Kurs has its own Valuta (the trade currency),
 * so amounts in a foreign currency are read back as they are, whatever Vekslingskurs says.
 */
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
  'Valuta',
  'Rente',
  'Totale Avgifter',
  'Valuta',
  'Beløp',
  'Valuta',
  'Totalt antall',
  'Vekslingskurs',
  'Transaksjonstekst',
  // Issue 37: what the instrument is, so an instrument outside the universe comes back as the same kind.
  'Kind',
];

function formatNumber(d: Decimal): string {
  return d.toFixed().replace('.', ',');
}

interface Cells {
  id: string;
  date: string;
  type: string;
  name: string;
  isin: string;
  quantity: string;
  price: string;
  fee: Decimal;
  amount: string;
  currency: string;
  total: string;
  rate: string;
  comment: string;
  kind: string;
}

/**
 * Write transactions as a UTF-8 (with BOM), tab-separated Nordnet-style export, newest first, that
 * `parseNordnetCsv` reads back to the same transactions (amounts exactly as stored, the comment in
 * Transaksjonstekst). Every Beløp is the event's cash as the event applier (`applyEvent`) books it,
 * in the trade's currency. A split becomes its UTTAK/INNLEGG pair: the quantity held and that
 * quantity × to / from when that is exact to 10 decimals, else `from` and `to` themselves; an
 * exchange its BYTTE UTTAK/INNLEGG rows; a dividend's withholding its own KUPONGSKATT row.
 * Throws InvalidTransactionError.
 */
export function exportNordnetCsv(
  transactions: readonly NordnetExportTransaction[],
  portfolio = '',
): Uint8Array {
  const byId = new Map(transactions.map((t) => [t.id, t]));
  // Cash events have no ticker; a ticker event without one is keyed by its security.
  const keys = new Map<string, number>();
  const tickerOf = (t: NordnetExportTransaction): number | null => {
    if (t.tickerId !== undefined) return t.tickerId;
    const key = t.isin ?? t.name ?? '';
    if (!keys.has(key)) keys.set(key, keys.size + 1);
    return keys.get(key)!;
  };
  const ledger = normalizeLedger(transactions.map((t) => ({ ...t, tickerId: tickerOf(t) })));
  const held = new Map<number, Decimal>();
  const lines: Cells[] = [];
  for (const tx of ledger) {
    const source = byId.get(tx.id)!;
    const base = {
      id: source.externalId ?? String(tx.id),
      date: tx.date,
      name: source.name ?? '',
      isin: source.isin ?? '',
      currency: source.currency,
      comment: source.comment ?? '',
      kind: source.kind ?? '',
      rate: source.fxRate === null || source.fxRate === undefined ? '' : formatNumber(toDec(source.fxRate)),
      price: '',
      total: '',
    };
    if (isCashTransaction(tx)) {
      const e = applyEvent(ZERO, tx);
      const type = {
        [EVENT_DEPOSIT]: 'INNSKUDD',
        [EVENT_WITHDRAWAL]: 'UTTAK',
        [EVENT_INTEREST]: 'RENTE',
        [EVENT_CASH_FEE]: 'AVGIFT',
      }[tx.eventId];
      // Beløp is the amount moved (a fee, if any, in Totale Avgifter).
      const amount = e.cash.plus(tx.fee);
      lines.push({ ...base, type, quantity: '', fee: tx.fee, amount: formatNumber(amount), rate: '' });
      continue;
    }
    const before = held.get(tx.tickerId) ?? ZERO;
    const e = applyEvent(before, tx);
    held.set(tx.tickerId, e.quantity);
    const row = (type: string, quantity: Decimal, extra: Partial<Cells> = {}): Cells => ({
      ...base,
      type,
      quantity: formatNumber(quantity),
      price: formatNumber(tx.price),
      fee: tx.fee,
      amount: formatNumber(e.cash),
      total: formatNumber(e.quantity),
      ...extra,
    });
    switch (tx.eventId) {
      case EVENT_BUY:
        lines.push(row('KJØPT', tx.quantity));
        break;
      case EVENT_SELL:
        lines.push(row('SALG', tx.quantity));
        break;
      case EVENT_DIVIDEND:
        // Beløp before the tax withheld, which gets its own row (read back onto this dividend).
        lines.push(row('UTBYTTE', tx.quantity, { amount: formatNumber(e.cash.plus(e.dividendWithholding)) }));
        if (!e.dividendWithholding.isZero())
          lines.push(
            row('KUPONGSKATT', ZERO, {
              quantity: '',
              price: '',
              fee: ZERO,
              amount: formatNumber(e.dividendWithholding.neg()),
              id: `${base.id}-skatt`,
            }),
          );
        break;
      case EVENT_CAPITAL_RETURN:
        lines.push(row('TILBAKEBETALING', tx.quantity));
        break;
      case EVENT_EXCHANGE_OUT:
        lines.push(row('BYTTE UTTAK VP', tx.quantity, { price: '' }));
        break;
      case EVENT_EXCHANGE_IN:
        lines.push(row('BYTTE INNLEGG VP', tx.quantity, { price: '' }));
        break;
      case EVENT_SPLIT: {
        const split = tx.split!;
        const after = splitQuantity(before, split);
        // Both legs must be exact in 10 decimals (after a 7-for-3 the holding itself may not be).
        const exact = before.gt(0) && before.decimalPlaces() <= 10 && after.decimalPlaces() <= 10;
        lines.push(
          row('SPLITT UTTAK VP', exact ? before : split.from, { price: '', amount: '', total: '0' }),
        );
        lines.push(
          row('SPLITT INNLEGG VP', exact ? after : split.to, {
            price: '',
            amount: '',
            fee: ZERO,
            total: formatNumber(before.gt(0) ? after : ZERO),
          }),
        );
        break;
      }
    }
  }
  const cells = (c: Cells): string[] => [
    textCell(c.id),
    c.date,
    c.date,
    c.date,
    textCell(portfolio),
    c.type,
    textCell(c.name),
    c.isin,
    c.quantity,
    c.price,
    c.price === '' ? '' : c.currency,
    '',
    c.fee.isZero() ? '' : formatNumber(c.fee),
    c.fee.isZero() ? '' : c.currency,
    c.amount,
    c.amount === '' ? '' : c.currency,
    c.total,
    c.rate,
    textCell(c.comment),
    c.kind,
  ];
  const body = [EXPORT_HEADER, ...lines.reverse().map(cells)].map((fields) => fields.join('\t')).join('\r\n');
  const encoded = new TextEncoder().encode(`${body}\r\n`);
  const out = new Uint8Array(encoded.length + 3);
  out.set([0xef, 0xbb, 0xbf], 0);
  out.set(encoded, 3);
  return out;
}

function toDec(value: DecimalInput): Decimal {
  return ZERO.plus(value);
}
