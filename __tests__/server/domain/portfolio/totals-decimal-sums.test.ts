/** @jest-environment node */
import { computeResultTotals, toDecimal, toPortfolioResultTotalsDto } from '@/server/domain/portfolio';
import { s } from './helpers';

const row = (
  marketValueBase: string,
  costBase: string,
  totalReturnBase: string,
  totalBoughtBase: string,
) => ({
  marketValueBase: toDecimal(marketValueBase),
  costBase: toDecimal(costBase),
  totalReturnBase: toDecimal(totalReturnBase),
  totalBoughtBase: toDecimal(totalBoughtBase),
});

describe('portfolio result totals', () => {
  it('sums exactly where floats do not (0.1 + 0.2)', () => {
    // In floats 0.1 + 0.2 = 0.30000000000000004 and 0.3 - 0.1 - 0.2 ≠ 0; here the sums are exact.
    const totals = computeResultTotals([row('0.1', '0.2', '0.1', '1'), row('0.2', '0.1', '-0.1', '1')]);
    expect([s(totals.marketValueBase), s(totals.costBase), s(totals.unrealizedBase)]).toEqual([
      '0.3',
      '0.3',
      '0',
    ]);
    // A return of +0.1 and −0.1 is exactly flat, not a tiny float gain or loss.
    expect(totals.totalReturnBase.isZero()).toBe(true);
    expect(s(totals.totalReturnPct)).toBe('0');
  });

  it('works out the whole portfolio by hand', () => {
    // 20 700 + 15 400 = 36 100; cost 18 645 + 16 010 = 34 655 → unrealized 1 445;
    // return 5 870 − 610 = 5 260 over 31 075 + 16 010 = 47 085 bought → 11.17128597…% → 11.171286
    // Today 360 + (−220) = 140 (a third row without a previous close adds nothing); currency
    // effect 0 + 501.25 = 501.25.
    const totals = computeResultTotals([
      {
        ...row('20700', '18645', '5870', '31075'),
        todayBase: toDecimal(360),
        currencyEffectBase: toDecimal(0),
      },
      {
        ...row('15400', '16010', '-610', '16010'),
        todayBase: toDecimal(-220),
        currencyEffectBase: toDecimal('501.25'),
      },
      { ...row('0', '0', '0', '0'), todayBase: null, currencyEffectBase: toDecimal(0) },
    ]);
    expect(toPortfolioResultTotalsDto(totals)).toEqual({
      market_value_base: 36100,
      cost_base: 34655,
      unrealized_base: 1445,
      total_return_base: 5260,
      total_bought_base: 47085,
      total_return_pct: 11.171286,
      today_base: 140,
      currency_effect_base: 501.25,
    });
  });

  it('is all zero for no rows', () => {
    expect(toPortfolioResultTotalsDto(computeResultTotals([]))).toEqual({
      market_value_base: 0,
      cost_base: 0,
      unrealized_base: 0,
      total_return_base: 0,
      total_bought_base: 0,
      total_return_pct: 0,
      today_base: 0,
      currency_effect_base: 0,
    });
  });
});
