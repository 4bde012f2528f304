/**
 * The person's share lots over every ordinary portfolio (issue 38): one FIFO replay of every event
 * kind the ledger holds (buy, sell, dividend, split, capital return, exchange out/in), in NOK at
 * each trade's own rate, with the skjermingsfradrag per lot. The year report (personTax.ts), the
 * sale simulation and the loss-harvest list (personTaxSimulate.ts) all read this one book.
 */
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
import { ZERO, sumDecimals, toDecimal } from '../ledger/decimal';
import { InsufficientHoldingError } from '../ledger/errors';
import { shownQuantity } from '../ledger/events';
import { normalizeLedger } from '../ledger/transactions';
import type { Transaction } from '../ledger/types';
import {
  minDecimal,
  nokRate,
  shareFraction,
  yearOf,
  type PersonTaxInput,
  type PersonTaxPortfolio,
  type PersonTaxTicker,
} from './personTaxInput';
import {
  emptyYearSecurity,
  spreadCost,
  takeFraction,
  type BookDividend,
  type BookLot,
  type BookSale,
  type BookWarning,
  type YearSecurity,
} from './personTaxLots';
import { SplitRegister } from './personTaxSplits';
import { factorOn } from './taxRates';

export type { BookDividend, BookLot, BookSale, BookWarning, YearSecurity } from './personTaxLots';

/** The smallest quantity a holding is shown with (10 decimals): see takeLots. */
const SHOWN_UNIT = toDecimal('1e-10');

export interface BookOptions {
  /** Earn skjermingsfradrag at each year end (false for an ASK's own lots: not taxed per share). */
  shielding: boolean;
}

export class OrdinaryBook {
  readonly lots = new Map<number, BookLot[]>();
  readonly sales: BookSale[] = [];
  readonly dividends: BookDividend[] = [];
  readonly warnings: BookWarning[] = [];
  /** Per income year, per security. */
  readonly years = new Map<number, Map<number, YearSecurity>>();
  /** Years whose shielding was needed and has no published skjermingsrente. */
  readonly missingYears = new Set<number>();
  private readonly events: { tx: Transaction; portfolio: PersonTaxPortfolio }[] = [];
  private next = 0;
  private closedThrough: number;
  private readonly splits = new SplitRegister(this.warnings);
  /** Exchanges' out-legs waiting for their in-leg (same portfolio and date, in order). */
  private readonly exchanged: { portfolioId: number; date: string; quantity: Decimal; lots: BookLot[] }[] =
    [];

  constructor(
    private readonly input: PersonTaxInput,
    portfolios: readonly PersonTaxPortfolio[],
    private readonly options: BookOptions,
  ) {
    for (const portfolio of portfolios)
      for (const tx of normalizeLedger(portfolio.ledger))
        if (tx.tickerId !== null) this.events.push({ tx, portfolio });
    this.events.sort((a, b) =>
      a.tx.date !== b.tx.date ? (a.tx.date < b.tx.date ? -1 : 1) : a.tx.id - b.tx.id,
    );
    this.closedThrough = this.events.length > 0 ? yearOf(this.events[0].tx.date) - 1 : 0;
  }

  ticker(id: number): PersonTaxTicker {
    const t = this.input.tickers.get(id);
    if (!t) throw new RangeError(`No ticker information for ticker ${id}`);
    return t;
  }

  lotsOf(tickerId: number): BookLot[] {
    let list = this.lots.get(tickerId);
    if (!list) this.lots.set(tickerId, (list = []));
    return list;
  }

  held(tickerId: number): Decimal {
    return sumDecimals((this.lots.get(tickerId) ?? []).map((l) => l.quantity));
  }

  yearSecurity(year: number, tickerId: number): YearSecurity {
    let y = this.years.get(year);
    if (!y) this.years.set(year, (y = new Map()));
    let s = y.get(tickerId);
    if (!s) y.set(tickerId, (s = emptyYearSecurity()));
    return s;
  }

  /** Apply every event dated on or before `date` (closing each year end passed on the way). */
  advanceTo(date: string): void {
    while (this.next < this.events.length && this.events[this.next].tx.date <= date) {
      const { tx, portfolio } = this.events[this.next++];
      this.closeThrough(yearOf(tx.date) - 1);
      this.apply(tx, portfolio);
    }
  }

