import type { TaxReportDto } from '@/lib/types/portfolio';
import type Decimal from 'decimal.js';
import {
  EVENT_BUY,
  EVENT_CAPITAL_RETURN,
  EVENT_DIVIDEND,
  EVENT_EXCHANGE_IN,
  EVENT_EXCHANGE_OUT,
  EVENT_SELL,
  EVENT_SPLIT,
} from '@/lib/constants';
import { sumDecimals, toApiNumber, toApiQuantity, ZERO } from '../ledger/decimal';
import { MissingTickerError } from '../ledger/errors';
import { applyEvent, splitQuantity } from '../ledger/events';
import { conversionFactor } from '../ledger/fx';
import { normalizeTransactions } from '../ledger/transactions';
import type { FxRateOn, LedgerEntry, TickerInfo } from '../ledger/types';

export interface ComputeTaxInput {
  transactions: readonly LedgerEntry[];
  /** Trading currency of every ticker the transactions use (lastPrice is not needed). */
  tickers: ReadonlyMap<number, Pick<TickerInfo, 'currency'>>;
  /** USD/NOK on or before a date. */
  fxRateOn: FxRateOn;
  /** Only report this calendar year's sales and totals (the whole history is still replayed). */
  year?: number;
}

/** One FIFO lot still held: its quantity (split-adjusted) and NOK cost at the buy date's rate, buy fee included. */
export interface TaxLot {
  tickerId: number;
  transactionId: number;
  date: string;
  quantity: Decimal;
  costNok: Decimal;
}

/** One sale's realised gain in NOK: proceeds (net of the sell fee) at the sale date's rate minus FIFO lot cost. */
export interface TaxSale {
  transactionId: number;
  date: string;
  tickerId: number;
  quantity: Decimal;
  proceedsNok: Decimal;
  costNok: Decimal;
  gainNok: Decimal;
}

/**
 * A calendar year's totals; `lossesNok` is the (negative) sum of losing sales. Dividends: gross,
 * the fees on them, and `dividendsNok` net (gross − fee, the figure the results show).
 */
export interface TaxYearTotal {
  year: number;
  saleCount: number;
  proceedsNok: Decimal;
  costNok: Decimal;
  gainNok: Decimal;
  gainsNok: Decimal;
  lossesNok: Decimal;
  dividendsGrossNok: Decimal;
  dividendFeesNok: Decimal;
  dividendsNok: Decimal;
}

export interface TaxReport {
  sales: TaxSale[];
  years: TaxYearTotal[];
  openLots: TaxLot[];
}

/**
 * The report as JSON numbers, before the service adds names and picks the year. Its parts are the
 * API's own shapes (`TaxReportDto` in lib/types, issue 27: one contract): a sale without its names,
 * and per year the totals with their year.
 */
export interface TaxReportParts {
  sales: Omit<TaxReportDto['sales'][number], 'symbol' | 'long_name'>[];
  years: ({ year: number } & TaxReportDto['totals'])[];
}

function yearOf(date: string): number {
  return Number(date.slice(0, 4));
}

/**
 * Norwegian tax view (DESIGN §7): realised gains per sale and per year with FIFO lots in NOK at
 * trade-date rates, built on applyEvent. A buy's fee goes into its lot's cost, a sell's fee reduces
 * the proceeds, a split multiplies every open lot's quantity by to / from and adds its fee to the
 * lots' cost. Dividends are reported gross, fee and net, in NOK at the payment date's rate.
 * Skjermingsfradrag and ASK rules are not applied.
 */
