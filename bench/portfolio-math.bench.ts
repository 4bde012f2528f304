/**
 * Portfolio mathematics benchmark: prints figures, asserts nothing. Run with
 * `npx tsx bench/portfolio-math.bench.ts`. One portfolio of 10,000 transactions over 50 tickers
 * (10 of them in USD) across 10 years; times results, the FIFO tax view and the daily performance
 * series over the whole 10 years (about 2,600 sessions), best and p95 of 20 runs each. The series
 * is timed from scratch and as the service computes it after a write (one buy of one ticker three
 * sessions before the end): that ticker's timeline again, the other timelines and the earlier days
 * taken from the previous result.
 */
import { performance } from 'node:perf_hooks';
import { EVENT_BUY, EVENT_DIVIDEND, EVENT_SELL, EVENT_SPLIT } from '@/lib/constants';
import {
  combinePerformance,
  computePerformance,
  computePortfolioResults,
  computeTickerTimelines,
  normalizeTransactions,
  performanceCalendar,
  computePersonTaxReport,
  taxRatesFor,
  createFxRateOn,
  toDecimal,
  type FxPoint,
  type PricePoint,
  type TickerInfo,
  type TransactionInput,
} from '@/server/domain/portfolio';
import type Decimal from 'decimal.js';
import { mulberry32 } from '@/server/market-data/demo/prng';

const TICKERS = 50;
const USD_TICKERS = 10;
const TRANSACTIONS = 10_000;
const RUNS = 20;
const FROM = '2015-01-01';
const TO = '2024-12-31';

