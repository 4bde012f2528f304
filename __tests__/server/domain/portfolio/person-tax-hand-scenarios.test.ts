/** @jest-environment node */
// Issue 21: the person-level tax report on hand-worked scenarios. Every expected figure is worked
// out by hand in the comments from Skatteetaten's rules (skjermingsrente 3.9 % for 2024 and 3.6 %
// for 2025, oppjusteringsfaktor 1.72, 22 %), not by the code under test.
import fc from 'fast-check';
import {
  EVENT_BUY,
  EVENT_DEPOSIT,
  EVENT_DIVIDEND,
  EVENT_SELL,
  EVENT_SPLIT,
  EVENT_WITHDRAWAL,
} from '@/lib/constants';
import {
  type PersonTaxPortfolio,
  type PersonTaxReport,
  type TransactionInput,
} from '@/server/domain/portfolio';
import { ordinary, reportFor, taxTicker, transactionWriter } from './personTaxLedger';

const EQNR = 1;
const DNB = 2;
const AAPL = 3;

const TICKERS = new Map([
  [EQNR, taxTicker('EQNR', 'NOK', 70)],
  [DNB, taxTicker('DNB', 'NOK', 200)],
  [AAPL, taxTicker('AAPL', 'USD', 200)],
]);

const t = transactionWriter();

// USD/NOK 10 throughout (used only where a trade has no rate of its own).
const report = reportFor(TICKERS, '2020-01-01');

describe('the EQNR scenario: two buys in 2024, a FIFO sale in 2025, with shielding', () => {
  // Buy 100 @ 250 + 39 on 2024-01-10: cost 25 039. Buy 50 @ 300 + 39 on 2024-03-15: cost 15 039.
  // 31.12.2024 (3.9 %): lot 1 earns 25 039 × 0.039 = 976.521; lot 2 15 039 × 0.039 = 586.521.
  // Sell 120 @ 320 − 39 on 2025-09-20: proceeds 38 361. FIFO: all of lot 1 (25 039, shielding
  // 976.521) and 20/50 of lot 2 (6 015.6, shielding 234.6084): cost 31 054.6, gain 7 306.40,
  // shielding used 1 211.1294 (less than the gain).
  const buys = () => [
    t(EQNR, '2024-01-10', EVENT_BUY, 100, 250, 39),
    t(EQNR, '2024-03-15', EVENT_BUY, 50, 300, 39),
  ];
  const sale = () => t(EQNR, '2025-09-20', EVENT_SELL, 120, 320, 39);

  it('earns the 2024 shielding on every share held on 31.12', () => {
    const r = report(2024, [ordinary(1, [...buys(), sale()])]);
    expect(r.rates).toMatchObject({ skjermingsrente: 3.9, oppjusteringsfaktor: 1.72, tax_rate: 22 });
    expect(r.ordinary.sales).toEqual([]);
    // 976.521 + 586.521 = 1 563.042
    expect(r.ordinary.securities).toEqual([
      expect.objectContaining({
        ticker_id: EQNR,
        quantity_end: 150,
        shielding_year: 1563.04,
        shielding_carried: 1563.04,
      }),
    ]);
    // 150 × 70 = 10 500 at 31.12; listed shares at 80 % for wealth tax (Skatte-ABC F-20-7.1): 8 400.
    expect(r.ordinary.securities[0]).toMatchObject({ value_end: 10500, wealth_value_end: 8400 });
  });

  it('reduces the 2025 gain by the sold shares’ shielding and carries the rest', () => {
    const r = report(2025, [ordinary(1, [...buys(), sale()])]);
    expect(r.ordinary.sales).toEqual([
      {
        transaction_id: expect.any(Number),
        date: '2025-09-20',
        portfolio_id: 1,
        ticker_id: EQNR,
        symbol: 'EQNR',
        isin: 'NO000EQNR',
        quantity: 120,
        proceeds: 38361,
        cost: 31054.6,
        gain: 7306.4,
        interest_part: 0,
        shielding_used: 1211.13,
        lots_from_portfolios: [1],
      },
    ]);
    // The 30 left (cost 9 023.4, shielding 586.521 × 0.6 = 351.9126) earn
    // (9 023.4 + 351.9126) × 0.036 = 337.5112536; carried 351.9126 + 337.5112536 = 689.4238536.
    expect(r.ordinary.securities[0]).toMatchObject({
      quantity_end: 30,
      shielding_year: 337.51,
      shielding_carried: 689.42,
    });
    // taxable = 7 306.40 − 1 211.13 = 6 095.27; × 1.72 = 10 483.8644; × 0.22 = 2 306.450168.
    expect(r.ordinary.totals).toEqual({
      gains: 7306.4,
      losses: 0,
      dividends: 0,
      shielding_used: 1211.13,
      withholding_credit: 0,
      withholding_credit_carried_in: 0,
      withholding_credit_carried_forward: 0,
      taxable: 6095.27,
      taxable_adjusted: 10483.86,
      interest: 0,
      fund_interest: 0,
      interest_tax: 0,
      estimated_tax: 2306.45,
    });
  });

  it('takes the oldest shares from the other portfolio when the buys are split across two', () => {
    // Portfolio 1 holds the first buy, portfolio 2 the second and the sale: FIFO still sells
    // portfolio 1's 100 shares first, so the figures are the same as above.
    const [first, second] = buys();
    const r = report(2025, [ordinary(1, [first]), ordinary(2, [second, sale()])]);
    expect(r.ordinary.sales).toEqual([
      expect.objectContaining({
        portfolio_id: 2,
        cost: 31054.6,
        gain: 7306.4,
        shielding_used: 1211.13,
        lots_from_portfolios: [2, 1],
      }),
    ]);
    expect(r.ordinary.totals.estimated_tax).toBe(2306.45);
  });
});

