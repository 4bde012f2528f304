/** @jest-environment node */
// Issue 38: the person-level tax engine on every event kind and every rule of the audit. Each
// expected figure is worked out by hand in the comment beside it from Skatteetaten's rules
// (skjermingsrente 0.5 % 2021, 1.6 % 2022, 3.2 % 2023, 3.9 % 2024, 3.6 % 2025; factor 1.44 for
// 2021, 1.6 / 1.72 for 2022 by sale date, 1.72 from 2023; 22 %), never by the code under test.
import {
  EVENT_BUY,
  EVENT_CAPITAL_RETURN,
  EVENT_DEPOSIT,
  EVENT_DIVIDEND,
  EVENT_EXCHANGE_IN,
  EVENT_EXCHANGE_OUT,
  EVENT_INTEREST,
  EVENT_SELL,
  EVENT_SPLIT,
  EVENT_WITHDRAWAL,
} from '@/lib/constants';
import { InsufficientHoldingError, type PersonTaxTicker } from '@/server/domain/portfolio';
import { ordinary, reportFor, taxTicker, transactionWriter } from './personTaxLedger';

const OLD = 1;
const NEW = 2;
const NHY = 3;
const US1 = 4;
const US2 = 5;
const FUND50 = 6;
const RENTE = 7;
const FUND90 = 8;

const TICKERS = new Map<number, PersonTaxTicker>([
  [OLD, taxTicker('OLD', 'NOK', 50)],
  [NEW, taxTicker('NEW', 'NOK', 100)],
  [NHY, taxTicker('NHY', 'NOK', 70)],
  [US1, taxTicker('US1', 'USD', 10)],
  [US2, taxTicker('US2', 'USD', 10)],
  [FUND50, taxTicker('KOMBI', 'NOK', 100, { kind: 'fund', sharePart: 50 })],
  [RENTE, taxTicker('RENTE', 'NOK', 100, { kind: 'fund', sharePart: 10 })],
  [FUND90, taxTicker('INDEKS', 'NOK', 100, { kind: 'fund', sharePart: 90 })],
]);

const t = transactionWriter();

// USD/NOK 10 throughout (used only where a trade has no rate of its own).
const report = reportFor(TICKERS, '2019-01-01');

describe('a capital return and a merger in an ordinary portfolio (the crash)', () => {
  // Buy 100 OLD @ 50 on 2024-01-10: cost 5 000. Capital return 100 × 5 = 500 on 2024-06-01: cost
  // 4 500 (skatteloven § 10-11 (2)). 31.12.2024: 4 500 × 0.039 = 175.50 shielding.
  // Merger 2025-03-01: the 100 OLD leave, 50 NEW come in with the cost 4 500, the date 2024-01-10
  // and the shielding 175.50 (Skatte-ABC A-5-6.12). Sell 50 NEW @ 100 on 2025-06-01: proceeds
  // 5 000, cost 4 500, gain 500, shielding used 175.50; taxable 324.50 × 1.72 = 558.14;
  // × 0.22 = 122.7908.
  const ledger = () => [
    t(OLD, '2024-01-10', EVENT_BUY, 100, 50),
    t(OLD, '2024-06-01', EVENT_CAPITAL_RETURN, 100, 5),
    t(OLD, '2025-03-01', EVENT_EXCHANGE_OUT, 100, 45),
    t(NEW, '2025-03-01', EVENT_EXCHANGE_IN, 50, 90),
    t(NEW, '2025-06-01', EVENT_SELL, 50, 100),
  ];

  it('reduces the cost by the capital returned and earns shielding on the rest', () => {
    const r = report(2024, [ordinary(1, ledger())]);
    expect(r.ordinary.securities).toEqual([
      expect.objectContaining({ ticker_id: OLD, quantity_end: 100, shielding_year: 175.5 }),
    ]);
  });

  it('carries cost, date and shielding through the merger to the sale', () => {
    const r = report(2025, [ordinary(1, ledger())]);
    expect(r.ordinary.sales).toEqual([
      expect.objectContaining({ ticker_id: NEW, quantity: 50, proceeds: 5000, cost: 4500, gain: 500 }),
    ]);
    expect(r.ordinary.sales[0].shielding_used).toBe(175.5);
    expect(r.ordinary.totals).toMatchObject({
      taxable: 324.5,
      taxable_adjusted: 558.14,
      estimated_tax: 122.79,
    });
  });
});