  /** Close every year end up to and including 31.12 of `year`. */
  closeThrough(year: number): void {
    if (this.events.length === 0) return;
    for (let y = this.closedThrough + 1; y <= year; y++) this.closeYear(y);
    this.closedThrough = Math.max(this.closedThrough, year);
  }

  /**
   * Year end of `y`: every share owned on 31.12 earns skjermingsfradrag = its skjermingsgrunnlag
   * (cost incl. fees + unused shielding carried) × that year's skjermingsrente; shares sold during
   * the year earn none. It is used first against that share's dividends of the year; the rest is
   * carried with the share (Skatteetaten, "Skatteregler for gevinst/tap ved realisasjoner og
   * aksjeutbytte": https://www.skatteetaten.no/nn/person/skatt/hjelp-til-rett-skatt/aksjar-og-verdipapir/om/skatteregler-for-gevinsttap-ved-realisasjoner-og-aksjeutbytte/).
   * A fund's shielding base is the share part of its cost only (skatteloven § 10-20 fifth paragraph).
   */
  private closeYear(y: number): void {
    if (!this.options.shielding) return;
    const published = this.input.ratesFor(y).skjermingsrente;
    // The rate as a decimal once a year, not a number converted for every lot.
    const rate = published === null ? null : toDecimal(published);
    for (const [tickerId, list] of this.lots) {
      const held = list.filter((l) => l.quantity.gt(0));
      if (held.length === 0) continue;
      if (rate === null) this.missingYears.add(y);
      const fraction = shareFraction(this.ticker(tickerId));
      for (const lot of held) {
        const base = fraction === 1 ? lot.cost : lot.cost.mul(fraction);
        const earned = rate === null || fraction === 0 ? ZERO : base.plus(lot.shielding).mul(rate);
        lot.shielding = lot.shielding.plus(earned);
        const used = minDecimal(lot.dividends, lot.shielding);
        lot.shielding = lot.shielding.minus(used);
        const s = this.yearSecurity(y, tickerId);
        s.shieldingYear = s.shieldingYear.plus(earned);
        s.usedOnDividends = s.usedOnDividends.plus(used);
      }
    }
    for (const list of this.lots.values()) for (const lot of list) lot.dividends = ZERO;
  }

  /**
   * Take `quantity` of a security FIFO across every portfolio of the book (the oldest shares
   * first: https://www.skatteetaten.no/rettskilder/type/handboker/skatte-abc/2022-2023/a-5-aksjer--realisasjon/A-5.045/A-5.046/,
   * skatteloven § 10-36). Selling more than the person holds is refused (InsufficientHoldingError,
   * the API's 409); the holding as shown (rounded to 10 decimals) sells all of it.
   */
  takeLots(tickerId: number, tx: { id: number; date: string; quantity: Decimal }): BookLot[] {
    const list = this.lotsOf(tickerId);
    // The oldest lots usually cover a sale: once they exceed it by a shown unit (1e-10) the sale
    // takes part of the holding and the whole holding need not be summed (bench/person-tax.bench.ts:
    // summing every open lot at every sale was a quarter of the replay).
    let covered = ZERO;
    for (const lot of list) {
      covered = covered.plus(lot.quantity);
      if (covered.minus(tx.quantity).gte(SHOWN_UNIT)) return this.takeFifo(list, tx.quantity);
    }
    const held = covered;
    // The ledger's rule (applyEvent's SELL): selling the holding as it is shown (rounded half-up to
    // 10 decimals) sells all of it, whether the rounding went up or down (0.000333…3 after 1-for-3
    // is sold as 0.0003333333 and leaves nothing behind). The same when the sale and the lots agree
    // as shown but not in the 40th digit: after a ratio that does not terminate the ledger's holding
    // and the lots' sum can round apart there (a sale of the ledger's 39.97066…67 against lots of
    // 39.97066…66, or of 375.01…003 against 375.01, is the whole holding, not an oversell).
    const all = tx.quantity.eq(held) || (held.gt(0) && shownQuantity(tx.quantity).eq(shownQuantity(held)));
    if (!all && tx.quantity.gt(held))
      throw new InsufficientHoldingError({
        tickerId,
        date: tx.date,
        transactionId: tx.id,
        held,
        requested: tx.quantity,
      });
    if (all) {
      const taken = list.splice(0, list.length).filter((l) => l.quantity.gt(0));
      return taken;
    }
    return this.takeFifo(list, tx.quantity);
  }

