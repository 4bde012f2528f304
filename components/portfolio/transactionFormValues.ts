/**
 * The transaction form's values (strings as typed) and what it derives from them: the initial
 * values for an add or an edit, and a split's quantity text. Kept apart from the form's markup.
 */
import { EVENT_BUY, EVENT_DEPOSIT, EVENT_SPLIT, EVENT_WITHDRAWAL, type EventId } from '@/lib/constants';
import { amountText, localIsoDate } from '@/lib/schemas/portfolio';
import { ratioToSplit, splitQuantityText } from '@/lib/splitRatio';
import type { TransactionDto } from '@/lib/types/portfolio';
import type { PickedTicker } from './TickerPicker';

export type Field =
  | 'ticker_id'
  | 'date'
  | 'event_id'
  | 'quantity'
  | 'price'
  | 'fee'
  | 'split_to'
  | 'split_from'
  | 'withholding_tax'
  | 'comment';

/** Issue 21: a deposit or withdrawal has no ticker, quantity 1 and its amount as the price. */
export function isCashEvent(eventId: EventId): boolean {
  return eventId === EVENT_DEPOSIT || eventId === EVENT_WITHDRAWAL;
}

export interface CashDetails {
  available?: number;
  date?: string;
}

export type TransactionFormTarget =
  | { kind: 'add'; ticker?: PickedTicker | null; cash?: boolean }
  | { kind: 'edit'; transaction: TransactionDto; ticker: PickedTicker };

export interface Values {
  date: string;
  event_id: EventId;
  quantity: string;
  price: string;
  fee: string;
  split_to: string;
  split_from: string;
  withholding_tax: string;
  comment: string;
}

export interface HoldingDetails {
  held?: number;
  date?: string;
}

export function initialValues(target: TransactionFormTarget): Values {
  if (target.kind === 'edit') {
    const tx = target.transaction;
    // An older split kept only as a ratio shows its two whole numbers when the ratio is exact.
    const split =
      tx.split_to !== null && tx.split_from !== null
        ? { to: tx.split_to, from: tx.split_from }
        : tx.event_id === EVENT_SPLIT
          ? ratioToSplit(amountText(tx.quantity))
          : null;
    return {
      date: tx.date,
      event_id: tx.event_id,
      quantity: amountText(tx.quantity),
      price: amountText(tx.price),
      fee: amountText(tx.fee),
      split_to: split ? String(split.to) : '',
      split_from: split ? String(split.from) : '',
      withholding_tax: tx.withholding_tax === null ? '' : amountText(tx.withholding_tax),
      comment: tx.comment,
    };
  }
  return {
    date: localIsoDate(),
    event_id: target.cash ? EVENT_DEPOSIT : EVENT_BUY,
    quantity: '',
    price: '',
    fee: '',
    split_to: '',
    split_from: '',
    withholding_tax: '',
    comment: '',
  };
}

/** A split's quantity text from its two parts (informational: the API keeps to / from), else a placeholder. */
export function splitQuantity(values: Values): string {
  const to = Number(values.split_to);
  const from = Number(values.split_from);
  return Number.isSafeInteger(to) && to > 0 && Number.isSafeInteger(from) && from > 0
    ? splitQuantityText(to, from)
    : '1';
}
