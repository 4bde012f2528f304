/** @jest-environment node */
import {
  computePortfolioResults,
  createFxRateOn,
  MissingTickerError,
  toApiNumber,
  toDecimal,
  toPortfolioResultDto,
  type PortfolioResultRow,
  type TickerInfo,
} from '@/server/domain/portfolio';
import { BUY, DIVIDEND, SELL, s, tx } from './helpers';

// USD/NOK: 10 from Jan 2, 10.5 from Mar 1, 11 from Jun 28 (the latest rate on asOf 2024-07-01).
const fxRateOn = createFxRateOn([
  { date: '2024-01-02', rate: 10 },
  { date: '2024-03-01', rate: '10.5' },
  { date: '2024-06-28', rate: 11 },
]);
const USD_TICKER = 7;
const NOK_TICKER = 3;
const tickers = new Map<number, TickerInfo>([
  [USD_TICKER, { currency: 'USD', lastPrice: 140 }],
  [NOK_TICKER, { currency: 'NOK', lastPrice: 49 }],
]);
const history = [
  tx(1, USD_TICKER, '2024-01-15', BUY, 10, 100, 1), // 1001 USD at 10 → 10 010 NOK
  tx(2, USD_TICKER, '2024-03-15', BUY, 10, 120, 1), // 1201 USD at 10.5 → 12 610.5 NOK
  tx(3, USD_TICKER, '2024-04-02', SELL, 5, 130, 1), // proceeds 649 USD at 10.5 → 6 814.5 NOK
  tx(4, USD_TICKER, '2024-05-10', DIVIDEND, 15, '0.5'), // 7.5 USD at 10.5 → 78.75 NOK
  tx(5, NOK_TICKER, '2024-02-01', BUY, 100, 50), // 5000 NOK
];

function rowFor(rows: PortfolioResultRow[], tickerId: number): PortfolioResultRow {
  const row = rows.find((r) => r.tickerId === tickerId);
  if (!row) throw new Error(`no row for ${tickerId}`);
  return row;
}

describe('portfolio results: today and the currency effect (issue 24 item 8)', () => {
  // The same history with a previous close for each ticker: USD 138 (last 140), NOK 50 (last 49).
  const rows = computePortfolioResults({
    transactions: history,
    tickers: new Map<number, TickerInfo>([
      [USD_TICKER, { currency: 'USD', lastPrice: 140, previousClose: 138 }],
      [NOK_TICKER, { currency: 'NOK', lastPrice: 49, previousClose: '50' }],
    ]),
    fxRateOn,
    asOf: '2024-07-01',
  });

  it('today: the price change since the previous close on the shares held, at today’s rate', () => {
    // USD: 15 × (140 − 138) = 30 USD × 11 = 330 NOK. NOK: 100 × (49 − 50) = −100 NOK.
    expect(s(rowFor(rows, USD_TICKER).todayBase!)).toBe('330');
    expect(s(rowFor(rows, NOK_TICKER).todayBase!)).toBe('-100');
  });

  it('the currency effect: the NOK return less the USD return at today’s rate', () => {
    // USD return 554.5 × 11 = 6 099.5; NOK return 7 372.75 (above): effect 7 372.75 − 6 099.5 = 1 273.25.
    expect(s(rowFor(rows, USD_TICKER).currencyEffectBase)).toBe('1273.25');
    // A NOK share in a NOK portfolio has none: −100 − (−100 × 1) = 0.
    expect(rowFor(rows, NOK_TICKER).currencyEffectBase.isZero()).toBe(true);
  });

  it('has no today without a previous close', () => {
    const [row] = computePortfolioResults({
      transactions: history.filter((t) => t.tickerId === NOK_TICKER),
      tickers: new Map<number, TickerInfo>([[NOK_TICKER, { currency: 'NOK', lastPrice: 49 }]]),
      fxRateOn,
      asOf: '2024-07-01',
    });
    expect(row.todayBase).toBeNull();
  });
});