describe('a dividend fully covered by shielding', () => {
  it('leaves nothing taxable and carries the rest', () => {
    // Buy 100 DNB @ 200 on 2024-02-01: cost 20 000. Dividend 100 × 2.5 = 250 on 2024-05-01.
    // 31.12.2024: 20 000 × 0.039 = 780 shielding; 250 used against the dividend, 530 carried.
    const r = report(2024, [
      ordinary(1, [
        t(DNB, '2024-02-01', EVENT_BUY, 100, 200),
        t(DNB, '2024-05-01', EVENT_DIVIDEND, 100, 2.5),
      ]),
    ]);
    expect(r.ordinary.securities[0]).toMatchObject({
      dividends: 250,
      shielding_used_dividends: 250,
      shielding_year: 780,
      shielding_carried: 530,
    });
    // taxable = 250 − 250 = 0.
    expect(r.ordinary.totals).toMatchObject({
      dividends: 250,
      shielding_used: 250,
      taxable: 0,
      estimated_tax: 0,
    });
  });
});

describe('an AAPL dividend with 15 % withheld', () => {
  it('credits the withholding and nets gross − withholding − fee', () => {
    // Buy 10 @ 180 USD at the trade's 11 NOK/USD: cost 19 800. Dividend 10 × 0.25 = 2.50 USD at
    // 10 NOK/USD: 25 NOK gross, 0.375 USD = 3.75 NOK withheld (15 %), fee 0.05 USD = 0.50 NOK, net
    // 25 − 3.75 − 0.50 = 20.75. Sold on 2025-11-03 at 180 USD × 11: proceeds 19 800, gain 0 — so
    // the shares earn no 2025 shielding and the dividend is taxed in full:
    // Norwegian tax on it 25 × 1.72 × 0.22 = 9.46 ≥ 3.75, treaty cap 15 % × 25 = 3.75: credit 3.75.
    const r = report(2025, [
      ordinary(1, [
        t(AAPL, '2025-01-10', EVENT_BUY, 10, 180, 0, { fxRate: 11 }),
        t(AAPL, '2025-05-15', EVENT_DIVIDEND, 10, 0.25, 0.05, { withholdingTax: 0.375, fxRate: 10 }),
        t(AAPL, '2025-11-03', EVENT_SELL, 10, 180, 0, { fxRate: 11 }),
      ]),
    ]);
    expect(r.ordinary.securities[0]).toMatchObject({
      dividends: 25,
      withholding: 3.75,
      withholding_credit: 3.75,
      dividend_fees: 0.5,
      dividends_net: 20.75,
      quantity_end: 0,
    });
    // The dividend as received: gross 25, withheld 3.75, fee 0.50, net 20.75 (all NOK at 10).
    expect(r.ordinary.dividends).toEqual([
      {
        date: '2025-05-15',
        portfolio_id: 1,
        ticker_id: AAPL,
        symbol: 'AAPL',
        isin: 'NO000AAPL',
        quantity: 10,
        gross: 25,
        withholding: 3.75,
        fee: 0.5,
        net: 20.75,
      },
    ]);
    // taxable 25; × 1.72 = 43; × 0.22 = 9.46; − 3.75 credit = 5.71.
    expect(r.ordinary.totals).toMatchObject({
      taxable: 25,
      taxable_adjusted: 43,
      withholding_credit: 3.75,
      estimated_tax: 5.71,
    });
  });
});