describe('the same split recorded in two portfolios on different dates', () => {
  // P1 buys 50 NHY @ 100 on 2024-01-10 (5 000), P2 50 @ 100 on 2024-01-11 (5 000). 31.12.2024:
  // each lot earns 5 000 × 0.039 = 195. The 2-for-1 split is recorded by P1 on 2025-02-01 and by
  // P2 on 2025-02-03: the person holds 200 shares (not 400). P2 buys 10 @ 55 on 2025-02-02, before
  // its own record of the split: those become 20 shares at P2's record (cost 550).
  // Sales 2025-06-01: P1 100 @ 60 = 6 000 takes P1's lot (100 shares, 5 000, shielding 195): gain
  // 1 000, 195 used. P2 100 @ 60 takes P2's first lot: gain 1 000, 195 used.
  // Totals: gains 2 000, shielding 390, taxable 1 610 × 1.72 = 2 769.20; × 0.22 = 609.224.
  // Left: P2's 20 shares (cost 550), valued 20 × 70 = 1 400 on 31.12.
  const portfolios = () => [
    ordinary(1, [
      t(NHY, '2024-01-10', EVENT_BUY, 50, 100),
      t(NHY, '2025-02-01', EVENT_SPLIT, 2, 0, 0, { splitTo: 2, splitFrom: 1 }),
      t(NHY, '2025-06-01', EVENT_SELL, 100, 60),
    ]),
    ordinary(2, [
      t(NHY, '2024-01-11', EVENT_BUY, 50, 100),
      t(NHY, '2025-02-02', EVENT_BUY, 10, 55),
      t(NHY, '2025-02-03', EVENT_SPLIT, 2, 0, 0, { splitTo: 2, splitFrom: 1 }),
      t(NHY, '2025-06-01', EVENT_SELL, 100, 60),
    ]),
  ];

  it('is applied once to the person’s holding', () => {
    const r = report(2025, portfolios());
    expect(r.ordinary.sales.map((s) => [s.portfolio_id, s.cost, s.gain, s.shielding_used])).toEqual([
      [1, 5000, 1000, 195],
      [2, 5000, 1000, 195],
    ]);
    expect(r.ordinary.securities[0]).toMatchObject({ quantity_end: 20, value_end: 1400 });
    expect(r.ordinary.totals).toMatchObject({ gains: 2000, shielding_used: 390, taxable: 1610 });
    expect(r.ordinary.totals.estimated_tax).toBe(609.22);
    expect(r.ordinary.warnings).toEqual([]);
  });

  it('keeps two real splits of one ratio years apart apart', () => {
    // P1 holds 10 from 2020 and records 2-for-1 in 2021 and again in 2024 (20, then 40 shares). P2
    // buys 5 in 2023 and records the 2024 split (10 shares). The person holds 40 + 10 = 50: P2's
    // record is the 2024 split, not the 2021 one, so P2's shares split once.
    const r = report(2025, [
      ordinary(1, [
        t(NHY, '2020-03-02', EVENT_BUY, 10, 100),
        t(NHY, '2021-05-03', EVENT_SPLIT, 2, 0, 0, { splitTo: 2, splitFrom: 1 }),
        t(NHY, '2024-05-02', EVENT_SPLIT, 2, 0, 0, { splitTo: 2, splitFrom: 1 }),
      ]),
      ordinary(2, [
        t(NHY, '2023-03-01', EVENT_BUY, 5, 100),
        t(NHY, '2024-05-06', EVENT_SPLIT, 2, 0, 0, { splitTo: 2, splitFrom: 1 }),
      ]),
    ]);
    expect(r.ordinary.securities[0].quantity_end).toBe(50);
  });

  it('names a second record with another ratio as a data warning', () => {
    // P2 records 3-for-1 four days after P1's 2-for-1: the two records contradict each other.
    const r = report(2025, [
      ordinary(1, [
        t(NHY, '2024-01-10', EVENT_BUY, 50, 100),
        t(NHY, '2025-02-01', EVENT_SPLIT, 2, 0, 0, { splitTo: 2, splitFrom: 1 }),
      ]),
      ordinary(2, [
        t(NHY, '2024-01-11', EVENT_BUY, 50, 100),
        t(NHY, '2025-02-05', EVENT_SPLIT, 3, 0, 0, { splitTo: 3, splitFrom: 1 }),
      ]),
    ]);
    expect(r.ordinary.warnings).toEqual([
      { code: 'SPLIT_CONFLICT', ticker_id: NHY, portfolio_id: 2, date: '2025-02-05' },
    ]);
  });
});

