/**
 * `npx tsx bench/person-tax.bench.ts`: the person-level tax report (the one engine, issue 38) for a
 * person with 10,000 transactions over 20 years (2006–2025) in three ordinary portfolios and one
 * ASK, 40 securities (a quarter in USD at the trade's own rate), with dividends, splits, capital
 * returns and cash interest. Prints the time of the 2025 report (median of the runs) and of the
 * sale simulation. A figure, not a test.
 */
import { performance } from 'node:perf_hooks';
import {
  EVENT_BUY,
  EVENT_CAPITAL_RETURN,
  EVENT_DEPOSIT,
  EVENT_DIVIDEND,
  EVENT_INTEREST,
  EVENT_SELL,
  EVENT_SPLIT,
} from '@/lib/constants';
import {
  computePersonTaxReport,
  createFxRateOn,
  simulateSale,
  taxRatesFor,
  toDecimal,
  type PersonTaxPortfolio,
  type PersonTaxTicker,
  type TransactionInput,
} from '@/server/domain/portfolio';
import { mulberry32 } from '@/server/market-data/demo/prng';

const TRANSACTIONS = 10_000;
const TICKERS = 40;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const random = mulberry32(38);

const tickers = new Map<number, PersonTaxTicker>();
for (let id = 1; id <= TICKERS; id++)
  tickers.set(id, {
    symbol: `T${id}`,
    currency: id % 4 === 0 ? 'USD' : 'NOK',
    isin: null,
    treatyRate: id % 4 === 0 ? 0.15 : null,
    closeOn: () => toDecimal(100),
  });

const start = Date.UTC(2006, 0, 2);
const days = 20 * 365;
const ledgers = new Map<number, TransactionInput[]>([1, 2, 3, 4].map((p) => [p, []]));
const held = new Map<string, number>();
ledgers
  .get(4)!
  .push({ id: 1, tickerId: null, date: '2006-01-02', eventId: EVENT_DEPOSIT, quantity: 1, price: 1e9 });
for (let i = 2; i <= TRANSACTIONS; i++) {
  const date = new Date(start + Math.floor(((i - 1) / TRANSACTIONS) * days) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const portfolio = 1 + Math.floor(random() * 4);
  const tickerId = 1 + Math.floor(random() * TICKERS);
  const key = `${portfolio}|${tickerId}`;
  const h = held.get(key) ?? 0;
  const roll = random();
  const price = 50 + Math.floor(random() * 100);
  const fxRate = tickerId % 4 === 0 ? 8 + random() * 3 : null;
  let tx: TransactionInput;
  if (roll < 0.02 && portfolio === 4) {
    tx = { id: i, tickerId: null, date, eventId: EVENT_INTEREST, quantity: 1, price: 100 };
  } else if (h === 0 || roll < 0.5) {
    const q = 1 + Math.floor(random() * 50);
    held.set(key, h + q);
    tx = { id: i, tickerId, date, eventId: EVENT_BUY, quantity: q, price, fee: 29, fxRate };
  } else if (roll < 0.8) {
    const q = Math.min(h, 1 + Math.floor(random() * 50));
    held.set(key, h - q);
    tx = { id: i, tickerId, date, eventId: EVENT_SELL, quantity: q, price, fee: 29, fxRate };
  } else if (roll < 0.97) {
    tx = {
      id: i,
      tickerId,
      date,
      eventId: EVENT_DIVIDEND,
      quantity: h,
      price: 2,
      withholdingTax: tickerId % 4 === 0 ? h * 0.3 : 0,
    };
  } else if (roll < 0.985) {
    held.set(key, h * 2);
    tx = { id: i, tickerId, date, eventId: EVENT_SPLIT, quantity: 2, price: 0, splitTo: 2, splitFrom: 1 };
  } else {
    tx = { id: i, tickerId, date, eventId: EVENT_CAPITAL_RETURN, quantity: h, price: 1 };
  }
  ledgers.get(portfolio)!.push(tx);
}
const portfolios: PersonTaxPortfolio[] = [...ledgers].map(([id, ledger]) => ({
  id,
  accountType: id === 4 ? 'ask' : 'ordinary',
  baseCurrency: 'NOK',
  ledger,
}));
const input = {
  year: 2025,
  portfolios,
  tickers,
  fxRateOn: createFxRateOn([{ date: '2000-01-01', rate: '10' }]),
  ratesFor: taxRatesFor,
};

/**
 * Wall time and this process's CPU time (user + system) per run: on a machine shared with other
 * work the wall time swings with the load, the CPU time much less.
 */
function measure(name: string, fn: () => unknown): void {
  const times: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const mid = Math.floor(RUNS / 2);
  console.log(
    `${name}: median ${times[mid].toFixed(1)} ms (min ${times[0].toFixed(1)}, max ${times[RUNS - 1].toFixed(1)}); CPU median ${cpu[mid].toFixed(1)} ms (min ${cpu[0].toFixed(1)})`,
  );
}

const count = portfolios.reduce((n, p) => n + p.ledger.length, 0);
console.log(
  `node ${process.version}; ${count} transactions, ${TICKERS} securities, 2006–2025, ${RUNS} runs each`,
);
const r = computePersonTaxReport(input);
console.log(
  `2025: ${r.ordinary.sales.length} sales, ${r.ordinary.dividends.length} dividends, estimated tax ${r.ordinary.totals.estimated_tax}`,
);
measure('person tax report 2025 (whole history replayed)', () => computePersonTaxReport(input));
const [tickerId] = [
  ...new Set(portfolios[0].ledger.filter((t) => t.tickerId !== null).map((t) => t.tickerId!)),
];
measure('simulate a sale of 1 share on 2025-12-30', () =>
  simulateSale(input, {
    portfolioId: 1,
    tickerId,
    quantity: toDecimal(1),
    price: toDecimal(100),
    date: '2025-12-30',
  }),
);
