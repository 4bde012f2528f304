import { pageWindow } from '@/components/market/Pager';
import { countFilters, parseScreenerQuery, toScreenerQuery } from '@/components/market/screenerUrl';

describe('screener URL state', () => {
  it('reads every filter, the sort and the page', () => {
    expect(
      parseScreenerQuery({
        signal: 'hold',
        scoreMin: '-0.25',
        scoreMax: '0,75',
        rsiMin: '30',
        rsiMax: '70',
        volbalMin: '-10',
        volbalMax: '50',
        liquidity: '2',
        volatility: '3',
        sort: 'change_pct',
        order: 'asc',
        page: '4',
      }),
    ).toEqual({
      filters: {
        signal: 'hold',
        score: { min: -0.25, max: 0.75 },
        rsi: { min: 30, max: 70 },
        volbal: { min: -10, max: 50 },
        liquidityRiskMax: 2,
        volatilityRiskMax: 3,
      },
      sort: 'change_pct',
      order: 'asc',
      page: 4,
    });
  });

  it('ignores what is not valid (a hand-edited or old link still opens)', () => {
    expect(
      parseScreenerQuery({
        signal: 'strong-buy',
        scoreMin: '5',
        rsiMax: 'abc',
        volbalMin: '-300',
        liquidity: '7',
        sort: 'password',
        order: 'up',
        page: '-2',
      }),
    ).toEqual({ filters: {}, sort: 'technical_score', order: 'desc', page: 1 });
  });

  it('writes a plain URL for the default state and round-trips any other', () => {
    expect(toScreenerQuery(parseScreenerQuery({}))).toEqual({});
    const query = {
      signal: 'sell',
      rsiMin: '20',
      volbalMax: '-5',
      volatility: '4',
      sort: 'rsi',
      order: 'asc',
      page: '2',
    };
    expect(toScreenerQuery(parseScreenerQuery(query))).toEqual(query);
  });

  it('counts the filters that are set', () => {
    expect(countFilters({})).toBe(0);
    expect(countFilters({ signal: 'buy', rsi: { min: 1 }, liquidityRiskMax: 1 })).toBe(3);
  });
});

describe('pageWindow', () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [6, 20, [1, 'gap', 4, 5, 6, 7, 8, 'gap', 20]],
    [1, 20, [1, 2, 3, 'gap', 20]],
    [20, 20, [1, 'gap', 18, 19, 20]],
  ])('page %s of %s', (page, pages, expected) => {
    expect(pageWindow(page, pages)).toEqual(expected);
  });
});