describe('2022: two factors chosen by the sale date', () => {
  // Buy 100 NHY @ 100 on 2021-01-04: 10 000. 31.12.2021: 10 000 × 0.005 = 50 shielding.
  // Sell 50 @ 120 on 2022-10-05: proceeds 6 000, cost 5 000, gain 1 000, 25 used: 975 × 1.6 = 1 560.
  // Sell 50 @ 120 on 2022-10-06: the same, 975 × 1.72 = 1 677. Adjusted 3 237; × 0.22 = 712.14.
  it('applies 1.6 until 5 October and 1.72 from 6 October', () => {
    const r = report(2022, [
      ordinary(1, [
        t(NHY, '2021-01-04', EVENT_BUY, 100, 100),
        t(NHY, '2022-10-05', EVENT_SELL, 50, 120),
        t(NHY, '2022-10-06', EVENT_SELL, 50, 120),
      ]),
    ]);
    expect(r.rates).toMatchObject({
      skjermingsrente: 1.6,
      oppjusteringsfaktor: 1.6,
      oppjusteringsfaktor_from: [{ date: '2022-10-06', value: 1.72 }],
      tax_rate: 22,
    });
    expect(r.ordinary.totals).toMatchObject({
      gains: 2000,
      shielding_used: 50,
      taxable: 1950,
      taxable_adjusted: 3237,
      estimated_tax: 712.14,
    });
  });
});

describe('2023 skjermingsrente', () => {
  it('is 3.2 %', () => {
    // Buy 1 000 NHY @ 10 on 2023-01-02: 10 000 × 0.032 = 320 on 31.12.2023.
    const r = report(2023, [ordinary(1, [t(NHY, '2023-01-02', EVENT_BUY, 1000, 10)])]);
    expect(r.rates.skjermingsrente).toBe(3.2);
    expect(r.rates.missing_skjermingsrente_years).toEqual([]);
    expect(r.ordinary.securities[0]).toMatchObject({ shielding_year: 320, shielding_carried: 320 });
    // Wealth 31.12.2023: 1 000 × 70 = 70 000 at 80 % = 56 000.
    expect(r.ordinary.securities[0]).toMatchObject({ value_end: 70000, wealth_value_end: 56000 });
  });
});