describe('a 2-for-1 split carries the shielding with the shares', () => {
  it('halves the cost and shielding per share and keeps the totals', () => {
    // Buy 100 EQNR @ 100 on 2024-01-10: cost 10 000; 31.12.2024: 390 shielding.
    // Split 2-for-1 on 2025-02-01: 200 shares, cost 10 000, shielding 390.
    // Sell 100 @ 60 on 2025-03-01: proceeds 6 000, FIFO half: cost 5 000, shielding 195; gain
    // 1 000, 195 used. The 100 left: (5 000 + 195) × 0.036 = 187.02, carried 195 + 187.02 = 382.02.
    const r = report(2025, [
      ordinary(1, [
        t(EQNR, '2024-01-10', EVENT_BUY, 100, 100),
        t(EQNR, '2025-02-01', EVENT_SPLIT, 2, 0, 0, { splitTo: 2, splitFrom: 1 }),
        t(EQNR, '2025-03-01', EVENT_SELL, 100, 60),
      ]),
    ]);
    expect(r.ordinary.sales[0]).toMatchObject({ quantity: 100, cost: 5000, gain: 1000, shielding_used: 195 });
    expect(r.ordinary.securities[0]).toMatchObject({
      quantity_end: 100,
      value_end: 7000,
      shielding_year: 187.02,
      shielding_carried: 382.02,
    });
  });
});

