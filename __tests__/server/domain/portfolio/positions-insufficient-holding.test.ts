/** @jest-environment node */
import {
  applyTransactions,
  InsufficientHoldingError,
  InvalidTransactionError,
  PortfolioDomainError,
  validateHistory,
  type TransactionInput,
} from '@/server/domain/portfolio';
import { BUY, SELL, SPLIT, s, tx } from './helpers';

function violationOf(history: TransactionInput[]): unknown {
  try {
    applyTransactions(history);
  } catch (error) {
    return error;
  }
  throw new Error('expected a violation');
}

describe('selling more than is held', () => {
  const cases: {
    name: string;
    history: TransactionInput[];
    expected: { tickerId: number; date: string; transactionId: number; held: string; requested: string };
  }[] = [
    {
      // holding 10, selling 11
      name: 'sell 11 of 10',
      history: [tx(1, 1, '2024-01-02', BUY, 10, 100), tx(2, 1, '2024-01-03', SELL, 11, 100)],
      expected: { tickerId: 1, date: '2024-01-03', transactionId: 2, held: '10', requested: '11' },
    },
    {
      // the sell is dated before the buy: nothing is held on 2024-01-01
      name: 'a sell dated before the buy',
      history: [tx(1, 1, '2024-01-02', BUY, 10, 100), tx(2, 1, '2024-01-01', SELL, 5, 100)],
      expected: { tickerId: 1, date: '2024-01-01', transactionId: 2, held: '0', requested: '5' },
    },
    {
      // same day, the sell has the lower id so it comes first: held 0
      name: 'a same-day sell with a lower id than the buy',
      history: [tx(2, 1, '2024-01-02', BUY, 10, 100), tx(1, 1, '2024-01-02', SELL, 5, 100)],
      expected: { tickerId: 1, date: '2024-01-02', transactionId: 1, held: '0', requested: '5' },
    },
    {
      // buy 10, split 2 → 20 held; selling 21
      name: 'the split-adjusted holding is the limit',
      history: [
        tx(1, 3, '2024-01-02', BUY, 10, 100),
        tx(2, 3, '2024-02-01', SPLIT, 2, 0),
        tx(3, 3, '2024-02-02', SELL, 21, 50),
      ],
      expected: { tickerId: 3, date: '2024-02-02', transactionId: 3, held: '20', requested: '21' },
    },
    {
      // shares of ticker 1 do not cover a sell of ticker 2
      name: 'another ticker’s shares do not count',
      history: [tx(1, 1, '2024-01-02', BUY, 10, 100), tx(2, 2, '2024-01-03', SELL, 1, 100)],
      expected: { tickerId: 2, date: '2024-01-03', transactionId: 2, held: '0', requested: '1' },
    },
  ];

  it.each(cases)('$name → InsufficientHoldingError with the held quantity', ({ history, expected }) => {
    const error = violationOf(history);
    expect(error).toBeInstanceOf(InsufficientHoldingError);
    expect(error).toBeInstanceOf(PortfolioDomainError);
    const e = error as InsufficientHoldingError;
    expect({
      tickerId: e.tickerId,
      date: e.date,
      transactionId: e.transactionId,
      held: s(e.held),
      requested: s(e.requested),
    }).toEqual(expected);
    expect(e.code).toBe('INSUFFICIENT_HOLDING');
  });

  it('selling exactly what is held is allowed', () => {
    expect(
      validateHistory([tx(1, 1, '2024-01-02', BUY, '10.5', 100), tx(2, 1, '2024-01-03', SELL, '10.5', 90)]),
    ).toBeNull();
  });
});