describe('portfolio results: a USD holding in a NOK portfolio', () => {
  const rows = computePortfolioResults({ transactions: history, tickers, fxRateOn, asOf: '2024-07-01' });
  const usd = rowFor(rows, USD_TICKER);
  const nok = rowFor(rows, NOK_TICKER);

  it('keeps the ticker-currency figures in USD', () => {
    // cost 1001 + 1201 = 2202 for 20 shares, avg 110.1. sell 5: cost out 5*110.1 = 550.5, realized 649 - 550.5 = 98.5;
    // cost 1651.5 for 15. market value 15*140 = 2100; unrealized 448.5; total return 448.5 + 98.5 + 7.5 = 554.5
    expect([
      s(usd.quantity),
      s(usd.cost),
      s(usd.avgPrice),
      s(usd.realized),
      s(usd.dividends),
      s(usd.fees),
    ]).toEqual(['15', '1651.5', '110.1', '98.5', '7.5', '3']);
    expect([s(usd.marketValue), s(usd.unrealized), s(usd.totalReturn)]).toEqual(['2100', '448.5', '554.5']);
    // unrealized_pct = 448.5 / 1651.5 * 100 = 27.1571298819…; total_return_pct = 554.5 / 2202 * 100 = 25.1816530426…
    expect(toApiNumber(usd.unrealizedPct)).toBe(27.15713);
    expect(toApiNumber(usd.totalReturnPct)).toBe(25.181653);
  });

  it('converts costs, realized and dividends at trade-date rates and market value at the latest rate', () => {
    // cost base: 10 010 + 12 610.5 = 22 620.5 for 20; sell 5 takes 22 620.5/4 = 5 655.125 → 16 965.375 left.
    // realized base 6 814.5 - 5 655.125 = 1 159.375; dividends base 78.75.
    // market value base 2100 * 11 = 23 100 (latest rate), NOT 2100 * 10.5.
    // total return base = 23 100 - 16 965.375 + 1 159.375 + 78.75 = 7 372.75
    expect([s(usd.costBase), s(usd.realizedBase), s(usd.dividendsBase)]).toEqual([
      '16965.375',
      '1159.375',
      '78.75',
    ]);
    expect(s(usd.marketValueBase)).toBe('23100');
    expect(s(usd.totalReturnBase)).toBe('7372.75');
    // Had the cost been converted at today's rate (1651.5 * 11 = 18 166.5) the currency gain would vanish.
    expect(usd.costBase.eq(usd.cost.mul(11))).toBe(false);
  });

  it('leaves NOK tickers unconverted and weights by base market value', () => {
    // NOK: 100 × 49 = 4900 (cost 5000, unrealized -100). Σ base = 23 100 + 4 900 = 28 000 → weights 0.825 / 0.175
    expect([s(nok.marketValueBase), s(nok.totalReturnBase), s(nok.unrealized)]).toEqual([
      '4900',
      '-100',
      '-100',
    ]);
    expect([s(usd.weight), s(nok.weight)]).toEqual(['0.825', '0.175']);
  });

  it('orders rows by ticker id', () => {
    expect(rows.map((r) => r.tickerId)).toEqual([NOK_TICKER, USD_TICKER]);
  });

  it('maps to the snake_case JSON row with numbers rounded to 6 decimals', () => {
    expect(toPortfolioResultDto(usd)).toEqual({
      ticker_id: 7,
      quantity: 15,
      avg_price: 110.1,
      cost: 1651.5,
      last_price: 140,
      market_value: 2100,
      unrealized: 448.5,
      unrealized_pct: 27.15713,
      realized: 98.5,
      dividends: 7.5,
      fees: 3,
      total_return: 554.5,
      total_return_pct: 25.181653,
      weight: 0.825,
      market_value_base: 23100,
      total_return_base: 7372.75,
    });
  });
});

