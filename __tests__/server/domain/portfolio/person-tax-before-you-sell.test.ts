/** @jest-environment node */
// Issue 38 items 4 and 5: the tax before you sell and the holdings a sale would realise at a loss,
// by the one engine, changing nothing. Expected figures worked out by hand (3.9 % for 2024, factor
// 1.72 and 22 % for 2025).
import { EVENT_BUY, EVENT_DEPOSIT } from '@/lib/constants';
import {
  computePersonTaxReport,
  createFxRateOn,
  InsufficientHoldingError,
  harvestRatesYear,
  lossHarvestCandidates,
  simulateSale,
  taxRatesFor,
  toDecimal,
  type PersonTaxInput,
  type PersonTaxTicker,
  type TransactionInput,
} from '@/server/domain/portfolio';

const EQNR = 1;
const NHY = 2;
const DNB = 3;
const ticker = (symbol: string, close: number): PersonTaxTicker => ({
  symbol,
  currency: 'NOK',
  isin: null,
  treatyRate: null,
  closeOn: () => toDecimal(close),
});
const tickers = new Map([
  [EQNR, ticker('EQNR', 300)],
  [NHY, ticker('NHY', 70)],
  [DNB, ticker('DNB', 200)],
]);

function input(portfolios: PersonTaxInput['portfolios']): PersonTaxInput {
  return {
    year: 2025,
    portfolios,
    tickers,
    fxRateOn: createFxRateOn([{ date: '2019-01-01', rate: '10' }]),
    ratesFor: taxRatesFor,
  };
}

const buy = (
  id: number,
  tickerId: number,
  date: string,
  q: number,
  p: number,
  fee = 0,
): TransactionInput => ({
  id,
  tickerId,
  date,
  eventId: EVENT_BUY,
  quantity: q,
  price: p,
  fee,
});

describe('the tax before you sell', () => {
  // Buy 100 EQNR @ 250 + 39 on 2024-01-10 (25 039) in portfolio 1, 50 @ 300 + 39 on 2024-03-15
  // (15 039) in portfolio 2. 31.12.2024: 976.521 and 586.521 shielding.
  // Selling 120 @ 320 from portfolio 2 on 2025-09-20: proceeds 38 400; FIFO takes portfolio 1's
  // 100 (25 039, shielding 976.521) and 20 of portfolio 2's 50 (6 015.6, shielding 234.6084):
  // cost 31 054.6, gain 7 345.4, shielding used 1 211.1294; taxable 6 134.2706; × 1.72 × 0.22 =
  // 2 321.20799504.
  const ledgers = () =>
    input([
      {
        id: 1,
        accountType: 'ordinary',
        baseCurrency: 'NOK',
        ledger: [buy(1, EQNR, '2024-01-10', 100, 250, 39)],
      },
      {
        id: 2,
        accountType: 'ordinary',
        baseCurrency: 'NOK',
        ledger: [buy(2, EQNR, '2024-03-15', 50, 300, 39)],
      },
    ]);
  const sale = {
    portfolioId: 2,
    tickerId: EQNR,
    quantity: toDecimal(120),
    price: toDecimal(320),
    date: '2025-09-20',
  };

  it('names the lots FIFO takes, oldest first, and the tax', () => {
    expect(simulateSale(ledgers(), sale)).toEqual({
      lots: [
        { portfolio_id: 1, date: '2024-01-10', quantity: 100, cost: 25039 },
        { portfolio_id: 2, date: '2024-03-15', quantity: 20, cost: 6015.6 },
      ],
      proceeds: 38400,
      cost: 31054.6,
      gain: 7345.4,
      shielding_used: 1211.13,
      taxable: 6134.27,
      estimated_tax: 2321.21,
      ask: null,
    });
  });

  it('changes nothing', () => {
    const data = ledgers();
    const before = computePersonTaxReport(data);
    simulateSale(data, sale);
    expect(computePersonTaxReport(data)).toEqual(before);
    expect(simulateSale(data, sale)).toEqual(simulateSale(data, sale));
  });

  it('refuses a sale of more than the person holds', () => {
    expect(() => simulateSale(ledgers(), { ...sale, quantity: toDecimal(151) })).toThrow(
      InsufficientHoldingError,
    );
  });

  it('says 0 now in an aksjesparekonto, and how much of a withdrawal would be taxable', () => {
    // Deposit 100 000 on 2024-01-02, buy 400 EQNR @ 250 (100 000). 2024 shielding 100 000 × 0.039
    // = 3 900. Selling 400 @ 300 on 2025-03-01: proceeds 120 000, gain 20 000, nothing taxed now.
    // Withdrawing the 120 000: 100 000 innskudd + 3 900 shielding tax-free, 16 100 taxable;
    // 16 100 × 1.72 × 0.22 = 6 092.24.
    const data = input([
      {
        id: 7,
        accountType: 'ask',
        baseCurrency: 'NOK',
        ledger: [
          { id: 1, tickerId: null, date: '2024-01-02', eventId: EVENT_DEPOSIT, quantity: 1, price: 100000 },
          buy(2, EQNR, '2024-01-03', 400, 250),
        ],
      },
    ]);
    const r = simulateSale(data, {
      ...sale,
      portfolioId: 7,
      quantity: toDecimal(400),
      price: toDecimal(300),
      date: '2025-03-01',
    });
    expect(r).toMatchObject({ proceeds: 120000, cost: 100000, gain: 20000, taxable: 0, estimated_tax: 0 });
    expect(r.ask).toEqual({
      taxable_now: 0,
      tax_free_withdrawal: 103900,
      withdrawal_taxable: 16100,
      withdrawal_estimated_tax: 6092.24,
    });
  });
});