describe('validateHistory: edits and deletes that break a later sell', () => {
  // Stored history: buy 10 (Jan 2), buy 5 (Feb 1), sell 12 (Mar 1). Holding before the sell: 15.
  const stored = [
    tx(1, 1, '2024-01-02', BUY, 10, 100),
    tx(2, 1, '2024-02-01', BUY, 5, 110),
    tx(3, 1, '2024-03-01', SELL, 12, 120),
  ];
  const replace = (changed: TransactionInput): TransactionInput[] =>
    stored.map((t) => (t.id === changed.id ? changed : t));

  const cases: { name: string; history: TransactionInput[]; held: string | null }[] = [
    { name: 'the stored history is valid', history: stored, held: null },
    // buy 2 reduced from 5 to 1 → 11 held on Mar 1, selling 12
    {
      name: 'editing an earlier buy down to 1 share',
      history: replace(tx(2, 1, '2024-02-01', BUY, 1, 110)),
      held: '11',
    },
    // buy 2 removed → 10 held on Mar 1
    { name: 'deleting an earlier buy', history: stored.filter((t) => t.id !== 2), held: '10' },
    // buy 1 moved after the sell → only 5 held on Mar 1
    {
      name: 'moving a buy after the sell',
      history: replace(tx(1, 1, '2024-03-02', BUY, 10, 100)),
      held: '5',
    },
    // buy 2 changed into a sell of 5 → 5 held at the Mar 1 sell
    { name: 'turning a buy into a sell', history: replace(tx(2, 1, '2024-02-01', SELL, 5, 110)), held: '5' },
    // buy 2 raised to 8 → 18 held: still fine
    {
      name: 'an edit that keeps the sell covered',
      history: replace(tx(2, 1, '2024-02-01', BUY, 8, 110)),
      held: null,
    },
  ];

  it.each(cases)('$name', ({ history, held }) => {
    const violation = validateHistory(history);
    if (held === null) {
      expect(violation).toBeNull();
    } else {
      expect(violation).toBeInstanceOf(InsufficientHoldingError);
      const e = violation as InsufficientHoldingError;
      expect([e.transactionId, s(e.held), s(e.requested)]).toEqual([3, held, '12']);
    }
  });
});

describe('malformed transactions', () => {
  const cases: { name: string; input: TransactionInput; reason: RegExp }[] = [
    { name: 'zero quantity', input: tx(9, 1, '2024-01-02', BUY, 0, 10), reason: /quantity must be positive/ },
    {
      name: 'negative price',
      input: tx(9, 1, '2024-01-02', BUY, 1, -10),
      reason: /price must not be negative/,
    },
    {
      name: 'negative fee',
      input: tx(9, 1, '2024-01-02', BUY, 1, 10, -1),
      reason: /fee must not be negative/,
    },
    {
      name: 'non-positive split ratio',
      input: tx(9, 1, '2024-01-02', SPLIT, 0, 0),
      reason: /split ratio must be positive/,
    },
    { name: 'impossible date', input: tx(9, 1, '2024-02-30', BUY, 1, 10), reason: /date 2024-02-30/ },
    { name: 'unknown event', input: tx(9, 1, '2024-01-02', 99, 1, 10), reason: /unknown event 99/ },
    {
      name: 'non-numeric quantity',
      input: tx(9, 1, '2024-01-02', BUY, 'ten', 10),
      reason: /quantity is not a finite number/,
    },
    {
      name: 'infinite price',
      input: tx(9, 1, '2024-01-02', BUY, 1, Infinity),
      reason: /price is not a finite number/,
    },
  ];

  it.each(cases)('$name → InvalidTransactionError', ({ input, reason }) => {
    const violation = validateHistory([input]);
    expect(violation).toBeInstanceOf(InvalidTransactionError);
    expect((violation as InvalidTransactionError).transactionId).toBe(9);
    expect((violation as InvalidTransactionError).reason).toMatch(reason);
  });

  it('a missing fee means 0', () => {
    const p = applyTransactions([
      { id: 1, tickerId: 1, date: '2024-01-02', eventId: BUY, quantity: 2, price: 3, fee: null },
    ]).get(1);
    expect(p && s(p.cost)).toBe('6');
  });
});
