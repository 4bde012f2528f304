/**
 * The person-level Norwegian tax report of one income year (issue 21), over every portfolio of one
 * person, every amount in NOK at the trade date's rate (the trade's own rate when recorded).
 *
 * Ordinary accounts: FIFO per person and security across every ordinary portfolio, and the
 * skjermingsfradrag per share lot. Aksjesparekonto (ASK): only withdrawals above the deposits are
 * taxed, after the account's shielding. The rules and their sources are cited where applied.
 */
import type Decimal from 'decimal.js';
import { EVENT_INTEREST } from '@/lib/constants';
import { ONE, ZERO, sumDecimals, toDecimal } from '../ledger/decimal';
import { normalizeLedger } from '../ledger/transactions';
import { askYear } from './personTaxAsk';
import { OrdinaryBook, factorOnDate, type YearSecurity } from './personTaxBook';
import { minDecimal, money, wealthShareFraction, yearOf, type PersonTaxInput } from './personTaxInput';
import type {
  PersonTaxAsk,
  PersonTaxDividend,
  PersonTaxReport,
  PersonTaxSale,
  PersonTaxSecurity,
} from '@/lib/types/personTax';

export type { PersonTaxAsk, PersonTaxDividend, PersonTaxReport, PersonTaxSale, PersonTaxSecurity };
export type {
  AccountKind,
  InstrumentKind,
  PersonTaxInput,
  PersonTaxPortfolio,
  PersonTaxTicker,
} from './personTaxInput';
export { shareFraction, taxInstrument } from './personTaxInput';

/** How long unused foreign credit may be carried forward (skatteloven § 16-22 first paragraph). */
const CREDIT_CARRY_YEARS = 5;

/**
 * The credit for tax withheld abroad, per year, pooled over the income category "other foreign
 * income" and not per security: the credit is the tax withheld (up to each treaty's rate) and at
 * most the Norwegian tax on the foreign income of the category that year; what cannot be credited
 * is carried forward up to five years in the same category, the year's own credit first and the
 * oldest carried credit next (Skatte-ABC U-20-4.11 and 4.16:
 * https://www.skatteetaten.no/rettskilder/type/handboker/skatte-abc/2021/utland--unngaelse-av-dobbeltbeskatning/U-18.028/U-18.050/,
 * https://www.skatteetaten.no/en/rettskilder/type/handboker/skatte-abc/gjeldende/u-20-utland--unngaelse-av-dobbeltbeskatning/U-20.028/U-20.067/).
 * The oppjusteringsfaktor is part of the Norwegian tax on the dividend here, as the tax is.
 */
function foreignCredit(book: OrdinaryBook, input: PersonTaxInput, year: number) {
  const queue: { year: number; amount: Decimal }[] = [];
  let result = { own: ZERO, carriedIn: ZERO, perSecurity: new Map<number, Decimal>() };
  const years = [...book.years.keys()].filter((y) => y <= year).sort((a, b) => a - b);
  if (!years.includes(year)) years.push(year);
  for (const y of years) {
    const rates = input.ratesFor(y);
    const securities = book.years.get(y) ?? new Map<number, YearSecurity>();
    let capped = ZERO;
    let maxCredit: Decimal | null = rates.taxRate === null ? null : ZERO;
    const cappedBy = new Map<number, Decimal>();
    for (const [tickerId, s] of securities) {
      const ticker = book.ticker(tickerId);
      if (ticker.treatyRate === null || s.withholding.isZero()) continue;
      const c = minDecimal(s.withholding, s.dividends.mul(ticker.treatyRate));
      cappedBy.set(tickerId, c);
      capped = capped.plus(c);
      if (maxCredit !== null) {
        const taxable = s.shareDividends.isZero()
          ? ZERO
          : s.shareDividendsWeighted.mul(s.shareDividends.minus(s.usedOnDividends)).div(s.shareDividends);
        const tax = taxable.mul(rates.taxRate!).plus(s.interestPart.mul(rates.taxRate!));
        maxCredit = maxCredit.plus(tax.gt(0) ? tax : ZERO);
      }
    }
    // A year without published rates neither credits nor carries (its tax is not computed here).
    if (maxCredit === null || rates.oppjusteringsfaktor === null) {
      if (y === year) result = { own: ZERO, carriedIn: ZERO, perSecurity: new Map() };
      continue;
    }
    while (queue.length > 0 && queue[0].year < y - CREDIT_CARRY_YEARS) queue.shift();
    const own = minDecimal(capped, maxCredit);
    let room = maxCredit.minus(own);
    let carriedIn = ZERO;
    for (const item of queue) {
      if (room.lte(0)) break;
      const use = minDecimal(room, item.amount);
      item.amount = item.amount.minus(use);
      room = room.minus(use);
      carriedIn = carriedIn.plus(use);
    }
    while (queue.length > 0 && queue[0].amount.lte(0)) queue.shift();
    if (capped.gt(own)) queue.push({ year: y, amount: capped.minus(own) });
    if (y === year) {
      const perSecurity = new Map<number, Decimal>();
      for (const [id, c] of cappedBy) perSecurity.set(id, capped.isZero() ? ZERO : c.mul(own).div(capped));
      result = { own, carriedIn, perSecurity };
    }
  }
  const forward = sumDecimals(queue.filter((q) => q.year > year - CREDIT_CARRY_YEARS).map((q) => q.amount));
  return { ...result, forward };
}