describe('portfolio results: options and edge cases', () => {
  const soldHistory = [
    tx(1, 1, '2024-01-02', BUY, 10, 100), // sold out below
    tx(2, 1, '2024-02-02', SELL, 10, 110), // realized 100
    tx(3, 2, '2024-01-02', BUY, 4, 25), // still held
  ];
  const nokTickers = new Map<number, TickerInfo>([
    [1, { currency: 'NOK', lastPrice: 120 }],
    [2, { currency: 'NOK', lastPrice: 30 }],
  ]);
  // A NOK-only portfolio never needs a rate: an empty series must not throw.
  const noFx = createFxRateOn([]);

  it('hides fully sold positions by default', () => {
    const rows = computePortfolioResults({
      transactions: soldHistory,
      tickers: nokTickers,
      fxRateOn: noFx,
      asOf: '2024-07-01',
    });
    expect(rows.map((r) => r.tickerId)).toEqual([2]);
    // only ticker 2: 4 × 30 = 120, weight 1
    expect(s(rows[0].weight)).toBe('1');
  });

  it('includeSold keeps them at quantity 0 with their realized result and weight 0', () => {
    const rows = computePortfolioResults({
      transactions: soldHistory,
      tickers: nokTickers,
      fxRateOn: noFx,
      asOf: '2024-07-01',
      includeSold: true,
    });
    const sold = rows[0];
    // market value 0, unrealized 0, realized 10*(110-100) = 100, total return 100 = 10 % of 1000 bought
    expect([
      sold.tickerId,
      s(sold.quantity),
      s(sold.marketValue),
      s(sold.realized),
      s(sold.totalReturnPct),
      s(sold.weight),
    ]).toEqual([1, '0', '0', '100', '10', '0']);
  });

  it('falls back to the average price when a ticker has no last close', () => {
    const rows = computePortfolioResults({
      transactions: [tx(1, 1, '2024-01-02', BUY, 4, 25, 2)],
      tickers: new Map<number, TickerInfo>([[1, { currency: 'NOK', lastPrice: null }]]),
      fxRateOn: noFx,
      asOf: '2024-07-01',
    });
    // avg (100 + 2) / 4 = 25.5 → market value 102 = cost, no unrealized gain
    expect([
      rows[0].priceAvailable,
      s(rows[0].lastPrice),
      s(rows[0].marketValue),
      s(rows[0].unrealized),
    ]).toEqual([false, '25.5', '102', '0']);
  });

  it('throws MissingTickerError when a traded ticker is not described', () => {
    expect(() =>
      computePortfolioResults({
        transactions: [tx(1, 99, '2024-01-02', BUY, 1, 1)],
        tickers: nokTickers,
        fxRateOn: noFx,
        asOf: '2024-07-01',
      }),
    ).toThrow(MissingTickerError);
  });

  it('converts a NOK ticker into a USD base with 1 / (USD/NOK)', () => {
    // buy 100 @ 110 NOK when USD/NOK = 11 → 1000 USD; last 121 NOK at 11 → 1100 USD; base return 100 USD
    const rows = computePortfolioResults({
      transactions: [tx(1, 1, '2024-01-02', BUY, 100, 110)],
      tickers: new Map<number, TickerInfo>([[1, { currency: 'NOK', lastPrice: 121 }]]),
      fxRateOn: createFxRateOn([{ date: '2024-01-01', rate: 11 }]),
      asOf: '2024-07-01',
      baseCurrency: 'USD',
    });
    expect([s(rows[0].costBase), s(rows[0].marketValueBase), s(rows[0].totalReturnBase)]).toEqual([
      '1000',
      '1100',
      '100',
    ]);
  });

  it('an empty portfolio has no rows', () => {
    expect(
      computePortfolioResults({ transactions: [], tickers: new Map(), fxRateOn: noFx, asOf: '2024-07-01' }),
    ).toEqual([]);
  });
});

describe('toApiNumber', () => {
  it.each([
    ['1.2345674', 1.234567], // below half: down
    ['1.2345675', 1.234568], // half: up
    ['-1.2345675', -1.234568], // half away from zero
    ['-0.0000001', 0], // rounds to zero, and never -0
    ['123456789.123456789', 123456789.123457],
    ['0', 0],
  ])('%s → %d', (text, expected) => {
    const n = toApiNumber(toDecimal(text));
    expect(n).toBe(expected);
    expect(Object.is(n, -0)).toBe(false);
  });
});