describe('an aksjesparekonto', () => {
  // 2024: deposit 100 000 on 01-02, buy 400 EQNR @ 250 on 01-03. Opened in 2024, its lowest
  // innskudd is 100 000: 2024 shielding 100 000 × 0.039 = 3 900, carried.
  // 2025: sell 400 @ 300 = 120 000 on 03-01 (inside the ASK: no taxable line); withdraw 60 000 on
  // 04-01 (within the innskudd: innskudd 40 000, nothing taxable).
  const history = () => [
    t(null, '2024-01-02', EVENT_DEPOSIT, 1, 100000),
    t(EQNR, '2024-01-03', EVENT_BUY, 400, 250),
    t(EQNR, '2025-03-01', EVENT_SELL, 400, 300),
    t(null, '2025-04-01', EVENT_WITHDRAWAL, 1, 60000),
  ];
  const ask = (ledger: TransactionInput[]): PersonTaxPortfolio => ({
    id: 7,
    accountType: 'ask',
    baseCurrency: 'NOK',
    ledger,
  });

  it('taxes nothing for a withdrawal within the deposits', () => {
    const r = report(2025, [ask(history())]);
    // Lowest innskudd 2025: 40 000; base 40 000 + 3 900 = 43 900; shielding 43 900 × 0.036 = 1 580.4;
    // carried 3 900 + 1 580.4 = 5 480.4. Value on 31.12: no shares, cash 120 000 − 60 000 = 60 000.
    expect(r.ask).toEqual([
      {
        portfolio_id: 7,
        deposits: 40000,
        value_end: 60000,
        shielding_base: 43900,
        shielding_year: 1580.4,
        shielding_carried: 5480.4,
        withdrawn_above_deposits: 0,
        shielding_used: 0,
        closed: false,
        loss_on_closing: 0,
        taxable: 0,
        estimated_tax: 0,
        // No shares, 60 000 cash: counted in full.
        wealth_value_end: 60000,
        dividends: [],
      },
    ]);
    expect(r.ordinary.sales).toEqual([]);
    expect(r.ordinary.securities).toEqual([]);
  });

  it('taxes a withdrawal above the deposits after the shielding', () => {
    // A second withdrawal of 60 000 on 05-01: 40 000 from the innskudd, 20 000 above it.
    // Lowest innskudd 2025: 0; base 0 + 3 900 = 3 900; shielding 3 900 × 0.036 = 140.4; available
    // 3 900 + 140.4 = 4 040.4, all used; taxable 20 000 − 4 040.4 = 15 959.6;
    // tax 15 959.6 × 1.72 × 0.22 = 6 039.11264.
    const r = report(2025, [ask([...history(), t(null, '2025-05-01', EVENT_WITHDRAWAL, 1, 60000)])]);
    expect(r.ask[0]).toMatchObject({
      deposits: 0,
      value_end: 0,
      shielding_base: 3900,
      shielding_year: 140.4,
      shielding_used: 4040.4,
      shielding_carried: 0,
      withdrawn_above_deposits: 20000,
      taxable: 15959.6,
      estimated_tax: 6039.11,
    });
  });
});

describe('a dividend inside an aksjesparekonto', () => {
  it('is listed with the account (gross, withholding, fee, net) and never as a taxable line', () => {
    // Deposit 10 000, buy 20 DNB @ 200 = 4 000, dividend 20 × 16 = 320 with a 2 kr fee on
    // 2025-05-02: gross 320, withholding 0, fee 2, net 318. Nothing in the ordinary part.
    const r = report(2025, [
      {
        id: 8,
        accountType: 'ask',
        baseCurrency: 'NOK',
        ledger: [
          t(null, '2025-01-02', EVENT_DEPOSIT, 1, 10000),
          t(DNB, '2025-01-03', EVENT_BUY, 20, 200),
          t(DNB, '2025-05-02', EVENT_DIVIDEND, 20, 16, 2),
        ],
      },
    ]);
    expect(r.ask[0].dividends).toEqual([
      {
        date: '2025-05-02',
        portfolio_id: 8,
        ticker_id: DNB,
        symbol: 'DNB',
        isin: 'NO000DNB',
        quantity: 20,
        gross: 320,
        withholding: 0,
        fee: 2,
        net: 318,
      },
    ]);
    expect(r.ask[0].taxable).toBe(0);
    expect(r.ordinary.dividends).toEqual([]);
    expect(r.ordinary.totals.dividends).toBe(0);
  });
});

describe('earlier years with a published skjermingsrente', () => {
  it('earns the 2018 (0.8 %) and 2019 (1.3 %) shielding from Skatteetaten’s rate pages', () => {
    // Buy 100 DNB @ 100 on 2018-03-01: cost 10 000. 31.12.2018: 10 000 × 0.008 = 80.
    // 31.12.2019: (10 000 + 80) × 0.013 = 131.04; carried 80 + 131.04 = 211.04.
    const r = report(2019, [ordinary(1, [t(DNB, '2018-03-01', EVENT_BUY, 100, 100)])]);
    expect(r.rates.skjermingsrente).toBe(1.3);
    expect(r.rates.missing_skjermingsrente_years).toEqual([]);
    expect(r.ordinary.securities[0]).toMatchObject({ shielding_year: 131.04, shielding_carried: 211.04 });
    // No cited factor for 2019 in the data file: no estimate rather than a guess.
    expect(r.ordinary.totals.estimated_tax).toBeNull();
  });
});

