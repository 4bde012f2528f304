/** @jest-environment node */
// Issue 21: cash events (5 deposit, 6 withdrawal), withholding tax on a dividend and a trade's own
// exchange rate, applied by the one event applier. Every expectation is worked by hand in comments.
import {
  EVENT_BUY,
  EVENT_DEPOSIT,
  EVENT_DIVIDEND,
  EVENT_SELL,
  EVENT_SPLIT,
  EVENT_WITHDRAWAL,
} from '@/lib/constants';
import {
  InsufficientCashError,
  InvalidTransactionError,
  applyEvent,
  applyTransactions,
  cashBalance,
  cashSteps,
  createFxRateOn,
  currencyLookup,
  normalizeLedger,
  normalizeLedgerTransaction,
  normalizeTransaction,
  toDecimal,
  withdrawalViolation,
  type CashContext,
  type TransactionInput,
} from '@/server/domain/portfolio';

const EQNR = 1;
const AAPL = 2;
const context: CashContext = {
  baseCurrency: 'NOK',
  currencyOf: currencyLookup(
    new Map([
      [EQNR, { currency: 'NOK' as const }],
      [AAPL, { currency: 'USD' as const }],
    ]),
  ),
  // USD/NOK 10 throughout.
  fxRateOn: createFxRateOn([{ date: '2020-01-01', rate: '10' }]),
};

function cash(id: number, date: string, eventId: number, amount: string, fee = '0'): TransactionInput {
  return { id, tickerId: null, date, eventId, quantity: 1, price: amount, fee };
}

function trade(
  id: number,
  tickerId: number,
  date: string,
  eventId: number,
  quantity: string,
  price: string,
  fee = '0',
  extra: Partial<TransactionInput> = {},
): TransactionInput {
  return { id, tickerId, date, eventId, quantity, price, fee, ...extra };
}

describe('the event applier: cash events and withholding', () => {
  it('books a deposit and a withdrawal as cash only, net of their fees', () => {
    const deposit = normalizeLedgerTransaction(cash(1, '2024-01-02', EVENT_DEPOSIT, '10000', '2'));
    const withdrawal = normalizeLedgerTransaction(cash(2, '2024-01-03', EVENT_WITHDRAWAL, '500', '5'));
    const held = toDecimal(7);
    // Deposit: +10 000 − 2 fee = 9 998 cash, the amount moved is +10 000; the holding is untouched.
    const d = applyEvent(held, deposit);
    expect(d.cash.toString()).toBe('9998');
    expect(d.cashMoved.toString()).toBe('10000');
    expect(d.quantity.toString()).toBe('7');
    expect(d.flow.toString()).toBe('0');
    // Withdrawal: −(500 + 5) = −505 cash, −500 moved.
    const w = applyEvent(held, withdrawal);
    expect(w.cash.toString()).toBe('-505');
    expect(w.cashMoved.toString()).toBe('-500');
  });

  it('nets a dividend of its fee and its withholding tax', () => {
    // 10 AAPL × 0.24 USD = 2.40 gross; 15 % withheld = 0.36; fee 0.10; net = 2.40 − 0.36 − 0.10 = 1.94.
    const dividend = normalizeTransaction(
      trade(1, AAPL, '2024-05-16', EVENT_DIVIDEND, '10', '0.24', '0.10', { withholdingTax: '0.36' }),
    );
    const e = applyEvent(toDecimal(10), dividend);
    expect(e.dividendGross.toString()).toBe('2.4');
    expect(e.dividendWithholding.toString()).toBe('0.36');
    expect(e.dividendFee.toString()).toBe('0.1');
    expect(e.dividendNet.toString()).toBe('1.94');
    expect(e.cash.toString()).toBe('1.94');
    // The results count the net too: realized dividends 1.94.
    const position = applyTransactions([
      trade(1, AAPL, '2024-01-02', EVENT_BUY, '10', '180'),
      trade(2, AAPL, '2024-05-16', EVENT_DIVIDEND, '10', '0.24', '0.10', { withholdingTax: '0.36' }),
    ]).get(AAPL)!;
    expect(position.dividends.toString()).toBe('1.94');
  });

  it('refuses malformed cash events and withholding', () => {
    expect(() =>
      normalizeLedgerTransaction({ ...cash(1, '2024-01-02', EVENT_DEPOSIT, '1'), tickerId: 3 }),
    ).toThrow(InvalidTransactionError);
    expect(() =>
      normalizeLedgerTransaction({ ...cash(1, '2024-01-02', EVENT_DEPOSIT, '1'), quantity: 2 }),
    ).toThrow(/quantity 1/);
    expect(() => normalizeLedgerTransaction(cash(1, '2024-01-02', EVENT_WITHDRAWAL, '0'))).toThrow(
      /positive/,
    );
    expect(() => normalizeTransaction(cash(1, '2024-01-02', EVENT_DEPOSIT, '1'))).toThrow(/cash event/);
    expect(() =>
      normalizeTransaction(trade(1, EQNR, '2024-01-02', EVENT_BUY, '1', '100', '0', { withholdingTax: '1' })),
    ).toThrow(/only a dividend/);
    // 2 × 1 = 2 gross; 2.01 withheld is more than was paid.
    expect(() =>
      normalizeTransaction(
        trade(1, EQNR, '2024-01-02', EVENT_DIVIDEND, '2', '1', '0', { withholdingTax: '2.01' }),
      ),
    ).toThrow(/exceed/);
    expect(() =>
      normalizeTransaction(trade(1, AAPL, '2024-01-02', EVENT_BUY, '1', '100', '0', { fxRate: '0' })),
    ).toThrow(/fx rate/);
  });
});