  /** Take `quantity` (no more than the lots hold) from the oldest lots first. */
  private takeFifo(list: BookLot[], quantity: Decimal): BookLot[] {
    const taken: BookLot[] = [];
    let remaining = quantity;
    while (remaining.gt(0) && list.length > 0) {
      const lot = list[0];
      const part = takeFraction(lot, minDecimal(lot.quantity, remaining));
      taken.push(part);
      remaining = remaining.minus(part.quantity);
      if (lot.quantity.lte(0)) list.shift();
    }
    return taken;
  }

  /** What a sale of `quantity` would take, without taking it (copies of the lots). */
  peekLots(tickerId: number, tx: { id: number; date: string; quantity: Decimal }): BookLot[] {
    const list = this.lotsOf(tickerId);
    const copy = list.map((l) => ({ ...l, splits: new Set(l.splits) }));
    this.lots.set(tickerId, copy);
    try {
      return this.takeLots(tickerId, tx);
    } finally {
      this.lots.set(tickerId, list);
    }
  }

  /**
   * Realise `taken` at `proceeds` (NOK): the carried shielding of the sold shares goes first to
   * their dividends of this year (RF-1059 example 2: shielding carried from earlier years on a
   * share sold during the year is set against its dividend that year), then to the share part of a
   * gain, never below zero: it cannot create or increase a loss, and what is left lapses
   * (Skatte-ABC A-5-5.1: https://www.skatteetaten.no/rettskilder/type/handboker/skatte-abc/2022-2023/a-5-aksjer--realisasjon/A-5.045/A-5.046/).
   */
  realise(
    ticker: PersonTaxTicker,
    taken: BookLot[],
    proceeds: Decimal,
  ): Omit<BookSale, 'tx' | 'portfolioId' | 'ticker' | 'lots'> {
    const cost = sumDecimals(taken.map((l) => l.cost));
    let usedDividends = ZERO;
    let shielding = ZERO;
    for (const lot of taken) {
      const used = minDecimal(lot.dividends, lot.shielding);
      usedDividends = usedDividends.plus(used);
      shielding = shielding.plus(lot.shielding.minus(used));
    }
    const gain = proceeds.minus(cost);
    const fraction = shareFraction(ticker);
    const shareGain = fraction === 1 ? gain : gain.mul(fraction);
    const interestPart = gain.minus(shareGain);
    const used = shareGain.gt(0) ? minDecimal(shielding, shareGain) : ZERO;
    return {
      proceeds,
      cost,
      gain,
      interestPart,
      shieldingUsed: used,
      shieldingUsedDividends: usedDividends,
      shieldingLapsed: shielding.minus(used),
    };
  }

  /** A lot at the cost the row states: quantity × price + fee, in NOK at `rate`. */
  private addBoughtLot(list: BookLot[], portfolio: PersonTaxPortfolio, tx: Transaction, rate: Decimal): void {
    const cost = tx.quantity.mul(tx.price).plus(tx.fee).mul(rate);
    list.push(this.newLot(portfolio.id, tx.date, tx.quantity, cost));
  }

