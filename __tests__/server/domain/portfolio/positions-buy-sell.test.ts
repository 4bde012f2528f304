/** @jest-environment node */
import { applyTransactions, type Position, type TransactionInput } from '@/server/domain/portfolio';
import { BUY, SELL, s, tx } from './helpers';

interface Expected {
  quantity: string;
  cost: string;
  avgPrice: string;
  realized: string;
  fees: string;
  totalBought: string;
  transactionCount: number;
}

function positionOf(history: TransactionInput[], tickerId = 1): Position {
  const position = applyTransactions(history).get(tickerId);
  if (!position) throw new Error('no position');
  return position;
}

const scenarios: { name: string; history: TransactionInput[]; expected: Expected }[] = [
  {
    // quantity 10; cost 10*100 + 5 = 1005; avg 1005/10 = 100.5
    name: 'a single buy puts its fee into the cost',
    history: [tx(1, 1, '2024-01-02', BUY, 10, 100, 5)],
    expected: {
      quantity: '10',
      cost: '1005',
      avgPrice: '100.5',
      realized: '0',
      fees: '5',
      totalBought: '1005',
      transactionCount: 1,
    },
  },
  {
    // buy 10 @ 100 → cost 1000, avg 100. sell 4 @ 130: realized 4*(130-100) = 120; cost 1000 - 4*100 = 600; quantity 6
    name: 'a partial sell realizes against the average cost',
    history: [tx(1, 1, '2024-01-02', BUY, 10, 100), tx(2, 1, '2024-02-01', SELL, 4, 130)],
    expected: {
      quantity: '6',
      cost: '600',
      avgPrice: '100',
      realized: '120',
      fees: '0',
      totalBought: '1000',
      transactionCount: 2,
    },
  },
  {
    // buy 10 @ 100 (1000); sell 10 @ 150 → realized 500, cost exactly 0.
    // buy 5 @ 200 → a fresh average: cost 1000, avg 200 (not (0+1000)/.. mixed with the old 100). totalBought 2000
    name: 'selling everything and buying again restarts the average',
    history: [
      tx(1, 1, '2024-01-02', BUY, 10, 100),
      tx(2, 1, '2024-02-01', SELL, 10, 150),
      tx(3, 1, '2024-03-01', BUY, 5, 200),
    ],
    expected: {
      quantity: '5',
      cost: '1000',
      avgPrice: '200',
      realized: '500',
      fees: '0',
      totalBought: '2000',
      transactionCount: 3,
    },
  },
  {
    // buy 10 @ 100 fee 10 → cost 1010, avg 101. sell 5 @ 120 fee 7 → realized 5*(120-101) - 7 = 95 - 7 = 88;
    // cost 1010 - 5*101 = 505; fees 10 + 7 = 17
    name: 'fees on both sides: buy fee in the cost, sell fee off the realized gain',
    history: [tx(1, 1, '2024-01-02', BUY, 10, 100, 10), tx(2, 1, '2024-02-01', SELL, 5, 120, 7)],
    expected: {
      quantity: '5',
      cost: '505',
      avgPrice: '101',
      realized: '88',
      fees: '17',
      totalBought: '1010',
      transactionCount: 2,
    },
  },
  {
    // buy 10 @ 100 + buy 30 @ 120 → cost 1000 + 3600 = 4600, quantity 40, avg 115.
    // sell 20 @ 110 → realized 20*(110-115) = -100; cost 4600 - 20*115 = 2300
    name: 'two buys average, then a losing sell',
    history: [
      tx(1, 1, '2024-01-02', BUY, 10, 100),
      tx(2, 1, '2024-01-03', BUY, 30, 120),
      tx(3, 1, '2024-01-04', SELL, 20, 110),
    ],
    expected: {
      quantity: '20',
      cost: '2300',
      avgPrice: '115',
      realized: '-100',
      fees: '0',
      totalBought: '4600',
      transactionCount: 3,
    },
  },
  {
    // buy 3 @ 10 fee 1 → cost 31, avg 10.333… (no exact decimal). sell 1 @ 10 then sell 2 @ 10:
    // the last sell takes the whole remaining cost, so realized = (10 + 20) - 31 = -1 exactly and cost is exactly 0.
    name: 'a non-terminating average leaves no residue after a full sale',
    history: [
      tx(1, 1, '2024-01-02', BUY, 3, 10, 1),
      tx(2, 1, '2024-01-03', SELL, 1, 10),
      tx(3, 1, '2024-01-04', SELL, 2, 10),
    ],
    expected: {
      quantity: '0',
      cost: '0',
      avgPrice: '0',
      realized: '-1',
      fees: '1',
      totalBought: '31',
      transactionCount: 3,
    },
  },
  {
    // Canonical order: id 1 buy 10 @ 100 (day 1); on day 2 buy id 4 (10 @ 200) comes before sell id 5 although it is
    // listed after it. After the buy: quantity 20, cost 3000, avg 150. sell 10 @ 120 → realized 10*(120-150) = -300;
    // cost 1500. (Input order would have given realized +200.)
    name: 'same-day transactions apply in id order, not input order',
    history: [
      tx(5, 1, '2024-01-03', SELL, 10, 120),
      tx(1, 1, '2024-01-02', BUY, 10, 100),
      tx(4, 1, '2024-01-03', BUY, 10, 200),
    ],
    expected: {
      quantity: '10',
      cost: '1500',
      avgPrice: '150',
      realized: '-300',
      fees: '0',
      totalBought: '3000',
      transactionCount: 3,
    },
  },
  {
    // Date wins over id: id 9 (Jan 2) buys 10 @ 50 before id 2 (Jan 5) sells 4 @ 60 → realized 4*10 = 40; cost 300
    name: 'dates order before ids',
    history: [tx(2, 1, '2024-01-05', SELL, 4, 60), tx(9, 1, '2024-01-02', BUY, 10, 50)],
    expected: {
      quantity: '6',
      cost: '300',
      avgPrice: '50',
      realized: '40',
      fees: '0',
      totalBought: '500',
      transactionCount: 2,
    },
  },
  {
    // Fractional shares (DESIGN §9): buy 0.5 @ 1000.2 fee 0.1 → cost 500.2, avg 1000.4; sell 0.25 @ 1100 fee 0.05
    // → realized 0.25*(1100 - 1000.4) - 0.05 = 24.9 - 0.05 = 24.85; cost 500.2 - 250.1 = 250.1
    name: 'fractional quantities stay exact',
    history: [
      tx(1, 1, '2024-01-02', BUY, '0.5', '1000.2', '0.1'),
      tx(2, 1, '2024-01-03', SELL, '0.25', 1100, '0.05'),
    ],
    expected: {
      quantity: '0.25',
      cost: '250.1',
      avgPrice: '1000.4',
      realized: '24.85',
      fees: '0.15',
      totalBought: '500.2',
      transactionCount: 2,
    },
  },
];