describe('the cash balance', () => {
  const ledger: TransactionInput[] = [
    cash(1, '2024-01-02', EVENT_DEPOSIT, '10000'),
    // −(10 × 100 + 10) = −1 010
    trade(2, EQNR, '2024-01-03', EVENT_BUY, '10', '100', '10'),
    // +(5 × 120 − 5) = +595
    trade(3, EQNR, '2024-02-01', EVENT_SELL, '5', '120', '5'),
    // 5 × 2 = 10 gross − 1 fee = +9
    trade(4, EQNR, '2024-03-01', EVENT_DIVIDEND, '5', '2', '1'),
    // A split's fee: −3
    trade(5, EQNR, '2024-03-02', EVENT_SPLIT, '2', '0', '3', { splitTo: 2, splitFrom: 1 }),
    // AAPL at the trade's own rate 10.5: −(2 × 100 + 1) USD × 10.5 = −2 110.5
    trade(6, AAPL, '2024-04-02', EVENT_BUY, '2', '100', '1', { fxRate: '10.5' }),
    // AAPL dividend at the market's 10: (2 × 0.25 − 0.075 withheld) = 0.425 USD = +4.25
    trade(7, AAPL, '2024-05-16', EVENT_DIVIDEND, '2', '0.25', '0', { withholdingTax: '0.075' }),
    // −(1 000 + 5) = −1 005
    cash(8, '2024-06-01', EVENT_WITHDRAWAL, '1000', '5'),
  ];

  it('sums deposits, trades, dividends net of withholding and withdrawals in the base currency', () => {
    // 10 000 − 1 010 + 595 + 9 − 3 − 2 110.5 + 4.25 − 1 005 = 6 479.75
    expect(cashBalance(normalizeLedger(ledger), context).toString()).toBe('6479.75');
  });

  it('gives the balance before and after every event', () => {
    const steps = cashSteps(normalizeLedger(ledger), context);
    // Before the withdrawal: 6 479.75 + 1 005 = 7 484.75.
    expect(steps[7].before.toString()).toBe('7484.75');
    expect(steps[7].after.toString()).toBe('6479.75');
  });

  it('refuses a withdrawal above the cash held just before it, and only that one', () => {
    const base = [cash(1, '2024-01-02', EVENT_DEPOSIT, '1000')];
    // 1 000 deposited: a withdrawal of exactly 1 000 is covered.
    expect(
      withdrawalViolation(
        normalizeLedger([...base, cash(2, '2024-01-03', EVENT_WITHDRAWAL, '1000')]),
        2,
        context,
      ),
    ).toBeNull();
    // 999 + 1.01 fee = 1 000.01 > 1 000.
    const violation = withdrawalViolation(
      normalizeLedger([...base, cash(2, '2024-01-03', EVENT_WITHDRAWAL, '999', '1.01')]),
      2,
      context,
    );
    expect(violation).toBeInstanceOf(InsufficientCashError);
    expect(violation!.available.toString()).toBe('1000');
    expect(violation!.requested.toString()).toBe('1000.01');
    // A withdrawal dated before the deposit finds no cash (0 held then).
    const early = withdrawalViolation(
      normalizeLedger([...base, cash(2, '2024-01-01', EVENT_WITHDRAWAL, '1')]),
      2,
      context,
    );
    expect(early!.available.toString()).toBe('0');
  });
});