describe('the withholding credit, pooled per income category', () => {
  // US1 and US2: 100 each @ 10 USD at 10 NOK on 2024-01-02: 10 000 NOK each. 31.12.2024: 390 each.
  // 2025: US1 pays 100 × 0.30 USD = 300 NOK, 45 withheld; US2 100 × 3 USD = 3 000 NOK, 450 withheld.
  // 31.12.2025: each earns (10 000 + 390) × 0.036 = 374.04; available 764.04 each. US1's dividend
  // is fully shielded (300 used); US2's: 764.04 used, 2 235.96 taxable.
  // Taxable 3 300 − 1 064.04 = 2 235.96; × 1.72 = 3 845.8512; Norwegian tax 846.087264.
  // Pooled: credit min(45 + 450, 846.09) = 495 (capped per security it would be 0 + 450).
  // Estimated 846.087264 − 495 = 351.087264.
  it('credits the pool up to the Norwegian tax on the foreign income', () => {
    const r = report(2025, [
      ordinary(1, [
        t(US1, '2024-01-02', EVENT_BUY, 100, 10),
        t(US2, '2024-01-02', EVENT_BUY, 100, 10),
        t(US1, '2025-05-02', EVENT_DIVIDEND, 100, 0.3, 0, { withholdingTax: 4.5 }),
        t(US2, '2025-05-02', EVENT_DIVIDEND, 100, 3, 0, { withholdingTax: 45 }),
      ]),
    ]);
    expect(r.ordinary.totals).toMatchObject({
      dividends: 3300,
      shielding_used: 1064.04,
      withholding_credit: 495,
      withholding_credit_carried_in: 0,
      withholding_credit_carried_forward: 0,
    });
    expect(r.ordinary.totals.estimated_tax).toBe(351.09);
  });

  // US1 bought 2023-01-02 (10 000 NOK); 31.12.2023: 320. 2024: dividend 30 USD = 300 NOK, 45
  // withheld; 31.12.2024: (10 000 + 320) × 0.039 = 402.48; available 722.48 ≥ 300: nothing
  // taxable, no credit room: 45 carried forward. Carried shielding 422.48.
  // 2025: dividend 100 × 20 USD = 20 000 NOK, 3 000 withheld; 31.12.2025: (10 000 + 422.48) ×
  // 0.036 = 375.20928, available 797.68928; taxable 19 202.31072 (rounded 19 202.31); × 1.72 =
  // 33 027.9732; tax 7 266.154104. Own credit 3 000; room 4 266.15: the 45 carried in. Credit 3 045.
  const carry = () => [
    t(US1, '2023-01-02', EVENT_BUY, 100, 10),
    t(US1, '2024-05-02', EVENT_DIVIDEND, 100, 0.3, 0, { withholdingTax: 4.5 }),
    t(US1, '2025-05-02', EVENT_DIVIDEND, 100, 20, 0, { withholdingTax: 300 }),
  ];

  it('carries what cannot be credited forward, as a line', () => {
    const r = report(2024, [ordinary(1, carry())]);
    expect(r.ordinary.totals).toMatchObject({
      withholding_credit: 0,
      withholding_credit_carried_forward: 45,
      estimated_tax: 0,
    });
  });

  it('uses the carried credit the next year', () => {
    const r = report(2025, [ordinary(1, carry())]);
    expect(r.ordinary.totals).toMatchObject({
      taxable: 19202.31,
      withholding_credit: 3045,
      withholding_credit_carried_in: 45,
      withholding_credit_carried_forward: 0,
    });
    // 33 027.9732 × 0.22 = 7 266.154104; − 3 045 = 4 221.154104.
    expect(r.ordinary.totals.estimated_tax).toBe(4221.15);
  });
});

describe('a dividend from shares sold later the same year (RF-1059 example 2)', () => {
  // Buy 100 NHY @ 100 on 2024-01-02: 10 000; 31.12.2024: 390 carried. 2025-04-01: dividend
  // 100 × 3 = 300. 2025-06-01: sell all @ 90 = 9 000: loss −1 000. The carried 390 goes to the
  // dividend first (300 used), the rest (90) cannot increase the loss and lapses.
  // Taxable −1 000 + 300 − 300 = −1 000; × 1.72 = −1 720; × 0.22 = −378.40.
  it('uses the carried shielding on the dividend', () => {
    const r = report(2025, [
      ordinary(1, [
        t(NHY, '2024-01-02', EVENT_BUY, 100, 100),
        t(NHY, '2025-04-01', EVENT_DIVIDEND, 100, 3),
        t(NHY, '2025-06-01', EVENT_SELL, 100, 90),
      ]),
    ]);
    expect(r.ordinary.securities[0]).toMatchObject({ shielding_used_dividends: 300 });
    expect(r.ordinary.totals).toMatchObject({ losses: -1000, dividends: 300, taxable: -1000 });
    expect(r.ordinary.totals.estimated_tax).toBe(-378.4);
  });
});

