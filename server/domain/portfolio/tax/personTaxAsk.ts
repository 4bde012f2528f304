/** The aksjesparekonto (ASK) part of the person-level tax report (personTax.ts). */
import type Decimal from 'decimal.js';
import { EVENT_DEPOSIT, EVENT_DIVIDEND } from '@/lib/constants';
import type { PersonTaxAsk, PersonTaxDividend } from '@/lib/types/personTax';
import { cashSteps, type CashContext } from '../ledger/cash';
import { ONE, ZERO } from '../ledger/decimal';
import { applyEvent } from '../ledger/events';
import {
  dividendRow,
  minDecimal,
  money,
  nokRate,
  yearOf,
  type PersonTaxInput,
  type PersonTaxPortfolio,
  wealthShareFraction,
} from './personTaxInput';
import type { TaxYearRates } from './taxRates';
import { normalizeLedger } from '../ledger/transactions';
import type { LedgerTransaction } from '../ledger/types';

/**
 * One aksjesparekonto's year. The deposited amount (innskudd) can be withdrawn tax-free; a
 * withdrawal above it is taxed as share income after the account's skjermingsfradrag, which is
 * (the lowest innskudd of the year + unused shielding of earlier years) × the year's skjermingsrente.
 * Sales and dividends inside the account are not taxed.
 * https://www.skatteetaten.no/person/skatt/hjelp-til-riktig-skatt/aksjer-og-verdipapirer/om/aksjesparekonto-ask/?pageid=1237
 * (the lowest-balance rule: https://www.investornytt.no/nyheter/skjermingsrenten-for-2025-satt/516912)
 */
