import {
  computePortfolioIncome,
  createFxRateOn,
  normalizeTransactions,
  toDecimal,
  type ProviderDividend,
} from '@/server/domain/portfolio';

/**
 * Issue 41's hand-worked forecast: two shares, one in USD, a yearly and a quarterly payer, a share
 * bought after an ex-date, in NOK. Today 2026-06-15, a 12-month window.
 *
 * USD/NOK: 10.00 from 2025-01-01, 10.50 from 2026-01-01, 11.00 from 2026-06-01 (today's).
 *
 * NORSK (ticker 1, NOK), yearly: ex 2025-05-20 / paid 2025-06-02 at 5.00, ex 2026-05-20 / paid
 * 2026-06-02 at 6.00. Bought 100 on 2025-01-10. Booked 2026-06-02: 100 × 6.00, fee 10 -> net 590 NOK.
 * (2025-06-02's payment is booked too but lies before the window and the trailing 12 months.)
 *
 * USCO (ticker 2, USD), quarterly 0.50: ex 2025-08-10, 2025-11-10, 2026-02-10, 2026-05-10 (paid the
 * 25th), and an announced 0.55 going ex 2026-08-10 (paid 2026-08-25). Bought 40 on 2025-09-01 —
 * after the 2025-08-10 ex-date, so that one is not ours — and 20 more on 2026-02-10, the ex-date
 * itself, so those 20 miss that dividend. Booked: 2025-11-25 40 × 0.50 = 20, withholding 3, at its
 * own rate 10.20 -> 17 × 10.20 = 173.40 NOK; 2026-02-25 40 × 0.50 withholding 3, no rate -> 17 ×
 * 10.50 = 178.50 NOK. The 2026-05-10 dividend (held 60 at the ex-date) is not booked.
 *
 * received (2025-07 … 2026-06): 2025-11 173.40, 2026-02 178.50, 2026-06 590, other months 0.
 * trailing_12m = 173.40 + 178.50 + 590 = 941.90.
 *
 * expected, by date:
 *   USCO 2025-11-25 paid      40 × 0.50 = 20 USD -> 173.40 (as booked)
 *   USCO 2026-02-25 paid      40 × 0.50 = 20 USD -> 178.50 (as booked)
 *   USCO 2026-05-25 announced 60 × 0.50 = 30 USD × 10.50 (pay date's rate) = 315.00 (bookable)
 *   NORSK 2026-06-02 paid    100 × 6.00 = 600 NOK -> 590 (net as booked)
 *   USCO 2026-08-25 announced 60 × 0.55 = 33 USD × 11.00 (today's) = 363.00
 *        (it continues 2025-08-10, whose repeat is therefore dropped)
 *   USCO 2026-11-25 estimated 60 × 0.50 = 30 USD × 11 = 330.00 (repeat of 2025-11-10)
 *   USCO 2027-02-25 estimated 330.00 (repeat of 2026-02-10)
 *   USCO 2027-05-25 estimated 330.00 (repeat of 2026-05-10)
 *   NORSK 2027-06-02 estimated 100 × 6.00 = 600 NOK -> 600.00 (repeat of 2026-05-20; within 12 months)
 * next_12m = 363 + 330 × 3 + 600 = 1,953.00 (the unbooked 2026-05-25 is in the past: not counted).
 * With cost 100,000 NOK and value 125,000 NOK: yield_on_cost = 941.90 / 100,000 = 0.009419,
 * yield_on_value = 941.90 / 125,000 = 0.0075352.
 */
const NORSK = 1;
const USCO = 2;

const transactions = normalizeTransactions([
  { id: 1, tickerId: NORSK, date: '2025-01-10', eventId: 1, quantity: '100', price: '100' },
  { id: 2, tickerId: NORSK, date: '2025-06-02', eventId: 3, quantity: '100', price: '5' },
  { id: 3, tickerId: NORSK, date: '2026-06-02', eventId: 3, quantity: '100', price: '6', fee: '10' },
  { id: 4, tickerId: USCO, date: '2025-09-01', eventId: 1, quantity: '40', price: '200' },
  {
    id: 5,
    tickerId: USCO,
    date: '2025-11-25',
    eventId: 3,
    quantity: '40',
    price: '0.5',
    withholdingTax: '3',
    fxRate: '10.2',
  },
  { id: 6, tickerId: USCO, date: '2026-02-10', eventId: 1, quantity: '20', price: '210' },
  {
    id: 7,
    tickerId: USCO,
    date: '2026-02-25',
    eventId: 3,
    quantity: '40',
    price: '0.5',
    withholdingTax: '3',
  },
]);

const usco = (exDate: string, payDate: string, amount = 0.5): ProviderDividend => ({
  exDate,
  payDate,
  amount,
  currency: 'USD',
});