describe('an aksjesparekonto closed at a loss', () => {
  // Deposit 10 000 on 2025-01-02, buy 100 NHY @ 100; sell all @ 80 = 8 000 on 06-01, withdraw
  // 8 000 on 06-02: no shares and no cash on 31.12: closed. The 2 000 of deposits left is a loss:
  // taxable −2 000; × 1.72 × 0.22 = −756.80.
  it('deducts the loss in the year it is closed', () => {
    const r = report(2025, [
      {
        id: 9,
        accountType: 'ask',
        baseCurrency: 'NOK',
        ledger: [
          t(null, '2025-01-02', EVENT_DEPOSIT, 1, 10000),
          t(NHY, '2025-01-03', EVENT_BUY, 100, 100),
          t(NHY, '2025-06-01', EVENT_SELL, 100, 80),
          t(null, '2025-06-02', EVENT_WITHDRAWAL, 1, 8000),
        ],
      },
    ]);
    expect(r.ask[0]).toMatchObject({
      closed: true,
      loss_on_closing: -2000,
      taxable: -2000,
      estimated_tax: -756.8,
      value_end: 0,
      wealth_value_end: 0,
    });
  });

  it('values an open account at 31.12 for wealth tax: shares at 80 %, cash in full', () => {
    // Deposit 10 000, buy 100 NHY @ 90 = 9 000: cash 1 000. 31.12.2025: 100 × 70 = 7 000 at 80 %
    // = 5 600, + 1 000 cash = 6 600 (market value 8 000).
    const r = report(2025, [
      {
        id: 10,
        accountType: 'ask',
        baseCurrency: 'NOK',
        ledger: [t(null, '2025-01-02', EVENT_DEPOSIT, 1, 10000), t(NHY, '2025-01-03', EVENT_BUY, 100, 90)],
      },
    ]);
    expect(r.ask[0]).toMatchObject({
      closed: false,
      loss_on_closing: 0,
      value_end: 8000,
      wealth_value_end: 6600,
    });
  });
});

describe('selling more than the person holds across every ordinary portfolio', () => {
  it('is refused', () => {
    // P1 holds 10; P2 sells 15: 5 more than the person holds.
    expect(() =>
      report(2025, [
        ordinary(1, [t(NHY, '2025-01-02', EVENT_BUY, 10, 100)]),
        ordinary(2, [t(NHY, '2025-02-02', EVENT_SELL, 15, 100)]),
      ]),
    ).toThrow(InsufficientHoldingError);
  });
});

describe('interest on cash', () => {
  it('is ordinary income at 22 %, without factor or shielding', () => {
    // 1 000 interest on 2025-03-01 (and 200 in 2024, another year): 1 000 × 0.22 = 220.
    const r = report(2025, [
      ordinary(1, [
        t(null, '2024-03-01', EVENT_INTEREST, 1, 200),
        t(null, '2025-03-01', EVENT_INTEREST, 1, 1000),
      ]),
    ]);
    expect(r.ordinary.totals).toMatchObject({ interest: 1000, interest_tax: 220, estimated_tax: 220 });
  });
});

describe('funds by their share part (skatteloven § 10-20)', () => {
  // Buy 100 @ 100 on 2024-01-02 (10 000); sell all @ 120 on 2025-06-01 (12 000): gain 2 000.
  const fundLedger = (id: number) => [
    t(id, '2024-01-02', EVENT_BUY, 100, 100),
    t(id, '2025-06-01', EVENT_SELL, 100, 120),
  ];

  it('splits a 50 % fund’s gain into share income and interest', () => {
    // Shielding 2024 on the share part of the cost: 5 000 × 0.039 = 195. Gain 2 000: share part
    // 1 000 − 195 = 805 × 1.72 = 1 384.60 × 0.22 = 304.612; interest part 1 000 × 0.22 = 220.
    // Estimated 524.612.
    const r = report(2025, [ordinary(1, fundLedger(FUND50))]);
    expect(r.ordinary.sales[0]).toMatchObject({ gain: 2000, interest_part: 1000, shielding_used: 195 });
    expect(r.ordinary.totals).toMatchObject({ taxable: 805, fund_interest: 1000, interest_tax: 220 });
    expect(r.ordinary.totals.estimated_tax).toBe(524.61);
  });

  it('taxes a fund with less than 20 % shares as interest only', () => {
    // No shielding (0 % share part); gain 2 000 × 0.22 = 440.
    const r2024 = report(2024, [ordinary(1, fundLedger(RENTE))]);
    expect(r2024.ordinary.securities[0].shielding_year).toBe(0);
    const r = report(2025, [ordinary(1, fundLedger(RENTE))]);
    expect(r.ordinary.totals).toMatchObject({
      taxable: 0,
      fund_interest: 2000,
      interest_tax: 440,
      estimated_tax: 440,
    });
  });

  it('taxes a fund with more than 80 % shares like shares', () => {
    // 10 000 × 0.039 = 390 shielding; 2 000 − 390 = 1 610 × 1.72 × 0.22 = 609.224.
    const r = report(2025, [ordinary(1, fundLedger(FUND90))]);
    expect(r.ordinary.totals).toMatchObject({ taxable: 1610, fund_interest: 0, estimated_tax: 609.22 });
  });
});