describe('holdings a sale would realise at a loss', () => {
  it('lists them with the tax saved and the shielding that lapses', () => {
    // NHY: 100 @ 100 on 2024-01-02 (10 000); 2024 shielding 390. At the close 70 on 2025-11-01:
    // value 7 000, loss −3 000; saves 3 000 × 1.72 × 0.22 = 1 135.20; the 390 lapses.
    // DNB: 10 @ 50 (500), now 200: a gain, not listed.
    const data = input([
      {
        id: 1,
        accountType: 'ordinary',
        baseCurrency: 'NOK',
        ledger: [buy(1, NHY, '2024-01-02', 100, 100), buy(2, DNB, '2024-01-02', 10, 50)],
      },
    ]);
    expect(lossHarvestCandidates(data, '2025-11-01')).toEqual([
      {
        ticker_id: NHY,
        symbol: 'NHY',
        quantity: 100,
        value: 7000,
        cost: 10000,
        loss: -3000,
        tax_saved: 1135.2,
        shielding_lapsing: 390,
      },
    ]);
  });
});

describe('before year end in a year whose rates are not in the file yet', () => {
  // The rates file holds 2025 as its last year. On 2026-11-28 NHY (bought 2024-01-02, 100 @ 100 =
  // 10 000; 31.12.2024 earns 390, 31.12.2025 (10 000 + 390) × 0.036 = 374.04, carried 764.04) is
  // worth 100 × 70 = 7 000: loss −3 000. The estimate uses 2025's factor and rate (the latest year
  // that has them): 3 000 × 1.72 × 0.22 = 1 135.20 saved; 764.04 of shielding lapses.
  it('estimates with the latest year that has a factor and a tax rate, and says which', () => {
    const data = input([
      { id: 1, accountType: 'ordinary', baseCurrency: 'NOK', ledger: [buy(1, NHY, '2024-01-02', 100, 100)] },
    ]);
    expect(harvestRatesYear(data, '2026-11-28')).toBe(2025);
    expect(harvestRatesYear(data, '2025-11-28')).toBe(2025);
    expect(lossHarvestCandidates(data, '2026-11-28')).toEqual([
      expect.objectContaining({ ticker_id: NHY, loss: -3000, tax_saved: 1135.2, shielding_lapsing: 764.04 }),
    ]);
  });
});
