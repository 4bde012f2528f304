/**
 * A portfolio's dividend income (issue 41), pure: what it received (the ledger's dividends) and
 * what it can expect (the provider's dividends and last year's repeated), in NOK.
 *
 * Rules:
 * - Months are counted by payment date, by ex-date where the provider has none (`dateOf`).
 * - received: the ledger's dividend events (event 3) net of fee and withholding, in NOK at the rate
 *   each was recorded with (its own fx_rate, else the market's USD/NOK on its date), per month of
 *   its date, for the `months` months up to and including today's month (every month listed, 0 when
 *   nothing came in).
 * - expected: one row per dividend of a share held at its ex-date (the quantity after every event
 *   dated before the ex-date) whose date falls in the `months` months before today or the `months`
 *   months after it:
 *     paid       a ledger dividend of the share is dated from the ex-date to 45 days after its
 *                date (the booking of this payment); its amounts are the ledger's: quantity and
 *                per-share as booked, amount_nok the booked net in NOK at the booked rate;
 *     announced  the provider has the event (a future one, or a past one not yet booked: bookable
 *                once its date has passed);
 *     estimated  last year's payment repeated one year on (at today's holding and today's rate)
 *                for a share held today, unless the provider already has an event of the share
 *                from 45 days before to 45 days after the repeat's ex-date (an announced event
 *                replaces the repeat of the payment it continues).
 *   Amounts of unpaid rows are gross per share × quantity in the dividend's currency; in NOK at
 *   the USD/NOK of the payment date for a past row, today's for a future one. A currency other
 *   than NOK and USD has no rate here: its amount_nok is null and it counts in no total.
 * - totals: trailing_12m_nok = received in the 12 months up to today; next_12m_nok = the unpaid
 *   expected rows dated after today and at most 12 months on; yield_on_cost / yield_on_value =
 *   trailing_12m_nok over the holdings' cost and today's value in NOK (0 when that is 0).
 */
import type Decimal from 'decimal.js';
import { EVENT_DIVIDEND } from '@/lib/constants';
import { addDays } from '@/lib/dates';
import { ONE, ZERO, divideOrZero, toDecimal } from '../ledger/decimal';
import { applyEvent, EffectBuffer } from '../ledger/events';
import type { CurrencyCode, FxRateOn, Transaction } from '../ledger/types';

/** A dividend per share as the provider has it. */
export interface ProviderDividend {
  exDate: string;
  payDate: string | null;
  amount: number;
  currency: string;
}

export interface IncomeTicker {
  symbol: string;
  /** The trading currency: the ledger's dividends are in it. */
  currency: CurrencyCode;
}

export interface IncomeInput {
  /** Today (ISO date). */
  today: string;
  /** Months of the window on each side of today (1–24). */
  months: number;
  /** The portfolio's ticker events, every ticker, each ticker's in (date, id) order. */
  transactions: readonly Transaction[];
  tickers: ReadonlyMap<number, IncomeTicker>;
  /** The provider's dividends per ticker, ascending by ex-date. */
  dividends: ReadonlyMap<number, readonly ProviderDividend[]>;
  /** USD/NOK on or before a date. */
  fxRateOn: FxRateOn;
  /** The holdings' cost and today's market value in NOK (the yields' denominators). */
  costNok: Decimal;
  valueNok: Decimal;
}

export type IncomeStatus = 'paid' | 'announced' | 'estimated';

export interface ExpectedIncome {
  tickerId: number;
  symbol: string;
  exDate: string;
  payDate: string | null;
  perShare: Decimal;
  quantity: Decimal;
  amount: Decimal;
  currency: string;
  amountNok: Decimal | null;
  status: IncomeStatus;
}

export interface PortfolioIncome {
  received: { month: string; amountNok: Decimal }[];
  expected: ExpectedIncome[];
  totals: {
    trailing12mNok: Decimal;
    next12mNok: Decimal;
    yieldOnCost: Decimal;
    yieldOnValue: Decimal;
  };
}

