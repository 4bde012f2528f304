import { computeAllocation, toDecimal, type AllocationHolding } from '@/server/domain/portfolio';

/**
 * Hand-worked allocation (issue 41). Values in NOK: EQNR 40,000 (Energy, NO, NOK), DNB 15,000
 * (Financials, NO, NOK), AAPL 25,000 and MSFT 10,000 (Information Technology, US, USD), cash
 * 10,000: total 100,000.
 *   by holding  EQNR 0.40, AAPL 0.25, DNB 0.15, MSFT 0.10, cash 0.10 (a tie ordered by key)
 *   by sector   Energy 0.40, Information Technology 0.35, Financials 0.15, cash 0.10
 *   by country  NO 0.55, US 0.35, cash 0.10
 *   by currency NOK 0.55, USD 0.35, cash 0.10
 *   by kind     share 0.90, cash 0.10
 * Rules at 20 % / 40 % / 80 %: holding 0.40 > 0.20 breached; sector 0.40 is not above 0.40; currency
 * 0.55 (cash left out) is not above 0.80.
 */
const h = (symbol: string, sector: string | null, country: string, currency: string, value: number) =>
  ({
    symbol,
    sector,
    country,
    currency,
    kind: 'share',
    valueNok: toDecimal(value),
  }) satisfies AllocationHolding;

const holdings = [
  h('EQNR', 'Energy', 'NO', 'NOK', 40_000),
  h('DNB', 'Financials', 'NO', 'NOK', 15_000),
  h('AAPL', 'Information Technology', 'US', 'USD', 25_000),
  h('MSFT', 'Information Technology', 'US', 'USD', 10_000),
];
const limits = { holding: 0.2, sector: 0.4, currency: 0.8 };
const rows = (r: { key: string; valueNok: { toFixed(): string }; weight: { toFixed(): string } }[]) =>
  r.map((x) => [x.key, x.valueNok.toFixed(), x.weight.toFixed()]);

describe('allocation: breakdowns with a cash row and the concentration rules', () => {
  const a = computeAllocation(holdings, toDecimal(10_000), limits);

  it('breaks the value down by holding, sector, country, currency and kind; weights sum to 1', () => {
    expect(rows(a.byHolding)).toEqual([
      ['EQNR', '40000', '0.4'],
      ['AAPL', '25000', '0.25'],
      ['DNB', '15000', '0.15'],
      ['MSFT', '10000', '0.1'],
      ['cash', '10000', '0.1'],
    ]);
    expect(rows(a.bySector)).toEqual([
      ['Energy', '40000', '0.4'],
      ['Information Technology', '35000', '0.35'],
      ['Financials', '15000', '0.15'],
      ['cash', '10000', '0.1'],
    ]);
    expect(rows(a.byCountry)).toEqual([
      ['NO', '55000', '0.55'],
      ['US', '35000', '0.35'],
      ['cash', '10000', '0.1'],
    ]);
    expect(rows(a.byCurrency)).toEqual([
      ['NOK', '55000', '0.55'],
      ['USD', '35000', '0.35'],
      ['cash', '10000', '0.1'],
    ]);
    expect(rows(a.byKind)).toEqual([
      ['share', '90000', '0.9'],
      ['cash', '10000', '0.1'],
    ]);
  });

  it('names the breached rules: the largest weight of each breakdown, cash left out', () => {
    expect(a.rules.map((r) => [r.id, r.threshold, r.value.toFixed(), r.breached])).toEqual([
      ['holding', 0.2, '0.4', true],
      ['sector', 0.4, '0.4', false],
      ['currency', 0.8, '0.55', false],
    ]);
  });

  it('leaves a negative cash balance out and puts an unknown sector under "unknown"', () => {
    const b = computeAllocation(
      [h('EQNR', 'Energy', 'NO', 'NOK', 30_000), h('XYZ', null, 'NO', 'NOK', 10_000)],
      toDecimal(-5_000),
      limits,
    );
    // Total 40,000: EQNR 0.75, unknown 0.25; one currency at 100 % breaches 80 %.
    expect(rows(b.bySector)).toEqual([
      ['Energy', '30000', '0.75'],
      ['unknown', '10000', '0.25'],
    ]);
    expect(b.rules.map((r) => [r.id, r.value.toFixed(), r.breached])).toEqual([
      ['holding', '0.75', true],
      ['sector', '0.75', true],
      ['currency', '1', true],
    ]);
  });

  it('an empty portfolio: no rows, nothing breached', () => {
    const c = computeAllocation([], toDecimal(0), limits);
    expect(c.byHolding).toEqual([]);
    expect(c.rules.map((r) => [r.id, r.value.toFixed(), r.breached])).toEqual([
      ['holding', '0', false],
      ['sector', '0', false],
      ['currency', '0', false],
    ]);
  });
});