describe('a year without a published figure', () => {
  it('says so instead of guessing', () => {
    // 2026 is not in the data file: no rates, no estimate, and the year is named as missing.
    const r = report(2026, [ordinary(1, [t(DNB, '2026-01-05', EVENT_BUY, 1, 100)])]);
    expect(r.rates).toMatchObject({ skjermingsrente: null, oppjusteringsfaktor: null, tax_rate: null });
    expect(r.rates.missing_skjermingsrente_years).toEqual([2026]);
    expect(r.ordinary.totals.estimated_tax).toBeNull();
  });
});

describe('splitting one ordinary history over several portfolios', () => {
  /** The report without the fields that name portfolios. */
  function personFigures(r: PersonTaxReport) {
    return {
      ...r,
      ordinary: {
        ...r.ordinary,
        sales: r.ordinary.sales.map(({ portfolio_id: _p, lots_from_portfolios: _l, ...rest }) => rest),
        dividends: r.ordinary.dividends.map(({ portfolio_id: _p, ...rest }) => rest),
      },
    };
  }

  it('never changes the person-level report', () => {
    const step = fc.record({
      ticker: fc.constantFrom(EQNR, DNB, AAPL),
      day: fc.integer({ min: 0, max: 1000 }),
      kind: fc.constantFrom('buy', 'buy', 'sell', 'dividend'),
      quantity: fc.integer({ min: 1, max: 50 }),
      price: fc.integer({ min: 1, max: 500 }),
      fee: fc.integer({ min: 0, max: 40 }),
    });
    fc.assert(
      fc.property(
        fc.array(step, { minLength: 1, maxLength: 25 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 25, maxLength: 25 }),
        fc.constantFrom(2024, 2025),
        (steps, owners, year) => {
          // A valid person-level history: a sell never exceeds what the person holds.
          const held = new Map<number, number>();
          const ledger: TransactionInput[] = [];
          const sorted = [...steps].sort((a, b) => a.day - b.day);
          sorted.forEach((s, i) => {
            const date = new Date(Date.UTC(2023, 0, 2) + s.day * 86_400_000).toISOString().slice(0, 10);
            const h = held.get(s.ticker) ?? 0;
            const id = i + 1;
            if (s.kind === 'buy') {
              held.set(s.ticker, h + s.quantity);
              ledger.push({
                id,
                tickerId: s.ticker,
                date,
                eventId: EVENT_BUY,
                quantity: s.quantity,
                price: s.price,
                fee: s.fee,
              });
            } else if (s.kind === 'sell' && h > 0) {
              const q = Math.min(h, s.quantity);
              held.set(s.ticker, h - q);
              ledger.push({
                id,
                tickerId: s.ticker,
                date,
                eventId: EVENT_SELL,
                quantity: q,
                price: s.price,
                fee: s.fee,
              });
            } else if (s.kind === 'dividend' && h > 0) {
              ledger.push({
                id,
                tickerId: s.ticker,
                date,
                eventId: EVENT_DIVIDEND,
                quantity: h,
                price: s.price / 100,
                fee: 0,
              });
            }
          });
          const one = report(year, [ordinary(1, ledger)]);
          const parts = new Map<number, TransactionInput[]>();
          ledger.forEach((tx, i) => parts.set(owners[i], [...(parts.get(owners[i]) ?? []), tx]));
          const split = report(
            year,
            [...parts].map(([owner, txs]) => ordinary(10 + owner, txs)),
          );
          expect(personFigures(split)).toEqual(personFigures(one));
        },
      ),
      { numRuns: 150 },
    );
  });
});
