/** @jest-environment node */
import { applyTransactions, type Position, type TransactionInput } from '@/server/domain/portfolio';
import { BUY, DIVIDEND, SELL, SPLIT, s, tx } from './helpers';

interface Expected {
  quantity: string;
  cost: string;
  avgPrice: string;
  realized: string;
  dividends: string;
  fees: string;
}

const scenarios: { name: string; history: TransactionInput[]; expected: Expected }[] = [
  {
    // buy 100 @ 50 → cost 5000. dividend 100 shares × 2.5 = 250, minus fee 10 → dividends 240; cost untouched
    name: 'a dividend adds shares × amount per share minus its fee, cost unchanged',
    history: [tx(1, 1, '2024-01-02', BUY, 100, 50), tx(2, 1, '2024-04-10', DIVIDEND, 100, '2.5', 10)],
    expected: { quantity: '100', cost: '5000', avgPrice: '50', realized: '0', dividends: '240', fees: '10' },
  },
  {
    // buy 10 @ 100 → cost 1000. split 2 → quantity 20, cost 1000, avg 50. sell 5 @ 60 → realized 5*(60-50) = 50;
    // cost 1000 - 250 = 750, quantity 15
    name: 'a 2-for-1 split doubles the quantity and halves the average',
    history: [
      tx(1, 1, '2024-01-02', BUY, 10, 100),
      tx(2, 1, '2024-03-01', SPLIT, 2, 0),
      tx(3, 1, '2024-03-05', SELL, 5, 60),
    ],
    expected: { quantity: '15', cost: '750', avgPrice: '50', realized: '50', dividends: '0', fees: '0' },
  },
  {
    // buy 25 @ 4 → cost 100. reverse split 0.1 (1 new per 10 old) → quantity 2.5, avg 40.
    // sell 2.5 @ 50 → realized 125 - 100 = 25; the position is closed
    name: 'a 1-for-10 reverse split (ratio 0.1) divides the quantity',
    history: [
      tx(1, 1, '2024-01-02', BUY, 25, 4),
      tx(2, 1, '2024-03-01', SPLIT, '0.1', 0),
      tx(3, 1, '2024-03-05', SELL, '2.5', 50),
    ],
    expected: { quantity: '0', cost: '0', avgPrice: '0', realized: '25', dividends: '0', fees: '0' },
  },
  {
    // buy 10 @ 30 → cost 300; split 3 → 30 shares, avg 10; split 0.5 → 15 shares, avg 20
    name: 'consecutive splits compose (3 then 0.5 = 1.5)',
    history: [
      tx(1, 1, '2024-01-02', BUY, 10, 30),
      tx(2, 1, '2024-02-01', SPLIT, 3, 0),
      tx(3, 1, '2024-03-01', SPLIT, '0.5', 0),
    ],
    expected: { quantity: '15', cost: '300', avgPrice: '20', realized: '0', dividends: '0', fees: '0' },
  },
  {
    // A split's price is ignored (DESIGN §5 says 0): price 999 changes nothing. 4 @ 10 → split 2 → 8 shares, avg 5
    name: 'a price sent on a split is ignored',
    history: [tx(1, 1, '2024-01-02', BUY, 4, 10), tx(2, 1, '2024-02-01', SPLIT, 2, 999)],
    expected: { quantity: '8', cost: '40', avgPrice: '5', realized: '0', dividends: '0', fees: '0' },
  },
  {
    // DESIGN §7: a fee on a split (unusual) is counted in fees and added to cost:
    // 4 × 10 = 40, split 2-for-1 → 8 shares, cost 40 + 3 = 43, average 43 / 8 = 5.375
    name: 'a fee on a split is added to cost',
    history: [tx(1, 1, '2024-01-02', BUY, 4, 10), tx(2, 1, '2024-02-01', SPLIT, 2, 0, 3)],
    expected: { quantity: '8', cost: '43', avgPrice: '5.375', realized: '0', dividends: '0', fees: '3' },
  },
  {
    // A fee on a split with nothing held has no shares to attach to: a realised loss of 3.
    name: 'a fee on a split with nothing held is a realized cost',
    history: [tx(1, 1, '2024-01-02', SPLIT, 2, 0, 3), tx(2, 1, '2024-01-03', BUY, 3, 7)],
    expected: { quantity: '3', cost: '21', avgPrice: '7', realized: '-3', dividends: '0', fees: '3' },
  },
  {
    // Dividends are not checked against the holding: the ex-date may precede a sale.
    // buy 10 @ 10, sell 10 @ 10 (realized 0), dividend 10 × 1 = 10
    name: 'a dividend after the position was sold still counts',
    history: [
      tx(1, 1, '2024-01-02', BUY, 10, 10),
      tx(2, 1, '2024-05-02', SELL, 10, 10),
      tx(3, 1, '2024-05-20', DIVIDEND, 10, 1),
    ],
    expected: { quantity: '0', cost: '0', avgPrice: '0', realized: '0', dividends: '10', fees: '0' },
  },
  {
    // split before any buy: 0 × 2 = 0, nothing else changes; the later buy is unaffected
    name: 'a split with nothing held is harmless',
    history: [tx(1, 1, '2024-01-02', SPLIT, 2, 0), tx(2, 1, '2024-01-03', BUY, 3, 7)],
    expected: { quantity: '3', cost: '21', avgPrice: '7', realized: '0', dividends: '0', fees: '0' },
  },
];

describe('applyTransactions: dividends and splits', () => {
  it.each(scenarios)('$name', ({ history, expected }) => {
    const p = applyTransactions(history).get(1) as Position;
    expect({
      quantity: s(p.quantity),
      cost: s(p.cost),
      avgPrice: s(p.avgPrice),
      realized: s(p.realized),
      dividends: s(p.dividends),
      fees: s(p.fees),
    }).toEqual(expected);
  });
});
