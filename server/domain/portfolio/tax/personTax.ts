/**
 * The person-level Norwegian tax report of one income year (issue 21), over every portfolio of one
 * person, every amount in NOK at the trade date's rate (the trade's own rate when recorded).
 *
 * Ordinary accounts: FIFO per person and security across every ordinary portfolio, and the
 * skjermingsfradrag per share lot. Aksjesparekonto (ASK): only withdrawals above the deposits are
 * taxed, after the account's shielding. The rules and their sources are cited where applied.
 */
import type Decimal from 'decimal.js';
import { EVENT_BUY, EVENT_DIVIDEND, EVENT_SELL, EVENT_SPLIT } from '@/lib/constants';
import { ONE, ZERO, sumDecimals, toDecimal } from '../ledger/decimal';
import { applyEvent } from '../ledger/events';
import { askYear } from './personTaxAsk';
import {
  dividendRow,
  minDecimal,
  money,
  nokRate,
  yearOf,
  type PersonTaxInput,
  type PersonTaxPortfolio,
  type PersonTaxTicker,
} from './personTaxInput';
import { normalizeLedger } from '../ledger/transactions';
import type { Transaction } from '../ledger/types';
import type {
  PersonTaxAsk,
  PersonTaxDividend,
  PersonTaxReport,
  PersonTaxSale,
  PersonTaxSecurity,
} from '@/lib/types/personTax';

export type { PersonTaxAsk, PersonTaxDividend, PersonTaxReport, PersonTaxSale, PersonTaxSecurity };
export type { AccountKind, PersonTaxInput, PersonTaxPortfolio, PersonTaxTicker } from './personTaxInput';

/** A lot of shares of one security, bought at one time in one portfolio; amounts in NOK. */
interface Lot {
  portfolioId: number;
  quantity: Decimal;
  cost: Decimal;
  /** Unused skjermingsfradrag carried with these shares. */
  shielding: Decimal;
  /** Dividends these shares received in the year being processed (gross, NOK). */
  dividends: Decimal;
}

/** Take `fraction` of a lot's amounts out of it; returns the part taken. */
function takeFraction(lot: Lot, quantity: Decimal): Lot {
  const fraction = quantity.div(lot.quantity);
  const part = {
    portfolioId: lot.portfolioId,
    quantity,
    cost: lot.cost.mul(fraction),
    shielding: lot.shielding.mul(fraction),
    dividends: lot.dividends.mul(fraction),
  };
  lot.quantity = lot.quantity.minus(quantity);
  lot.cost = lot.cost.minus(part.cost);
  lot.shielding = lot.shielding.minus(part.shielding);
  lot.dividends = lot.dividends.minus(part.dividends);
  return part;
}

interface SecurityYear {
  dividends: Decimal;
  withholding: Decimal;
  fees: Decimal;
  usedOnDividends: Decimal;
  shieldingYear: Decimal;
}

function emptySecurityYear(): SecurityYear {
  return { dividends: ZERO, withholding: ZERO, fees: ZERO, usedOnDividends: ZERO, shieldingYear: ZERO };
}