  private apply(tx: Transaction, portfolio: PersonTaxPortfolio): void {
    const ticker = this.ticker(tx.tickerId);
    const rate = nokRate(tx, ticker, portfolio.baseCurrency, this.input.fxRateOn);
    const list = this.lotsOf(tx.tickerId);
    const year = yearOf(tx.date);
    switch (tx.eventId) {
      case EVENT_BUY: {
        this.addBoughtLot(list, portfolio, tx, rate);
        return;
      }
      case EVENT_SELL: {
        const taken = this.takeLots(tx.tickerId, tx);
        const proceeds = tx.quantity.mul(tx.price).minus(tx.fee).mul(rate);
        const sale = this.realise(ticker, taken, proceeds);
        const s = this.yearSecurity(year, tx.tickerId);
        s.usedOnDividends = s.usedOnDividends.plus(sale.shieldingUsedDividends);
        this.sales.push({ tx, portfolioId: portfolio.id, ticker, lots: taken, ...sale });
        return;
      }
      case EVENT_DIVIDEND: {
        // The dividend in NOK includes the tax withheld abroad (the gross amount is taxed):
        // http://www.skatteetaten.no/no/Person/Selvangivelse/tema-og-fradrag/Lan-formue-og-aksjer/finansveileder---rotsider/a_utbytte_utl/
        // A fund's distribution is split by its share part (skatteloven § 10-20 third paragraph).
        const gross = tx.quantity.mul(tx.price).mul(rate);
        const fraction = shareFraction(ticker);
        const share = fraction === 1 ? gross : gross.mul(fraction);
        const held = sumDecimals(list.map((l) => l.quantity));
        // One division per dividend, not one per lot (bench/person-tax.bench.ts: divisions at 40
        // digits were most of a dividend's time).
        const perShare = held.gt(0) ? share.div(held) : ZERO;
        if (held.gt(0))
          for (const lot of list) lot.dividends = lot.dividends.plus(perShare.mul(lot.quantity));
        const withholding = tx.withholdingTax.mul(rate);
        const fee = tx.fee.mul(rate);
        const s = this.yearSecurity(year, tx.tickerId);
        const factor = factorOnDate(this.input, tx.date);
        s.dividends = s.dividends.plus(gross);
        s.shareDividends = s.shareDividends.plus(share);
        s.shareDividendsWeighted = s.shareDividendsWeighted.plus(share.mul(factor ?? 0));
        s.interestPart = s.interestPart.plus(gross.minus(share));
        s.withholding = s.withholding.plus(withholding);
        s.fees = s.fees.plus(fee);
        this.dividends.push({
          tx,
          portfolioId: portfolio.id,
          ticker,
          gross,
          withholding,
          fee,
          interestPart: gross.minus(share),
        });
        return;
      }
      case EVENT_SPLIT:
        this.splits.apply(tx, portfolio.id, list, rate);
        return;
      case EVENT_CAPITAL_RETURN: {
        // Capital paid back reduces the cost (inngangsverdi) of the shares it is paid on, no tax
        // then (skatteloven § 10-11 second paragraph; the cost may go below 0), spread over the
        // person's lots by quantity, e.g. https://revregn.no/journal/2020/3/revisjon-3-2020-a-2368.
        spreadCost(list, tx.quantity.mul(tx.price).mul(rate).neg());
        return;
      }
      case EVENT_EXCHANGE_OUT: {
        // A tax-free merger or exchange: the old shares leave with their cost, acquisition dates and
        // unused shielding, carried to the new shares (Skatte-ABC A-5-6.12,
        // https://www.skatteetaten.no/rettskilder/type/handboker/skatte-abc/gjeldende/a-5-aksjer--realisasjon/A-5.050/A-5.069/).
        const lots = this.takeLots(tx.tickerId, tx);
        this.exchanged.push({ portfolioId: portfolio.id, date: tx.date, quantity: tx.quantity, lots });
        return;
      }
      case EVENT_EXCHANGE_IN: {
        const fee = tx.fee.mul(rate);
        const at = this.exchanged.findIndex((x) => x.date === tx.date && x.portfolioId === portfolio.id);
        const out = at === -1 ? null : this.exchanged.splice(at, 1)[0];
        if (!out || out.lots.length === 0) {
          // No out-leg that day: a lot at the cost the row states (quantity × price + fee).
          this.addBoughtLot(list, portfolio, tx, rate);
          return;
        }
        const outQuantity = sumDecimals(out.lots.map((l) => l.quantity));
        for (const lot of out.lots) {
          const share = lot.quantity.div(outQuantity);
          list.push({
            portfolioId: lot.portfolioId,
            date: lot.date,
            quantity: tx.quantity.mul(share),
            cost: lot.cost.plus(fee.mul(share)),
            shielding: lot.shielding,
            dividends: lot.dividends,
            splits: new Set(),
          });
        }
        list.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
        return;
      }
    }
  }

  private newLot(portfolioId: number, date: string, quantity: Decimal, cost: Decimal): BookLot {
    return { portfolioId, date, quantity, cost, shielding: ZERO, dividends: ZERO, splits: new Set() };
  }
}

/** The oppjusteringsfaktor for income realised on `date`. */
export function factorOnDate(input: PersonTaxInput, date: string): number | null {
  return factorOn(input.ratesFor(yearOf(date)), date);
}
