/** @jest-environment node */
// Issue 38 item 1: the per-portfolio tax view is the person engine's answer filtered to the
// portfolio (portfolioTaxView): the same lines, numbers and rates, each trade at its own rate.
import fc from 'fast-check';
import { EVENT_BUY, EVENT_DIVIDEND, EVENT_SELL } from '@/lib/constants';
import {
  computePersonTaxReport,
  createFxRateOn,
  portfolioTaxView,
  taxRatesFor,
  toDecimal,
  type PersonTaxPortfolio,
  type PersonTaxTicker,
  type TransactionInput,
} from '@/server/domain/portfolio';

const NOK1 = 1;
const NOK2 = 2;
const USD = 3;
const tickers = new Map<number, PersonTaxTicker>(
  [
    [NOK1, 'NOK'],
    [NOK2, 'NOK'],
    [USD, 'USD'],
  ].map(([id, currency]) => [
    id as number,
    {
      symbol: `T${id}`,
      currency: currency as 'NOK' | 'USD',
      isin: null,
      treatyRate: currency === 'USD' ? 0.15 : null,
      closeOn: () => toDecimal(100),
    },
  ]),
);
const fxRateOn = createFxRateOn([{ date: '2019-01-01', rate: '10' }]);
const names = { eventYears: [], longNameOf: () => '' };

function report(year: number, portfolios: PersonTaxPortfolio[]) {
  return computePersonTaxReport({ year, portfolios, tickers, fxRateOn, ratesFor: taxRatesFor });
}

describe('a USD sale at the trade’s own rates', () => {
  it('gives the same gain in the portfolio view as in the person report', () => {
    // Buy 10 @ 100 USD at 10.5 NOK/USD = 10 500 NOK; sell 10 @ 116 USD at 10.0 = 11 600 NOK:
    // gain 1 100 (the market's 10 for both would make it 1 600).
    const ledger: TransactionInput[] = [
      {
        id: 1,
        tickerId: USD,
        date: '2025-01-10',
        eventId: EVENT_BUY,
        quantity: 10,
        price: 100,
        fxRate: 10.5,
      },
      { id: 2, tickerId: USD, date: '2025-06-10', eventId: EVENT_SELL, quantity: 10, price: 116, fxRate: 10 },
    ];
    const r = report(2025, [{ id: 4, accountType: 'ordinary', baseCurrency: 'NOK', ledger }]);
    const view = portfolioTaxView(r, 4, names);
    expect(view.sales.map((s) => [s.proceeds_nok, s.cost_nok, s.gain_nok])).toEqual([[11600, 10500, 1100]]);
    expect(view.totals.gain_nok).toBe(1100);
    expect(view.rates).toEqual(r.rates);
  });
});

describe('property: random ledgers over several portfolios and years', () => {
  it('the portfolios’ views hold exactly the person report’s lines, and their gains sum to its total', () => {
    const step = fc.record({
      ticker: fc.constantFrom(NOK1, NOK2, USD),
      owner: fc.integer({ min: 0, max: 2 }),
      day: fc.integer({ min: 0, max: 1500 }),
      kind: fc.constantFrom('buy', 'buy', 'sell', 'dividend'),
      quantity: fc.integer({ min: 1, max: 40 }),
      price: fc.integer({ min: 1, max: 400 }),
      fee: fc.integer({ min: 0, max: 30 }),
      fx: fc.option(fc.integer({ min: 800, max: 1200 }), { nil: null }),
    });
    fc.assert(
      fc.property(
        fc.array(step, { minLength: 1, maxLength: 30 }),
        fc.constantFrom(2023, 2024, 2025),
        (steps, year) => {
          // A valid person-level history: a sell never exceeds what the person holds.
          const held = new Map<number, number>();
          const ledgers = new Map<number, TransactionInput[]>();
          [...steps]
            .sort((a, b) => a.day - b.day)
            .forEach((s, i) => {
              const date = new Date(Date.UTC(2022, 0, 3) + s.day * 86_400_000).toISOString().slice(0, 10);
              const h = held.get(s.ticker) ?? 0;
              const base = { id: i + 1, tickerId: s.ticker, date, price: s.price, fee: s.fee };
              const fxRate = s.ticker === USD && s.fx !== null ? s.fx / 100 : null;
              let tx: TransactionInput | null = null;
              if (s.kind === 'buy') {
                held.set(s.ticker, h + s.quantity);
                tx = { ...base, eventId: EVENT_BUY, quantity: s.quantity, fxRate };
              } else if (s.kind === 'sell' && h > 0) {
                const q = Math.min(h, s.quantity);
                held.set(s.ticker, h - q);
                tx = { ...base, eventId: EVENT_SELL, quantity: q, fxRate };
              } else if (s.kind === 'dividend' && h > 0) {
                tx = { ...base, eventId: EVENT_DIVIDEND, quantity: h, price: s.price / 100, fee: 0 };
              }
              if (tx) ledgers.set(s.owner, [...(ledgers.get(s.owner) ?? []), tx]);
            });
          const portfolios: PersonTaxPortfolio[] = [0, 1, 2].map((owner) => ({
            id: 10 + owner,
            accountType: 'ordinary',
            baseCurrency: 'NOK',
            ledger: ledgers.get(owner) ?? [],
          }));
          const r = report(year, portfolios);
          const views = portfolios.map((p) => portfolioTaxView(r, p.id, names));
          // Every view's lines are the report's lines of that portfolio, number for number.
          for (const [i, view] of views.entries()) {
            const own = r.ordinary.sales.filter((s) => s.portfolio_id === portfolios[i].id);
            expect(
              view.sales.map((s) => [
                s.transaction_id,
                s.date,
                s.quantity,
                s.proceeds_nok,
                s.cost_nok,
                s.gain_nok,
                s.shielding_used_nok,
              ]),
            ).toEqual(
              own.map((s) => [
                s.transaction_id,
                s.date,
                s.quantity,
                s.proceeds,
                s.cost,
                s.gain,
                s.shielding_used,
              ]),
            );
          }
          // No line is lost or counted twice, and the gains add up to the person's.
          expect(views.reduce((n, v) => n + v.sales.length, 0)).toBe(r.ordinary.sales.length);
          const sum = views.reduce((acc, v) => acc.plus(toDecimal(v.totals.gain_nok)), toDecimal(0));
          expect(sum.eq(toDecimal(r.ordinary.totals.gains).plus(toDecimal(r.ordinary.totals.losses)))).toBe(
            true,
          );
        },
      ),
      { numRuns: 100 },
    );
  });
});