const dividends = new Map<number, ProviderDividend[]>([
  [
    NORSK,
    [
      { exDate: '2025-05-20', payDate: '2025-06-02', amount: 5, currency: 'NOK' },
      { exDate: '2026-05-20', payDate: '2026-06-02', amount: 6, currency: 'NOK' },
    ],
  ],
  [
    USCO,
    [
      usco('2025-08-10', '2025-08-25'),
      usco('2025-11-10', '2025-11-25'),
      usco('2026-02-10', '2026-02-25'),
      usco('2026-05-10', '2026-05-25'),
      usco('2026-08-10', '2026-08-25', 0.55),
    ],
  ],
]);

const income = computePortfolioIncome({
  today: '2026-06-15',
  months: 12,
  transactions,
  tickers: new Map([
    [NORSK, { symbol: 'NORSK', currency: 'NOK' as const }],
    [USCO, { symbol: 'USCO', currency: 'USD' as const }],
  ]),
  dividends,
  fxRateOn: createFxRateOn([
    { date: '2025-01-01', rate: 10 },
    { date: '2026-01-01', rate: 10.5 },
    { date: '2026-06-01', rate: 11 },
  ]),
  costNok: toDecimal(100_000),
  valueNok: toDecimal(125_000),
});

const str = (d: { toFixed(): string } | null) => (d === null ? null : d.toFixed());

describe('portfolio income: two shares, USD and NOK, yearly and quarterly, bought after an ex-date', () => {
  it('received: the booked net dividends in NOK at their recorded rate, every month of the window', () => {
    expect(income.received.map((r) => [r.month, str(r.amountNok)])).toEqual([
      ['2025-07', '0'],
      ['2025-08', '0'],
      ['2025-09', '0'],
      ['2025-10', '0'],
      ['2025-11', '173.4'],
      ['2025-12', '0'],
      ['2026-01', '0'],
      ['2026-02', '178.5'],
      ['2026-03', '0'],
      ['2026-04', '0'],
      ['2026-05', '0'],
      ['2026-06', '590'],
    ]);
  });

  it('expected: paid, announced and estimated rows with the quantity held at the ex-date', () => {
    expect(
      income.expected.map((r) => [
        r.symbol,
        r.exDate,
        r.payDate,
        str(r.perShare),
        str(r.quantity),
        str(r.amount),
        r.currency,
        str(r.amountNok),
        r.status,
      ]),
    ).toEqual([
      ['USCO', '2025-11-10', '2025-11-25', '0.5', '40', '20', 'USD', '173.4', 'paid'],
      ['USCO', '2026-02-10', '2026-02-25', '0.5', '40', '20', 'USD', '178.5', 'paid'],
      ['USCO', '2026-05-10', '2026-05-25', '0.5', '60', '30', 'USD', '315', 'announced'],
      ['NORSK', '2026-05-20', '2026-06-02', '6', '100', '600', 'NOK', '590', 'paid'],
      ['USCO', '2026-08-10', '2026-08-25', '0.55', '60', '33', 'USD', '363', 'announced'],
      ['USCO', '2026-11-10', '2026-11-25', '0.5', '60', '30', 'USD', '330', 'estimated'],
      ['USCO', '2027-02-10', '2027-02-25', '0.5', '60', '30', 'USD', '330', 'estimated'],
      ['USCO', '2027-05-10', '2027-05-25', '0.5', '60', '30', 'USD', '330', 'estimated'],
      ['NORSK', '2027-05-20', '2027-06-02', '6', '100', '600', 'NOK', '600', 'estimated'],
    ]);
  });

  it('totals: trailing and next 12 months in NOK, yields on cost and on value', () => {
    expect(str(income.totals.trailing12mNok)).toBe('941.9');
    expect(str(income.totals.next12mNok)).toBe('1953');
    expect(str(income.totals.yieldOnCost)).toBe('0.009419');
    expect(str(income.totals.yieldOnValue)).toBe('0.0075352');
  });

  it('a 3-month window lists only rows within 3 months of today but keeps the 12-month totals', () => {
    const short = computePortfolioIncome({
      today: '2026-06-15',
      months: 3,
      transactions,
      tickers: new Map([
        [NORSK, { symbol: 'NORSK', currency: 'NOK' as const }],
        [USCO, { symbol: 'USCO', currency: 'USD' as const }],
      ]),
      dividends,
      fxRateOn: createFxRateOn([{ date: '2025-01-01', rate: 11 }]),
      costNok: toDecimal(0),
      valueNok: toDecimal(0),
    });
    // Window (2026-03-15, 2026-09-15]: the unbooked May one, NORSK's June one, the announced August one.
    expect(short.expected.map((r) => `${r.symbol} ${r.exDate} ${r.status}`)).toEqual([
      'USCO 2026-05-10 announced',
      'NORSK 2026-05-20 paid',
      'USCO 2026-08-10 announced',
    ]);
    expect(short.received.map((r) => r.month)).toEqual(['2026-04', '2026-05', '2026-06']);
    // Denominators of 0: yields 0. next_12m at 11.00 throughout: 363 + 330 × 3 + 600.
    expect(str(short.totals.yieldOnCost)).toBe('0');
    expect(str(short.totals.next12mNok)).toBe('1953');
  });
});