/** Compute the person's report for `input.year`. */
export function computePersonTaxReport(input: PersonTaxInput): PersonTaxReport {
  const { year, fxRateOn } = input;
  const rates = input.ratesFor(year);
  const yearEnd = `${year}-12-31`;

  // ---- Ordinary accounts: one FIFO book over every ordinary portfolio.
  const book = new OrdinaryBook(
    input,
    input.portfolios.filter((p) => p.accountType === 'ordinary'),
    { shielding: true },
  );
  book.advanceTo(yearEnd);
  book.closeThrough(year);

  const factor = rates.oppjusteringsfaktor;
  const taxRate = rates.taxRate;
  const sales: PersonTaxSale[] = [];
  let adjusted: Decimal | null = factor === null ? null : ZERO;
  let fundInterest = ZERO;
  for (const sale of book.sales) {
    if (yearOf(sale.tx.date) !== year) continue;
    fundInterest = fundInterest.plus(sale.interestPart);
    const f = factorOnDate(input, sale.tx.date);
    if (adjusted !== null)
      adjusted =
        f === null
          ? null
          : adjusted.plus(sale.gain.minus(sale.interestPart).minus(sale.shieldingUsed).mul(f));
    sales.push({
      transaction_id: sale.tx.id,
      date: sale.tx.date,
      portfolio_id: sale.portfolioId,
      ticker_id: sale.tx.tickerId,
      symbol: sale.ticker.symbol,
      isin: sale.ticker.isin,
      quantity: Number(sale.tx.quantity.toFixed()),
      proceeds: money(sale.proceeds),
      cost: money(sale.cost),
      gain: money(sale.gain),
      interest_part: money(sale.interestPart),
      shielding_used: money(sale.shieldingUsed),
      lots_from_portfolios: [...new Set([sale.portfolioId, ...sale.lots.map((l) => l.portfolioId)])],
    });
  }
  const dividendRows: PersonTaxDividend[] = book.dividends
    .filter((d) => yearOf(d.tx.date) === year)
    .map((d) => ({
      date: d.tx.date,
      portfolio_id: d.portfolioId,
      ticker_id: d.tx.tickerId,
      symbol: d.ticker.symbol,
      isin: d.ticker.isin,
      quantity: Number(d.tx.quantity.toFixed()),
      gross: money(d.gross),
      withholding: money(d.withholding),
      fee: money(d.fee),
      net: money(d.gross.minus(d.withholding).minus(d.fee)),
    }));

  const credit = foreignCredit(book, input, year);
  const yearSecurities = book.years.get(year) ?? new Map<number, YearSecurity>();
  const tickerIds = new Set<number>([
    ...yearSecurities.keys(),
    ...[...book.lots].filter(([, l]) => l.some((lot) => lot.quantity.gt(0))).map(([id]) => id),
  ]);
  const securityRows: PersonTaxSecurity[] = [];
  for (const tickerId of [...tickerIds].sort((a, b) => a - b)) {
    const ticker = book.ticker(tickerId);
    const s = yearSecurities.get(tickerId);
    const list = book.lots.get(tickerId) ?? [];
    const quantity = sumDecimals(list.map((l) => l.quantity));
    const close = quantity.gt(0) ? ticker.closeOn(yearEnd) : null;
    const value = quantity.isZero()
      ? ZERO
      : close === null
        ? null
        : quantity.mul(close).mul(ticker.currency === 'NOK' ? ONE : fxRateOn(yearEnd));
    const dividends = s?.dividends ?? ZERO;
    const used = s?.usedOnDividends ?? ZERO;
    fundInterest = fundInterest.plus(s?.interestPart ?? ZERO);
    if (adjusted !== null && s && !s.shareDividends.isZero()) {
      // Each dividend at the factor of its date; the shielding used spread over them by amount.
      const weighted = s.shareDividendsWeighted;
      adjusted = adjusted.plus(weighted.minus(used.mul(weighted).div(s.shareDividends)));
    }
    // Listed shares (and a fund's share part) are valued at a share of their market value for
    // wealth tax, the rest of a fund in full (Skatte-ABC F-20-7.1:
    // https://www.skatteetaten.no/nn/rettskilder/type/handboker/skatte-abc/gjeldende/f-20-formue/F-20.053/F-20.054/).
    const shareWealth = wealthShareFraction(ticker);
    const wealth =
      value === null || rates.wealthValuation === null
        ? null
        : value
            .mul(shareWealth)
            .mul(rates.wealthValuation)
            .plus(value.mul(1 - shareWealth));
    securityRows.push({
      ticker_id: tickerId,
      symbol: ticker.symbol,
      isin: ticker.isin,
      dividends: money(dividends),
      withholding: money(s?.withholding ?? ZERO),
      withholding_credit: money(credit.perSecurity.get(tickerId) ?? ZERO),
      dividend_fees: money(s?.fees ?? ZERO),
      dividends_net: money(dividends.minus(s?.withholding ?? ZERO).minus(s?.fees ?? ZERO)),
      dividends_interest_part: money(s?.interestPart ?? ZERO),
      shielding_used_dividends: money(used),
      quantity_end: Number(quantity.toFixed()),
      value_end: value === null ? null : money(value),
      wealth_value_end: wealth === null ? null : money(wealth),
      shielding_year: money(s?.shieldingYear ?? ZERO),
      shielding_carried: money(sumDecimals(list.map((l) => l.shielding))),
    });
  }

  // Interest credited to cash (event 10) in any portfolio, an ASK's cash included: ordinary income
  // taxed at 22 % without factor or shielding (https://www.skatteetaten.no/person/skatt/hjelp-til-riktig-skatt/aksjer-og-verdipapirer/om/aksjesparekonto-ask/
  // : interest on an ASK's cash is taxed as it is earned).
  let interest = ZERO;
  for (const portfolio of input.portfolios)
    for (const tx of normalizeLedger(portfolio.ledger))
      if (tx.tickerId === null && tx.eventId === EVENT_INTEREST && yearOf(tx.date) === year)
        interest = interest.plus(tx.amount.mul(portfolio.baseCurrency === 'NOK' ? ONE : fxRateOn(tx.date)));

  const gains = sumDecimals(sales.filter((x) => x.gain > 0).map((x) => toDecimal(x.gain)));
  const losses = sumDecimals(sales.filter((x) => x.gain < 0).map((x) => toDecimal(x.gain)));
  const dividends = sumDecimals(securityRows.map((x) => toDecimal(x.dividends)));
  const shieldingUsed = sumDecimals([
    ...sales.map((x) => toDecimal(x.shielding_used)),
    ...securityRows.map((x) => toDecimal(x.shielding_used_dividends)),
  ]);
  const fundInterestMoney = toDecimal(money(fundInterest));
  const taxableTotal = gains.plus(losses).plus(dividends).minus(fundInterestMoney).minus(shieldingUsed);
  // Share income is multiplied by the oppjusteringsfaktor (by the realisation's date in 2022) and
  // taxed at the rate on ordinary income (https://www.skatteetaten.no/nn/tabellar-og-satsar/faktor-for-oppjustering-av-eigarinntekter).
  const interestTax = taxRate === null ? null : interest.plus(fundInterest).mul(taxRate);
  // With one factor for the whole year, the factor applies to the year's taxable share income as the
  // return shows it (rounded to the øre); with a factor that changes by date, line by line.
  if (adjusted !== null && factor !== null && rates.oppjusteringsfaktorFrom.length === 0)
    adjusted = taxableTotal.mul(factor);
  const creditTotal = credit.own.plus(credit.carriedIn);
  const estimated =
    adjusted === null || taxRate === null || interestTax === null
      ? null
      : adjusted.mul(taxRate).plus(interestTax).minus(creditTotal);

  return {
    year,
    rates: {
      skjermingsrente:
        rates.skjermingsrente === null ? null : Number((rates.skjermingsrente * 100).toFixed(4)),
      oppjusteringsfaktor: factor,
      oppjusteringsfaktor_from: rates.oppjusteringsfaktorFrom.map((c) => ({ ...c })),
      tax_rate: taxRate === null ? null : Number((taxRate * 100).toFixed(4)),
      wealth_valuation: rates.wealthValuation,
      sources: { ...rates.sources },
      missing_skjermingsrente_years: [...book.missingYears].sort((a, b) => a - b),
    },
    ordinary: {
      sales,
      dividends: dividendRows,
      securities: securityRows,
      warnings: [
        ...book.warnings.map((w) => ({ ...w })),
        // A fund of the year without a known share part is taxed as shares (shareFraction): said.
        ...securityRows
          .filter((row) => {
            const ticker = book.ticker(row.ticker_id);
            return ticker.kind === 'fund' && (ticker.sharePart ?? null) === null;
          })
          .map((row) => ({ code: 'FUND_SHARE_PART_UNKNOWN' as const, ticker_id: row.ticker_id })),
      ],
      totals: {
        gains: money(gains),
        losses: money(losses),
        dividends: money(dividends),
        shielding_used: money(shieldingUsed),
        withholding_credit: money(creditTotal),
        withholding_credit_carried_in: money(credit.carriedIn),
        withholding_credit_carried_forward: money(credit.forward),
        taxable: money(taxableTotal),
        taxable_adjusted: adjusted === null ? null : money(adjusted),
        interest: money(interest),
        fund_interest: money(fundInterest),
        interest_tax: interestTax === null ? null : money(interestTax),
        estimated_tax: estimated === null ? null : money(estimated),
      },
    },
    ask: input.portfolios
      .filter((p) => p.accountType === 'ask')
      .map((p) => askYear(p, input, rates, book.missingYears)),
  };
}