/** Compute the person's report for `input.year`. */
export function computePersonTaxReport(input: PersonTaxInput): PersonTaxReport {
  const { year, fxRateOn } = input;
  const rates = input.ratesFor(year);
  const missingYears = new Set<number>();
  const tickerOf = (id: number): PersonTaxTicker => {
    const t = input.tickers.get(id);
    if (!t) throw new RangeError(`No ticker information for ticker ${id}`);
    return t;
  };

  // ---- Ordinary accounts: every ticker event of every ordinary portfolio, in one (date, id) order.
  const events: { tx: Transaction; portfolio: PersonTaxPortfolio }[] = [];
  for (const portfolio of input.portfolios) {
    if (portfolio.accountType !== 'ordinary') continue;
    for (const tx of normalizeLedger(portfolio.ledger))
      if (tx.tickerId !== null && yearOf(tx.date) <= year) events.push({ tx, portfolio });
  }
  events.sort((a, b) => (a.tx.date !== b.tx.date ? (a.tx.date < b.tx.date ? -1 : 1) : a.tx.id - b.tx.id));

  const lots = new Map<number, Lot[]>();
  const lotsOf = (tickerId: number): Lot[] => {
    let list = lots.get(tickerId);
    if (!list) lots.set(tickerId, (list = []));
    return list;
  };
  const securities = new Map<number, SecurityYear>();
  const securityOf = (tickerId: number): SecurityYear => {
    let s = securities.get(tickerId);
    if (!s) securities.set(tickerId, (s = emptySecurityYear()));
    return s;
  };
  const sales: PersonTaxSale[] = [];
  const dividendRows: PersonTaxDividend[] = [];
  const appliedSplits = new Set<string>();

  /**
   * Year end of `y`: every share owned on 31.12 earns skjermingsfradrag = its skjermingsgrunnlag
   * (cost incl. fees + unused shielding carried) × that year's skjermingsrente; shares sold during
   * the year earn none. It is used first against that share's dividends of the year; the rest is
   * carried with the share.
   * https://www.skatteetaten.no/nn/person/skatt/hjelp-til-rett-skatt/aksjar-og-verdipapir/om/skatteregler-for-gevinsttap-ved-realisasjoner-og-aksjeutbytte/
   */
  const closeYear = (y: number) => {
    const rate = input.ratesFor(y).skjermingsrente;
    for (const [tickerId, list] of lots) {
      const held = list.filter((l) => l.quantity.gt(0));
      if (held.length === 0) continue;
      if (rate === null) missingYears.add(y);
      for (const lot of held) {
        const earned = rate === null ? ZERO : lot.cost.plus(lot.shielding).mul(rate);
        lot.shielding = lot.shielding.plus(earned);
        const used = minDecimal(lot.dividends, lot.shielding);
        lot.shielding = lot.shielding.minus(used);
        if (y === year) {
          const s = securityOf(tickerId);
          s.shieldingYear = s.shieldingYear.plus(earned);
          s.usedOnDividends = s.usedOnDividends.plus(used);
        }
      }
    }
    for (const list of lots.values()) for (const lot of list) lot.dividends = ZERO;
  };
  let closedThrough = events.length > 0 ? yearOf(events[0].tx.date) - 1 : year;
  const closeThrough = (y: number) => {
    for (let yy = closedThrough + 1; yy <= y; yy++) closeYear(yy);
    closedThrough = Math.max(closedThrough, y);
  };

  for (const { tx, portfolio } of events) {
    closeThrough(yearOf(tx.date) - 1);
    const ticker = tickerOf(tx.tickerId);
    const rate = nokRate(tx, ticker, portfolio.baseCurrency, fxRateOn);
    const list = lotsOf(tx.tickerId);
    // The event applier's figures (cost in, dividend gross and withholding, split fee); a sell's
    // lots are taken below (its quantity is checked against each portfolio's holding on writes).
    const effect = tx.eventId === EVENT_SELL ? null : applyEvent(ZERO, tx);
    switch (tx.eventId) {
      case EVENT_BUY:
        list.push({
          portfolioId: portfolio.id,
          quantity: tx.quantity,
          cost: effect!.costIn.mul(rate),
          shielding: ZERO,
          dividends: ZERO,
        });
        break;
      case EVENT_SELL: {
        // FIFO per person and security across every ordinary account: the oldest shares are sold first.
        // http://www.skatteetaten.no/no/Person/Selvangivelse/tema-og-fradrag/Lan-formue-og-aksjer/finansveileder---rotsider/a_fifu/
        const proceeds = tx.quantity.mul(tx.price).minus(tx.fee).mul(rate);
        let remaining = tx.quantity;
        const taken: Lot[] = [];
        while (remaining.gt(0) && list.length > 0) {
          const lot = list[0];
          const part = takeFraction(lot, minDecimal(lot.quantity, remaining));
          taken.push(part);
          remaining = remaining.minus(part.quantity);
          if (lot.quantity.lte(0)) list.shift();
        }
        const cost = sumDecimals(taken.map((l) => l.cost));
        const shielding = sumDecimals(taken.map((l) => l.shielding));
        const gain = proceeds.minus(cost);
        // Unused shielding reduces a gain on the same shares, never below zero: it cannot create or
        // increase a loss; what is left of it lapses with the shares sold.
        // https://www.skatteetaten.no/rettskilder/type/handboker/skatte-abc/2022-2023/a-5-aksjer--realisasjon/A-5.045/A-5.046/
        const used = gain.gt(0) ? minDecimal(shielding, gain) : ZERO;
        if (yearOf(tx.date) === year) {
          sales.push({
            date: tx.date,
            portfolio_id: portfolio.id,
            ticker_id: tx.tickerId,
            symbol: ticker.symbol,
            isin: ticker.isin,
            quantity: Number(tx.quantity.toFixed()),
            proceeds: money(proceeds),
            cost: money(cost),
            gain: money(gain),
            shielding_used: money(used),
            lots_from_portfolios: [...new Set([portfolio.id, ...taken.map((l) => l.portfolioId)])],
          });
        }
        break;
      }
      case EVENT_DIVIDEND: {
        // The dividend in NOK includes the tax withheld abroad (the gross amount is taxed).
        // http://www.skatteetaten.no/no/Person/Selvangivelse/tema-og-fradrag/Lan-formue-og-aksjer/finansveileder---rotsider/a_utbytte_utl/
        const gross = effect!.dividendGross.mul(rate);
        const held = sumDecimals(list.map((l) => l.quantity));
        if (held.gt(0))
          for (const lot of list) lot.dividends = lot.dividends.plus(gross.mul(lot.quantity).div(held));
        if (yearOf(tx.date) === year) {
          const s = securityOf(tx.tickerId);
          s.dividends = s.dividends.plus(gross);
          s.withholding = s.withholding.plus(effect!.dividendWithholding.mul(rate));
          s.fees = s.fees.plus(effect!.dividendFee.mul(rate));
          dividendRows.push(dividendRow(tx, portfolio.id, ticker, effect!, rate));
        }
        break;
      }
      case EVENT_SPLIT: {
        // A split carries cost and shielding with the shares; the person's holding splits once
        // (the same split recorded in two portfolios is one event).
        const key = `${tx.tickerId}|${tx.date}|${tx.split!.to.toFixed()}|${tx.split!.from.toFixed()}`;
        const held = sumDecimals(list.map((l) => l.quantity));
        if (!appliedSplits.has(key)) {
          appliedSplits.add(key);
          for (const lot of list) lot.quantity = lot.quantity.mul(tx.split!.to).div(tx.split!.from);
        }
        const fee = effect!.costIn.mul(rate);
        if (held.gt(0) && fee.gt(0))
          for (const lot of list) lot.cost = lot.cost.plus(fee.mul(lot.quantity).div(held));
        break;
      }
    }
  }
  closeThrough(year);

  const factor = rates.oppjusteringsfaktor;
  const taxRate = rates.taxRate;
  const yearEnd = `${year}-12-31`;
  const tickerIds = new Set<number>([
    ...securities.keys(),
    ...[...lots].filter(([, l]) => l.length > 0).map(([id]) => id),
  ]);
  const securityRows: PersonTaxSecurity[] = [];
  let creditTotal = ZERO;
  for (const tickerId of [...tickerIds].sort((a, b) => a - b)) {
    const ticker = tickerOf(tickerId);
    const s = securities.get(tickerId) ?? emptySecurityYear();
    const list = lots.get(tickerId) ?? [];
    const quantity = sumDecimals(list.map((l) => l.quantity));
    const close = quantity.gt(0) ? ticker.closeOn(yearEnd) : null;
    const value = quantity.isZero()
      ? ZERO
      : close === null
        ? null
        : quantity.mul(close).mul(ticker.currency === 'NOK' ? ONE : fxRateOn(yearEnd));
    // Kreditfradrag: the tax withheld abroad is credited up to the treaty rate and up to the
    // Norwegian tax on that dividend.
    // https://www.skatteetaten.no/rettskilder/type/handboker/skatte-abc/2021/utland--unngaelse-av-dobbeltbeskatning/U-18.028/U-18.050/
    const taxable = s.dividends.minus(s.usedOnDividends);
    let credit = s.withholding;
    if (ticker.treatyRate !== null) credit = minDecimal(credit, s.dividends.mul(ticker.treatyRate));
    if (factor !== null && taxRate !== null) credit = minDecimal(credit, taxable.mul(factor).mul(taxRate));
    if (credit.lt(0)) credit = ZERO;
    creditTotal = creditTotal.plus(credit);
    securityRows.push({
      ticker_id: tickerId,
      symbol: ticker.symbol,
      isin: ticker.isin,
      dividends: money(s.dividends),
      withholding: money(s.withholding),
      withholding_credit: money(credit),
      dividend_fees: money(s.fees),
      dividends_net: money(s.dividends.minus(s.withholding).minus(s.fees)),
      shielding_used_dividends: money(s.usedOnDividends),
      quantity_end: Number(quantity.toFixed()),
      value_end: value === null ? null : money(value),
      // Listed shares are valued at a share of their market value for wealth tax.
      // https://www.skatteetaten.no/nn/rettskilder/type/handboker/skatte-abc/gjeldende/f-20-formue/F-20.053/F-20.054/
      wealth_value_end:
        value === null || rates.wealthValuation === null ? null : money(value.mul(rates.wealthValuation)),
      shielding_year: money(s.shieldingYear),
      shielding_carried: money(sumDecimals(list.map((l) => l.shielding))),
    });
  }

  const gains = sumDecimals(sales.filter((x) => x.gain > 0).map((x) => toDecimal(x.gain)));
  const losses = sumDecimals(sales.filter((x) => x.gain < 0).map((x) => toDecimal(x.gain)));
  const dividends = sumDecimals(securityRows.map((x) => toDecimal(x.dividends)));
  const shieldingUsed = sumDecimals([
    ...sales.map((x) => toDecimal(x.shielding_used)),
    ...securityRows.map((x) => toDecimal(x.shielding_used_dividends)),
  ]);
  const taxableTotal = gains.plus(losses).plus(dividends).minus(shieldingUsed);
  // Gains, losses and dividends are multiplied by the oppjusteringsfaktor and taxed at the rate
  // on ordinary income. https://www.skatteetaten.no/nn/tabellar-og-satsar/faktor-for-oppjustering-av-eigarinntekter
  const adjusted = factor === null ? null : taxableTotal.mul(factor);
  const estimated = adjusted === null || taxRate === null ? null : adjusted.mul(taxRate).minus(creditTotal);

  return {
    year,
    rates: {
      skjermingsrente:
        rates.skjermingsrente === null ? null : Number((rates.skjermingsrente * 100).toFixed(4)),
      oppjusteringsfaktor: factor,
      tax_rate: taxRate === null ? null : Number((taxRate * 100).toFixed(4)),
      wealth_valuation: rates.wealthValuation,
      sources: { ...rates.sources },
      missing_skjermingsrente_years: [...missingYears].sort((a, b) => a - b),
    },
    ordinary: {
      sales,
      dividends: dividendRows,
      securities: securityRows,
      totals: {
        gains: money(gains),
        losses: money(losses),
        dividends: money(dividends),
        shielding_used: money(shieldingUsed),
        withholding_credit: money(creditTotal),
        taxable: money(taxableTotal),
        taxable_adjusted: adjusted === null ? null : money(adjusted),
        estimated_tax: estimated === null ? null : money(estimated),
      },
    },
    ask: input.portfolios
      .filter((p) => p.accountType === 'ask')
      .map((p) => askYear(p, input, rates, missingYears)),
  };
}