export function askYear(
  portfolio: PersonTaxPortfolio,
  input: PersonTaxInput,
  rates: TaxYearRates,
  missingYears: Set<number>,
): PersonTaxAsk {
  const { year, fxRateOn } = input;
  const ledger: LedgerTransaction[] = normalizeLedger(portfolio.ledger).filter((t) => yearOf(t.date) <= year);
  const toNok = (date: string) => (portfolio.baseCurrency === 'NOK' ? ONE : fxRateOn(date));
  let innskudd = ZERO;
  let carried = ZERO;
  let opened = false;
  let result = {
    base: ZERO,
    shieldingYear: ZERO,
    above: ZERO,
    used: ZERO,
    loss: ZERO,
    closed: false,
  };
  const context: CashContext = {
    baseCurrency: portfolio.baseCurrency,
    currencyOf: (id) => input.tickers.get(id)?.currency ?? 'NOK',
    fxRateOn,
  };
  // One walk of the ledger's cash and holdings for every year end (bench/person-tax.bench.ts: replaying
  // the ledger from its start at each year end was a tenth of a 20-year report).
  const steps = cashSteps(ledger, context);
  const held = new Map<number, Decimal>();
  let applied = 0;
  /** Apply the ledger's events up to (not including) `count` to `held`. */
  const holdAfter = (count: number): void => {
    for (; applied < count; applied++) {
      const tx = ledger[applied];
      if (tx.tickerId !== null) held.set(tx.tickerId, applyEvent(held.get(tx.tickerId) ?? ZERO, tx).quantity);
    }
  };
  const cashAfter = (count: number): Decimal => (count === 0 ? ZERO : steps[count - 1].after);
  /** True when the account holds no shares and no cash after its first `count` events: all sold and withdrawn. */
  const emptyAfter = (count: number): boolean => {
    holdAfter(count);
    for (const quantity of held.values()) if (!quantity.isZero()) return false;
    return cashAfter(count).abs().lt(0.005);
  };
  const firstYear = ledger.length > 0 ? yearOf(ledger[0].date) : year;
  let i = 0;
  for (let y = firstYear; y <= year; y++) {
    let lowest = opened ? innskudd : null;
    let above = ZERO;
    for (; i < ledger.length && yearOf(ledger[i].date) === y; i++) {
      const tx = ledger[i];
      if (tx.tickerId !== null) continue;
      const amount = tx.amount.mul(toNok(tx.date));
      if (tx.eventId === EVENT_DEPOSIT) {
        innskudd = innskudd.plus(amount);
        opened = true;
      } else {
        // A withdrawal takes the innskudd first (tax-free); the rest is taxable.
        const fromInnskudd = minDecimal(innskudd, amount);
        innskudd = innskudd.minus(fromInnskudd);
        above = above.plus(amount.minus(fromInnskudd));
      }
      lowest = lowest === null || innskudd.lt(lowest) ? innskudd : lowest;
    }
    const rate = input.ratesFor(y).skjermingsrente;
    if (rate === null && opened) missingYears.add(y);
    const base = (lowest ?? ZERO).plus(carried);
    const shieldingYear = rate === null ? ZERO : base.mul(rate);
    const available = carried.plus(shieldingYear);
    const used = minDecimal(available, above);
    carried = available.minus(used);
    // An account left with no shares and no cash at the end of a year is closed that year: what is
    // left of the deposits is a loss, deductible then (and only then; unused shielding cannot make
    // or increase it). https://www.nordnet.no/blogg/slik-far-du-fradrag-for-aksjetapene/ ("Du må
    // selge alle verdipapirene og avslutte aksjesparekontoen for å få fradrag for tapet"), skatteloven § 10-21.
    const closed = opened && emptyAfter(i);
    const loss = closed ? innskudd : ZERO;
    if (closed) {
      innskudd = ZERO;
      carried = ZERO;
      opened = false;
    }
    if (y === year) result = { base, shieldingYear, above, used, loss, closed };
  }

  // Dividends received inside the account this year: listed for the account holder, never taxed
  // (the ASK rule above).
  const dividends: PersonTaxDividend[] = [];
  for (const tx of ledger) {
    if (tx.eventId !== EVENT_DIVIDEND || tx.tickerId === null || yearOf(tx.date) !== year) continue;
    const ticker = input.tickers.get(tx.tickerId);
    if (!ticker) continue;
    const rate = nokRate(tx, ticker, portfolio.baseCurrency, fxRateOn);
    dividends.push(dividendRow(tx, portfolio.id, ticker, applyEvent(ZERO, tx), rate));
  }

  // The account's value on 31.12: its shares at the last close and its cash.
  const yearEnd = `${year}-12-31`;
  holdAfter(ledger.length);
  let value: Decimal | null = ZERO;
  let shareWealth = ZERO;
  let otherWealth = ZERO;
  for (const [tickerId, quantity] of held) {
    if (quantity.isZero()) continue;
    const ticker = input.tickers.get(tickerId);
    const close = ticker?.closeOn(yearEnd) ?? null;
    if (!ticker || close === null) {
      value = null;
      break;
    }
    const amount = quantity.mul(close).mul(ticker.currency === 'NOK' ? ONE : fxRateOn(yearEnd));
    const part = wealthShareFraction(ticker);
    shareWealth = shareWealth.plus(amount.mul(part));
    otherWealth = otherWealth.plus(amount.mul(1 - part));
    value = value.plus(amount);
  }
  let wealth: Decimal | null = value;
  if (value !== null) {
    const cash = cashAfter(ledger.length).mul(toNok(yearEnd));
    // Wealth: the shares at the year's valuation (a fund's share part only), cash in full
    // (Skatte-ABC F-20-7.1, https://www.skatteetaten.no/nn/rettskilder/type/handboker/skatte-abc/gjeldende/f-20-formue/F-20.053/F-20.054/).
    wealth =
      rates.wealthValuation === null
        ? null
        : shareWealth.mul(rates.wealthValuation).plus(otherWealth).plus(cash);
    value = value.plus(cash);
  }
  const taxable = result.above.minus(result.used).minus(result.loss);
  const factor = rates.oppjusteringsfaktor;
  return {
    portfolio_id: portfolio.id,
    deposits: money(innskudd),
    value_end: value === null ? null : money(value),
    shielding_base: money(result.base),
    shielding_year: money(result.shieldingYear),
    shielding_carried: money(carried),
    withdrawn_above_deposits: money(result.above),
    shielding_used: money(result.used),
    closed: result.closed,
    loss_on_closing: money(result.loss.neg()),
    taxable: money(taxable),
    estimated_tax:
      factor === null || rates.taxRate === null ? null : money(taxable.mul(factor).mul(rates.taxRate)),
    wealth_value_end: wealth === null ? null : money(wealth),
    dividends,
  };
}