describe('applyTransactions: buys and sells (average cost, DESIGN §7)', () => {
  it.each(scenarios)('$name', ({ history, expected }) => {
    const p = positionOf(history);
    expect({
      quantity: s(p.quantity),
      cost: s(p.cost),
      avgPrice: s(p.avgPrice),
      realized: s(p.realized),
      fees: s(p.fees),
      totalBought: s(p.totalBought),
      transactionCount: p.transactionCount,
    }).toEqual(expected);
  });

  it('an empty portfolio has no positions', () => {
    expect(applyTransactions([]).size).toBe(0);
  });

  it('keeps tickers apart, keyed in ascending ticker order, with first and last dates', () => {
    // ticker 7: buy 1 @ 10 (Jan 3); ticker 2: buy 2 @ 5 (Jan 2), buy 2 @ 7 (Jan 9) → cost 24, avg 6
    const positions = applyTransactions([
      tx(1, 7, '2024-01-03', BUY, 1, 10),
      tx(2, 2, '2024-01-02', BUY, 2, 5),
      tx(3, 2, '2024-01-09', BUY, 2, 7),
    ]);
    expect([...positions.keys()]).toEqual([2, 7]);
    const two = positions.get(2) as Position;
    expect([s(two.quantity), s(two.cost), s(two.avgPrice), two.firstDate, two.lastDate]).toEqual([
      '4',
      '24',
      '6',
      '2024-01-02',
      '2024-01-09',
    ]);
  });

  it('does not modify the input array', () => {
    const history = [tx(2, 1, '2024-01-05', SELL, 4, 60), tx(1, 1, '2024-01-02', BUY, 10, 50)];
    const copy = [...history];
    applyTransactions(history);
    expect(history).toEqual(copy);
  });
});