export function computeTaxReport(input: ComputeTaxInput): TaxReport {
  const lotsByTicker = new Map<number, TaxLot[]>();
  const heldByTicker = new Map<number, Decimal>();
  const sales: TaxSale[] = [];
  const dividendsByYear = new Map<number, { gross: Decimal; fee: Decimal; net: Decimal }>();
  const toNok = (tickerId: number, date: string): Decimal => {
    const info = input.tickers.get(tickerId);
    if (!info) throw new MissingTickerError(tickerId);
    return conversionFactor(info.currency, 'NOK', input.fxRateOn, date);
  };

  // Exchanges' out-legs waiting for their in-leg (same date, in order): the lots they took out.
  const exchanged: { date: string; quantity: Decimal; lots: TaxLot[] }[] = [];
  /** Take `quantity` out of the lots, first in first out; the lots (or parts) taken, exact costs kept. */
  const takeLots = (lots: TaxLot[], quantity: Decimal, all: boolean): TaxLot[] => {
    if (all) return lots.splice(0, lots.length);
    const taken: TaxLot[] = [];
    let remaining = quantity;
    while (remaining.gt(0) && lots.length > 0) {
      const lot = lots[0];
      if (lot.quantity.lte(remaining)) {
        taken.push(lot);
        remaining = remaining.minus(lot.quantity);
        lots.shift();
      } else {
        const part = lot.costNok.mul(remaining).div(lot.quantity);
        taken.push({ ...lot, quantity: remaining, costNok: part });
        lots[0] = { ...lot, quantity: lot.quantity.minus(remaining), costNok: lot.costNok.minus(part) };
        remaining = ZERO;
      }
    }
    return taken;
  };

  /** A lot of the shares `tx` brings in, at `costIn` (ticker currency) in NOK at the day's rate. */
  const newLot = (
    tx: { tickerId: number; id: number; date: string; quantity: Decimal },
    costIn: Decimal,
  ) => ({
    tickerId: tx.tickerId,
    transactionId: tx.id,
    date: tx.date,
    quantity: tx.quantity,
    costNok: costIn.mul(toNok(tx.tickerId, tx.date)),
  });

  for (const tx of normalizeTransactions(input.transactions)) {
    const lots = lotsByTicker.get(tx.tickerId) ?? [];
    lotsByTicker.set(tx.tickerId, lots);
    // The holding follows applyEvent exactly as positions do; the lots are its FIFO breakdown.
    const e = applyEvent(heldByTicker.get(tx.tickerId) ?? ZERO, tx);
    heldByTicker.set(tx.tickerId, e.quantity);
    switch (tx.eventId) {
      case EVENT_BUY:
        lots.push(newLot(tx, e.costIn));
        break;
      case EVENT_SELL: {
        // Everything held goes on a closing sell: every lot's exact cost, whatever rounding a
        // non-terminating split ratio left in the lots' last digit.
        const costNok = sumDecimals(takeLots(lots, e.quantityOut, e.closes).map((l) => l.costNok));
        const proceedsNok = e.proceeds.mul(toNok(tx.tickerId, tx.date));
        sales.push({
          transactionId: tx.id,
          date: tx.date,
          tickerId: tx.tickerId,
          quantity: tx.quantity,
          proceedsNok,
          costNok,
          gainNok: proceedsNok.minus(costNok),
        });
        break;
      }
      case EVENT_DIVIDEND: {
        const year = yearOf(tx.date);
        const rate = toNok(tx.tickerId, tx.date);
        const before = dividendsByYear.get(year) ?? { gross: ZERO, fee: ZERO, net: ZERO };
        dividendsByYear.set(year, {
          gross: before.gross.plus(e.dividendGross.mul(rate)),
          fee: before.fee.plus(e.dividendFee.mul(rate)),
          net: before.net.plus(e.dividendNet.mul(rate)),
        });
        break;
      }
      case EVENT_CAPITAL_RETURN: {
        // Capital returned reduces the cost of the shares it is paid on, per share (skatteloven
        // § 10-11 (2)); a lot's cost may go below 0. Spread over the open lots by quantity, the
        // last lot taking what rounding leaves.
        const totalNok = e.capitalReturned.mul(toNok(tx.tickerId, tx.date));
        const held = sumDecimals(lots.map((l) => l.quantity));
        let left = totalNok;
        for (let i = 0; i < lots.length; i++) {
          const share =
            i === lots.length - 1 ? left : totalNok.mul(lots[i].quantity).div(held).toDecimalPlaces(10);
          left = left.minus(share);
          lots[i] = { ...lots[i], costNok: lots[i].costNok.minus(share) };
        }
        break;
      }
      case EVENT_EXCHANGE_OUT:
        // Skatteetaten A-5-6.12: in a tax-free merger the new shares take over the old ones' cost
        // and acquisition dates, lot by lot in proportion to the exchange ratio; no gain now
        // (https://www.skatteetaten.no/rettskilder/type/handboker/skatte-abc/gjeldende/a-5-aksjer--realisasjon/A-5.050/A-5.069/).
        exchanged.push({
          date: tx.date,
          quantity: e.quantityOut,
          lots: takeLots(lots, e.quantityOut, e.closes),
        });
        break;
      case EVENT_EXCHANGE_IN: {
        const feeNok = tx.fee.mul(toNok(tx.tickerId, tx.date));
        const at = exchanged.findIndex((x) => x.date === tx.date);
        if (at === -1 || exchanged[at].lots.length === 0) {
          // No out-leg that day (or it took nothing): a lot at the cost the row states.
          if (at !== -1) exchanged.splice(at, 1);
          lots.push(newLot(tx, e.costIn));
          break;
        }
        const [out] = exchanged.splice(at, 1);
        // Each old lot becomes a new lot of quantity × in / out, its cost and date kept; the last
        // takes what rounding leaves, and the in-leg's fee goes to the lots by quantity.
        let quantityLeft = tx.quantity;
        let feeLeft = feeNok;
        out.lots.forEach((lot, i) => {
          const last = i === out.lots.length - 1;
          const quantity = last
            ? quantityLeft
            : lot.quantity.mul(tx.quantity).div(out.quantity).toDecimalPlaces(10);
          const fee = last ? feeLeft : feeNok.mul(lot.quantity).div(out.quantity).toDecimalPlaces(10);
          quantityLeft = quantityLeft.minus(quantity);
          feeLeft = feeLeft.minus(fee);
          lots.push({ ...lot, tickerId: tx.tickerId, quantity, costNok: lot.costNok.plus(fee) });
        });
        break;
      }
      case EVENT_SPLIT: {
        const split = e.split!;
        // Every open lot's quantity × to / from, cost kept; the split's fee is added to the cost
        // of the lots in proportion to their quantity.
        const feeNok = e.costIn.isZero() ? ZERO : e.costIn.mul(toNok(tx.tickerId, tx.date));
        const held = sumDecimals(lots.map((l) => l.quantity));
        // The lots' new quantities add up to the holding's new quantity (e.quantity, what positions
        // hold): the last lot takes what the others leave. Fee shares are rounded to 10 decimals
        // and the last lot takes the rest, so the lots' costs grow by exactly the fee.
        let feeLeft = feeNok;
        let quantityLeft = e.quantity;
        for (let i = 0; i < lots.length; i++) {
          const last = i === lots.length - 1;
          const share = last ? feeLeft : feeNok.mul(lots[i].quantity).div(held).toDecimalPlaces(10);
          const quantity = last ? quantityLeft : splitQuantity(lots[i].quantity, split);
          feeLeft = feeLeft.minus(share);
          quantityLeft = quantityLeft.minus(quantity);
          lots[i] = {
            ...lots[i],
            quantity,
            costNok: share.isZero() ? lots[i].costNok : lots[i].costNok.plus(share),
          };
        }
        break;
      }
    }
  }

  const years = new Map<number, TaxYearTotal>();
  const totalFor = (year: number): TaxYearTotal => {
    let total = years.get(year);
    if (!total) {
      total = {
        year,
        saleCount: 0,
        proceedsNok: ZERO,
        costNok: ZERO,
        gainNok: ZERO,
        gainsNok: ZERO,
        lossesNok: ZERO,
        dividendsGrossNok: ZERO,
        dividendFeesNok: ZERO,
        dividendsNok: ZERO,
      };
      years.set(year, total);
    }
    return total;
  };
  for (const sale of sales) {
    const t = totalFor(yearOf(sale.date));
    t.saleCount += 1;
    t.proceedsNok = t.proceedsNok.plus(sale.proceedsNok);
    t.costNok = t.costNok.plus(sale.costNok);
    t.gainNok = t.gainNok.plus(sale.gainNok);
    if (sale.gainNok.isPositive() && !sale.gainNok.isZero()) t.gainsNok = t.gainsNok.plus(sale.gainNok);
    if (sale.gainNok.isNegative() && !sale.gainNok.isZero()) t.lossesNok = t.lossesNok.plus(sale.gainNok);
  }
  for (const [year, amount] of dividendsByYear) {
    const t = totalFor(year);
    t.dividendsGrossNok = amount.gross;
    t.dividendFeesNok = amount.fee;
    t.dividendsNok = amount.net;
  }

  const keep = (year: number): boolean => input.year === undefined || year === input.year;
  return {
    sales: sales.filter((s) => keep(yearOf(s.date))),
    years: [...years.values()].filter((t) => keep(t.year)).sort((a, b) => a.year - b.year),
    openLots: [...lotsByTicker.values()].flat(),
  };
}

/** Map a tax report to snake_case JSON numbers (open lots are not part of the API answer). */
export function toTaxReportDto(report: TaxReport): TaxReportParts {
  return {
    sales: report.sales.map((s) => ({
      transaction_id: s.transactionId,
      date: s.date,
      ticker_id: s.tickerId,
      quantity: toApiQuantity(s.quantity),
      proceeds_nok: toApiNumber(s.proceedsNok),
      cost_nok: toApiNumber(s.costNok),
      gain_nok: toApiNumber(s.gainNok),
    })),
    years: report.years.map((y) => ({
      year: y.year,
      sale_count: y.saleCount,
      proceeds_nok: toApiNumber(y.proceedsNok),
      cost_nok: toApiNumber(y.costNok),
      gain_nok: toApiNumber(y.gainNok),
      gains_nok: toApiNumber(y.gainsNok),
      losses_nok: toApiNumber(y.lossesNok),
      dividends_gross_nok: toApiNumber(y.dividendsGrossNok),
      dividend_fees_nok: toApiNumber(y.dividendFeesNok),
      dividends_nok: toApiNumber(y.dividendsNok),
    })),
  };
}
