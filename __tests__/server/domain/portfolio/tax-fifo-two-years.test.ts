/** @jest-environment node */
import { applyTransactions, createFxRateOn, InsufficientHoldingError } from '@/server/domain/portfolio';
import { fifoView } from './fifoView';
import { BUY, DIVIDEND, SELL, SPLIT, s, tx } from './helpers';

const nokOnly = createFxRateOn([]);
const tickers = new Map([
  [1, { currency: 'NOK' as const }],
  [2, { currency: 'USD' as const }],
]);

// NOK ticker 1 across 2023 and 2024:
//   2023-02-01 buy 100 @ 10 fee 10   → lot A: 100 shares, 1010 NOK
//   2023-06-01 buy 100 @ 20 fee 20   → lot B: 100 shares, 2020 NOK
//   2023-11-01 sell 150 @ 25 fee 15  → proceeds 3750 - 15 = 3735; FIFO cost = A 1010 + half of B 1010 = 2020; gain 1715
//                                      lot B left: 50 shares, 1010 NOK
//   2024-03-01 split 2               → lot B: 100 shares, 1010 NOK
//   2024-05-02 sell 100 @ 8 fee 5    → proceeds 800 - 5 = 795; cost 1010; gain -215
const nokHistory = [
  tx(1, 1, '2023-02-01', BUY, 100, 10, 10),
  tx(2, 1, '2023-06-01', BUY, 100, 20, 20),
  tx(3, 1, '2023-11-01', SELL, 150, 25, 15),
  tx(4, 1, '2024-03-01', SPLIT, 2, 0),
  tx(5, 1, '2024-05-02', SELL, 100, 8, 5),
];

function saleRows(report: ReturnType<typeof fifoView>): string[][] {
  return report.sales.map((x) => [
    x.date,
    String(x.tickerId),
    s(x.quantity),
    s(x.proceedsNok),
    s(x.costNok),
    s(x.gainNok),
  ]);
}

describe('Norwegian tax view: FIFO lots in NOK', () => {
  it('realises each sale against the oldest lots, across two years and a split', () => {
    const report = fifoView({ transactions: nokHistory, tickers, fxRateOn: nokOnly });
    expect(saleRows(report)).toEqual([
      ['2023-11-01', '1', '150', '3735', '2020', '1715'],
      ['2024-05-02', '1', '100', '795', '1010', '-215'],
    ]);
    expect(report.openLots).toEqual([]);
  });

  it('totals per year, gains and losses apart', () => {
    const { years } = fifoView({ transactions: nokHistory, tickers, fxRateOn: nokOnly });
    expect(
      years.map((y) => [
        y.year,
        y.saleCount,
        s(y.proceedsNok),
        s(y.costNok),
        s(y.gainNok),
        s(y.gainsNok),
        s(y.lossesNok),
      ]),
    ).toEqual([
      [2023, 1, '3735', '2020', '1715', '1715', '0'],
      [2024, 1, '795', '1010', '-215', '0', '-215'],
    ]);
  });

  it('differs from the average-cost result, which spreads the cost evenly', () => {
    // Average cost at the 2023 sale: (1010 + 2020) / 200 = 15.15 → cost 150 × 15.15 = 2272.5, realized 3735 - 2272.5 = 1462.5
    const firstSaleOnly = nokHistory.slice(0, 3);
    const position = applyTransactions(firstSaleOnly).get(1);
    expect(position && s(position.realized)).toBe('1462.5');
    expect(s(fifoView({ transactions: firstSaleOnly, tickers, fxRateOn: nokOnly }).sales[0].gainNok)).toBe(
      '1715',
    );
  });

  it('keeps what is not sold as open lots (split-adjusted)', () => {
    // Without the 2024 sale: lot B has 50 × 2 = 100 shares at 1010 NOK
    const report = fifoView({ transactions: nokHistory.slice(0, 4), tickers, fxRateOn: nokOnly });
    expect(report.openLots.map((l) => [l.date, s(l.quantity), s(l.costNok)])).toEqual([
      ['2023-06-01', '100', '1010'],
    ]);
  });

  it('filters to one year (the whole history is still replayed)', () => {
    const report = fifoView({ transactions: nokHistory, tickers, fxRateOn: nokOnly, year: 2024 });
    expect(saleRows(report)).toEqual([['2024-05-02', '1', '100', '795', '1010', '-215']]);
    expect(report.years.map((y) => y.year)).toEqual([2024]);
  });

  it('converts a USD holding at trade-date rates, with dividends per year', () => {
    // USD/NOK 10 from 2023-01-02, 11 from 2023-07-03, 9 from 2024-01-02.
    // 2023-03-01 buy 10 @ 100 fee 1 → lot 1001 USD × 10 = 10 010 NOK
    // 2023-08-01 dividend 10 × 0.24 = 2.4 USD × 11 = 26.4 NOK (gross)
    // 2024-02-01 sell 4 @ 150 fee 2 → proceeds (600 - 2) × 9 = 5 382 NOK; cost 10 010 × 4/10 = 4 004; gain 1 378
    const fxRateOn = createFxRateOn([
      { date: '2023-01-02', rate: 10 },
      { date: '2023-07-03', rate: 11 },
      { date: '2024-01-02', rate: 9 },
    ]);
    const report = fifoView({
      transactions: [
        tx(1, 2, '2023-03-01', BUY, 10, 100, 1),
        tx(2, 2, '2023-08-01', DIVIDEND, 10, '0.24'),
        tx(3, 2, '2024-02-01', SELL, 4, 150, 2),
      ],
      tickers,
      fxRateOn,
    });
    expect(saleRows(report)).toEqual([['2024-02-01', '2', '4', '5382', '4004', '1378']]);
    expect(report.years.map((y) => [y.year, s(y.gainNok), s(y.dividendsNok)])).toEqual([
      [2023, '0', '26.4'],
      [2024, '1378', '0'],
    ]);
    // 6 shares remain at 10 010 - 4 004 = 6 006 NOK
    expect(report.openLots.map((l) => [s(l.quantity), s(l.costNok)])).toEqual([['6', '6006']]);
  });

  it('refuses a sale beyond the lots', () => {
    expect(() =>
      fifoView({
        transactions: [tx(1, 1, '2024-01-02', BUY, 1, 10), tx(2, 1, '2024-01-03', SELL, 2, 10)],
        tickers,
        fxRateOn: nokOnly,
      }),
    ).toThrow(InsufficientHoldingError);
  });

  it('an empty portfolio has no sales and no years', () => {
    expect(fifoView({ transactions: [], tickers, fxRateOn: nokOnly })).toEqual({
      sales: [],
      years: [],
      openLots: [],
    });
  });
});
