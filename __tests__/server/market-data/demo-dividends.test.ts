import { MARKET_OSLO, MARKET_US } from '@/lib/constants';
import { DemoProvider, demoDividendPlan, findUniverseTicker, universeTickers } from '@/server/market-data';
import { dayNumber, isWeekday } from '@/lib/dates';

describe('demo dividend schedule (issue 41)', () => {
  const all = [
    ...universeTickers(MARKET_OSLO).map((t) => ({ marketId: MARKET_OSLO, t })),
    ...universeTickers(MARKET_US).map((t) => ({ marketId: MARKET_US, t })),
  ];

  it('is deterministic: the same events for the same range', async () => {
    const p = new DemoProvider();
    const a = await p.getDividends('EQNR', MARKET_OSLO, { to: '2026-11-27' });
    const b = await new DemoProvider().getDividends('EQNR', MARKET_OSLO, { to: '2026-11-27' });
    expect(a).toEqual(b);
  });

  it('some shares pay nothing, most energy and financials pay, and yields stay in the sector range', () => {
    const plans = all.map(({ marketId, t }) => ({ t, plan: demoDividendPlan(marketId, t) }));
    const payers = plans.filter((p) => p.plan.payer);
    expect(payers.length).toBeGreaterThan(0);
    expect(payers.length).toBeLessThan(plans.length);
    for (const { t, plan } of payers) {
      // The widest sector range is 0.5 % – 8 %.
      expect(plan.yield).toBeGreaterThanOrEqual(0.005);
      expect(plan.yield).toBeLessThanOrEqual(0.08);
      expect(plan.months).toHaveLength(plan.perYear);
      if (t.sector === 'Information Technology') expect(plan.yield).toBeLessThanOrEqual(0.02);
    }
    const energy = plans.filter((p) => p.t.sector === 'Energy');
    expect(energy.filter((p) => p.plan.payer).length / energy.length).toBeGreaterThan(0.6);
  });

  it('US payers pay quarterly in USD; events are weekdays, paid after the ex-date, in the share currency', async () => {
    const p = new DemoProvider();
    for (const { marketId, t } of all) {
      const plan = demoDividendPlan(marketId, t);
      const events = await p.getDividends(t.symbol, marketId, { from: '2024-01-01', to: '2024-12-31' });
      if (!plan.payer) {
        expect(events).toEqual([]);
        continue;
      }
      if (marketId === MARKET_US) expect(plan.perYear).toBe(4);
      const in2024 = events.filter((e) => e.exDate <= '2024-12-31');
      expect(in2024).toHaveLength(plan.perYear);
      for (const e of events) {
        expect(isWeekday(dayNumber(e.exDate))).toBe(true);
        expect(e.payDate! > e.exDate).toBe(true);
        expect(e.currency).toBe(marketId === MARKET_US ? 'USD' : 'NOK');
        expect(e.amount).toBeGreaterThan(0);
      }
    }
  });

  it('a year of payments is the planned yield of the price level (within the growth and rounding)', async () => {
    const p = new DemoProvider();
    const payer = all.find(
      ({ marketId, t }) => t.priceLevel !== undefined && demoDividendPlan(marketId, t).payer,
    )!;
    const plan = demoDividendPlan(payer.marketId, payer.t);
    const events = await p.getDividends(payer.t.symbol, payer.marketId, {
      from: '2025-01-01',
      to: '2025-12-31',
    });
    const sum = events.filter((e) => e.exDate <= '2025-12-31').reduce((s, e) => s + e.amount, 0);
    // 2025 is the growth base year: sum = priceLevel × yield, each payment rounded to 0.01 (or 0.0001).
    expect(Math.abs(sum - payer.t.priceLevel! * plan.yield)).toBeLessThanOrEqual(0.005 * plan.perYear);
  });

  it('returns an announced event (ex-date after `to`, declared 21 days before it) and not one declared later', async () => {
    const p = new DemoProvider();
    const payer = all.find(({ marketId, t }) => demoDividendPlan(marketId, t).payer)!;
    const year = await p.getDividends(payer.t.symbol, payer.marketId, {
      from: '2025-01-01',
      to: '2025-12-31',
    });
    const first = year[0];
    const dayBefore = (iso: string, n: number) =>
      new Date(Date.parse(`${iso}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
    // Asked up to 21 days before its ex-date: announced (declared that day).
    const announced = await p.getDividends(payer.t.symbol, payer.marketId, {
      from: '2025-01-01',
      to: dayBefore(first.exDate, 21),
    });
    expect(announced[0]).toEqual(first);
    const notYet = await p.getDividends(payer.t.symbol, payer.marketId, {
      from: '2025-01-01',
      to: dayBefore(first.exDate, 22),
    });
    expect(notYet.find((e) => e.exDate === first.exDate)).toBeUndefined();
  });

  it('an unknown symbol is UNKNOWN_SYMBOL', async () => {
    expect(findUniverseTicker(MARKET_US, 'NOPE')).toBeUndefined();
    await expect(
      new DemoProvider().getDividends('NOPE', MARKET_US, { to: '2025-01-01' }),
    ).rejects.toMatchObject({
      code: 'UNKNOWN_SYMBOL',
    });
  });
});