/** Every weekday from FROM to TO. */
function weekdays(): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${FROM}T00:00:00Z`); t <= Date.parse(`${TO}T00:00:00Z`); t += 86_400_000) {
    const d = new Date(t);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) days.push(d.toISOString().slice(0, 10));
  }
  return days;
}

/** A random walk of closes rounded to cents. */
function walk(random: () => number, days: readonly string[], start: number, sigma: number): PricePoint[] {
  let close = start;
  return days.map((date) => {
    close = Math.max(0.01, close * (1 + (random() - 0.5) * 2 * sigma));
    return { date, close: Math.round(close * 100) / 100 };
  });
}

function buildPortfolio() {
  const random = mulberry32(20240601);
  const days = weekdays();
  const closes = new Map<number, PricePoint[]>();
  const tickers = new Map<number, TickerInfo>();
  for (let id = 1; id <= TICKERS; id++) {
    const series = walk(random, days, 10 + random() * 500, 0.02);
    closes.set(id, series);
    tickers.set(id, {
      currency: id > TICKERS - USD_TICKERS ? 'USD' : 'NOK',
      lastPrice: series[series.length - 1].close,
    });
  }
  const fx: FxPoint[] = walk(random, days, 8.5, 0.004).map((p) => ({ date: p.date, rate: p.close }));
  const index = walk(random, days, 1000, 0.01);

  // Transactions in chronological order, so sells can be kept within the holding.
  const held = new Map<number, Decimal>();
  const transactions: TransactionInput[] = [];
  const dayIndexes = Array.from({ length: TRANSACTIONS }, () => Math.floor(random() * days.length)).sort(
    (a, b) => a - b,
  );
  dayIndexes.forEach((dayIndex, i) => {
    const tickerId = 1 + Math.floor(random() * TICKERS);
    const date = days[dayIndex];
    const close = Number((closes.get(tickerId) as PricePoint[])[dayIndex].close);
    const have = held.get(tickerId) ?? toDecimal(0);
    const roll = random();
    const fee = toDecimal(Math.round(random() * 9900) / 100);
    let eventId: number =
      roll < 0.6 ? EVENT_BUY : roll < 0.9 ? EVENT_SELL : roll < 0.998 ? EVENT_DIVIDEND : EVENT_SPLIT;
    if (eventId === EVENT_SELL && have.isZero()) eventId = EVENT_BUY;
    let quantity = toDecimal(1 + Math.floor(random() * 200));
    let price = toDecimal(close);
    if (eventId === EVENT_SELL && quantity.gt(have)) quantity = have;
    if (eventId === EVENT_DIVIDEND) {
      quantity = have.isZero() ? toDecimal(1) : have;
      price = toDecimal(Math.round(close * 2) / 100);
    }
    if (eventId === EVENT_SPLIT) {
      quantity = toDecimal(random() < 0.5 ? 2 : '0.5');
      price = toDecimal(0);
    }
    if (eventId === EVENT_BUY) held.set(tickerId, have.plus(quantity));
    if (eventId === EVENT_SELL) held.set(tickerId, have.minus(quantity));
    if (eventId === EVENT_SPLIT) held.set(tickerId, have.mul(quantity));
    transactions.push({
      id: i + 1,
      tickerId,
      date,
      eventId,
      quantity,
      price,
      fee: eventId === EVENT_SPLIT ? 0 : fee,
    });
  });
  return { transactions, tickers, closes, fxRateOn: createFxRateOn(fx), index, days };
}

function measure(label: string, run: () => number): void {
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    size = run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const p95 = times[Math.ceil(0.95 * times.length) - 1];
  console.log(
    `${label.padEnd(34)} best ${times[0].toFixed(1).padStart(8)} ms   p95 ${p95.toFixed(1).padStart(8)} ms   (${size} rows)`,
  );
}

function main(): void {
  const setup = performance.now();
  const { transactions, tickers, closes, fxRateOn, index, days } = buildPortfolio();
  const counts = [EVENT_BUY, EVENT_SELL, EVENT_DIVIDEND, EVENT_SPLIT].map(
    (e) => transactions.filter((t) => t.eventId === e).length,
  );
  console.log(
    `portfolio: ${transactions.length} transactions (buy ${counts[0]}, sell ${counts[1]}, dividend ${counts[2]}, split ${counts[3]}), ` +
      `${TICKERS} tickers (${USD_TICKERS} USD), ${days.length} sessions; built in ${(performance.now() - setup).toFixed(0)} ms`,
  );
  console.log(`node ${process.version}, ${RUNS} runs each`);
  measure(
    'results (average cost, NOK base)',
    () => computePortfolioResults({ transactions, tickers, fxRateOn, asOf: TO, includeSold: true }).length,
  );
  measure(
    'tax view (the person engine, FIFO lots in NOK, one portfolio)',
    () =>
      computePersonTaxReport({
        year: Number(TO.slice(0, 4)),
        portfolios: [{ id: 1, accountType: 'ordinary', baseCurrency: 'NOK', ledger: transactions }],
        tickers: new Map(
          [...tickers].map(([id, t]) => [
            id,
            { currency: t.currency, symbol: String(id), isin: null, treatyRate: null, closeOn: () => null },
          ]),
        ),
        fxRateOn,
        ratesFor: taxRatesFor,
      }).ordinary.sales.length,
  );
  measure(
    'performance, 10 years daily',
    () =>
      computePerformance({ transactions, tickers, closes, indexCloses: index, fxRateOn, from: FROM, to: TO })
        .length,
  );

  // After a write: the previous series and every other ticker's timeline are at hand.
  const byTicker = new Map<number, ReturnType<typeof normalizeTransactions>>();
  for (const t of normalizeTransactions(transactions))
    byTicker.set(t.tickerId, [...(byTicker.get(t.tickerId) ?? []), t]);
  const calendar = performanceCalendar(
    [...[...byTicker.keys()].map((id) => closes.get(id)), index],
    FROM,
    TO,
  );
  const timelineOf = (tickerId: number, list: ReturnType<typeof normalizeTransactions>) =>
    computeTickerTimelines([
      { tickerId, currency: tickers.get(tickerId)!.currency, transactions: list, calendar, fxRateOn },
    ]).get(tickerId)!;
  const timelines = new Map([...byTicker].map(([id, list]) => [id, timelineOf(id, list)]));
  const combine = (withTimelines: typeof timelines, previous?: ReturnType<typeof combinePerformance>) =>
    combinePerformance({
      calendar,
      timelines: withTimelines,
      closes,
      indexCloses: index,
      fxRateOn,
      previous,
    });
  const before = combine(timelines);
  const written = [...byTicker.keys()][0];
  const buy = normalizeTransactions([
    {
      id: TRANSACTIONS + 1,
      tickerId: written,
      date: days[days.length - 3],
      eventId: EVENT_BUY,
      quantity: 1,
      price: 100,
    },
  ]);
  measure('performance after one write', () => {
    const after = new Map(timelines).set(written, timelineOf(written, [...byTicker.get(written)!, ...buy]));
    return combine(after, before).points.length;
  });
}

main();