/** How long after a dividend's date its booking may be dated and still count as its payment. */
export const PAID_MATCH_DAYS = 45;
/** How close an announced event must be to a repeat's ex-date to replace it. */
export const CONTINUES_DAYS = 45;

/** The date a dividend counts in: its payment date, else its ex-date. */
export const dateOf = (d: { exDate: string; payDate: string | null }) => d.payDate ?? d.exDate;

/** YYYY-MM of an ISO date. */
const monthOf = (iso: string) => iso.slice(0, 7);

/** `iso` moved by whole months (the day kept, clamped to the month's last day). */
export function addMonths(iso: string, months: number): string {
  const y = Number(iso.slice(0, 4));
  const m = Number(iso.slice(5, 7)) - 1 + months;
  const year = y + Math.floor(m / 12);
  const month = ((m % 12) + 12) % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(Number(iso.slice(8, 10)), last);
  return `${year}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** NOK per unit of `currency` on `date`; null for a currency without a rate here. */
function nokRate(currency: string, date: string, fxRateOn: FxRateOn): Decimal | null {
  if (currency === 'NOK') return ONE;
  if (currency === 'USD') return fxRateOn(date);
  return null;
}

/** One ticker's quantity after each event: `quantityBefore(date)` = held at the start of `date`. */
function holdingTimeline(transactions: readonly Transaction[]) {
  const dates: string[] = [];
  const after: Decimal[] = [];
  const buffer = new EffectBuffer();
  let held = ZERO;
  for (const tx of transactions) {
    held = applyEvent(held, tx, buffer).quantity;
    dates.push(tx.date);
    after.push(held);
  }
  // Binary search for the last event dated before `date` (a 10,000-event ledger is asked per dividend).
  return (date: string): Decimal => {
    let lo = 0;
    let hi = dates.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (dates[mid] < date) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 ? ZERO : after[lo - 1];
  };
}

/** Income received and expected for a portfolio (see the module comment for every rule). */
export function computePortfolioIncome(input: IncomeInput): PortfolioIncome {
  const { today, months, fxRateOn } = input;
  const byTicker = new Map<number, Transaction[]>();
  for (const tx of input.transactions) {
    const list = byTicker.get(tx.tickerId);
    if (list) list.push(tx);
    else byTicker.set(tx.tickerId, [tx]);
  }

  // Received: the ledger's net dividends in NOK at their recorded rate, per month.
  const firstMonth = monthOf(addMonths(`${monthOf(today)}-01`, -(months - 1)));
  const trailingFrom = addMonths(today, -12);
  const receivedByMonth = new Map<string, Decimal>();
  let trailing = ZERO;
  const booked = new Map<number, { tx: Transaction; netNok: Decimal }[]>();
  for (const [tickerId, txs] of byTicker) {
    const ticker = input.tickers.get(tickerId);
    if (!ticker) continue;
    for (const tx of txs) {
      if (tx.eventId !== EVENT_DIVIDEND || tx.date > today) continue;
      const net = tx.quantity.mul(tx.price).minus(tx.fee).minus(tx.withholdingTax);
      const rate =
        ticker.currency === 'NOK' ? ONE : (tx.fxRate ?? nokRate(ticker.currency, tx.date, fxRateOn)!);
      const netNok = net.mul(rate);
      const list = booked.get(tickerId);
      if (list) list.push({ tx, netNok });
      else booked.set(tickerId, [{ tx, netNok }]);
      if (tx.date > trailingFrom) trailing = trailing.plus(netNok);
      const month = monthOf(tx.date);
      if (month >= firstMonth) receivedByMonth.set(month, (receivedByMonth.get(month) ?? ZERO).plus(netNok));
    }
  }
  const received: PortfolioIncome['received'] = [];
  for (let i = 0; i < months; i += 1) {
    const month = monthOf(addMonths(`${firstMonth}-01`, i));
    received.push({ month, amountNok: receivedByMonth.get(month) ?? ZERO });
  }

  // Expected.
  const windowFrom = addMonths(today, -months);
  const horizon = addMonths(today, Math.max(months, 12));
  const listUntil = addMonths(today, months);
  const nextUntil = addMonths(today, 12);
  const expected: ExpectedIncome[] = [];
  for (const [tickerId, ticker] of input.tickers) {
    const events = input.dividends.get(tickerId) ?? [];
    const quantityBefore = holdingTimeline(byTicker.get(tickerId) ?? []);
    const heldToday = quantityBefore(addDays(today, 1));
    const bookings = booked.get(tickerId) ?? [];
    const used = new Set<Transaction>();
    const row = (
      d: ProviderDividend,
      status: 'announced' | 'estimated',
      quantity: Decimal,
    ): ExpectedIncome | null => {
      if (quantity.lte(0)) return null;
      const perShare = toDecimal(d.amount);
      const amount = perShare.mul(quantity);
      const rate = nokRate(d.currency, dateOf(d) > today ? today : dateOf(d), fxRateOn);
      return {
        tickerId,
        symbol: ticker.symbol,
        exDate: d.exDate,
        payDate: d.payDate,
        perShare,
        quantity,
        amount,
        currency: d.currency,
        amountNok: rate === null ? null : amount.mul(rate),
        status,
      };
    };
    for (const d of events) {
      const date = dateOf(d);
      if (date <= windowFrom || date > horizon) continue;
      const booking = bookings.find(
        (b) => !used.has(b.tx) && b.tx.date >= d.exDate && b.tx.date <= addDays(date, PAID_MATCH_DAYS),
      );
      if (booking) {
        used.add(booking.tx);
        expected.push({
          tickerId,
          symbol: ticker.symbol,
          exDate: d.exDate,
          payDate: d.payDate,
          perShare: booking.tx.price,
          quantity: booking.tx.quantity,
          amount: booking.tx.quantity.mul(booking.tx.price),
          currency: ticker.currency,
          amountNok: booking.netNok,
          status: 'paid',
        });
        continue;
      }
      const r = row(d, 'announced', d.exDate > today ? heldToday : quantityBefore(d.exDate));
      if (r) expected.push(r);
    }
    // Estimates: the last 12 months' events repeated a year on (twice for a 24-month window).
    if (heldToday.lte(0)) continue;
    for (const d of events) {
      if (d.exDate > today || d.exDate <= addMonths(today, -12)) continue;
      for (let years = 1; years <= 2; years += 1) {
        const repeat: ProviderDividend = {
          ...d,
          exDate: addMonths(d.exDate, 12 * years),
          payDate: d.payDate === null ? null : addMonths(d.payDate, 12 * years),
        };
        const date = dateOf(repeat);
        if (repeat.exDate <= today || date > horizon) continue;
        const continued = events.some(
          (e) =>
            e.exDate > d.exDate &&
            e.exDate >= addDays(repeat.exDate, -CONTINUES_DAYS) &&
            e.exDate <= addDays(repeat.exDate, CONTINUES_DAYS),
        );
        if (continued) continue;
        const r = row(repeat, 'estimated', heldToday);
        if (r) expected.push(r);
      }
    }
  }
  const listed = expected
    .filter((r) => dateOf(r) <= listUntil)
    .sort((a, b) =>
      dateOf(a) !== dateOf(b) ? (dateOf(a) < dateOf(b) ? -1 : 1) : a.symbol < b.symbol ? -1 : 1,
    );
  let next = ZERO;
  for (const r of expected) {
    const date = dateOf(r);
    if (r.status !== 'paid' && date > today && date <= nextUntil && r.amountNok)
      next = next.plus(r.amountNok);
  }
  return {
    received,
    expected: listed,
    totals: {
      trailing12mNok: trailing,
      next12mNok: next,
      yieldOnCost: divideOrZero(trailing, input.costNok),
      yieldOnValue: divideOrZero(trailing, input.valueNok),
    },
  };
}
