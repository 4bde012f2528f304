/**
 * The benches' 10,000-transaction portfolio (50 tickers: 40 Oslo, 10 US; buys, sells within the
 * holding, dividends and 2:1 splits over ten years) as Nordnet-style files. A split is two rows,
 * so 10,000 transactions are a little more than the import's NORDNET_MAX_ROWS: the rows go in
 * files of at most that many, in date order, a split's two rows always in the same file.
 */
import { MARKET_OSLO, MARKET_US } from '@/lib/constants';
import { NORDNET_MAX_ROWS } from '@/server/domain/portfolio';
import { universeTickers } from '@/server/market-data/universe';
import { demoPriceLevel } from '@/server/market-data/demo';
import { mulberry32 } from '@/server/market-data/demo/prng';

export const TRANSACTIONS = 10_000;

function weekdays(from: Date, to: Date): string[] {
  const days: string[] = [];
  for (let t = from.getTime(); t <= to.getTime(); t += 86_400_000) {
    const d = new Date(t);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) days.push(d.toISOString().slice(0, 10));
  }
  return days;
}

const decimal = (n: number) => String(Math.round(n * 100) / 100).replace('.', ',');

/** Which tickers of the universe a file trades: [start, end) of the Oslo and of the US list. */
export interface TickerChoice {
  oslo: readonly [number, number];
  us: readonly [number, number];
}

/** The measured portfolio's 50 tickers: the first 40 of Oslo and the first 10 of the US. */
export const MEASURED_TICKERS: TickerChoice = { oslo: [0, 40], us: [0, 10] };
/** 50 other tickers (30 Oslo, 20 US), none of them in MEASURED_TICKERS: a second portfolio. */
export const OTHER_TICKERS: TickerChoice = { oslo: [40, 70], us: [10, 30] };

/** Nordnet-style files (semicolon, decimal comma) of 10,000 valid transactions over 50 tickers, each within the row cap. */
export function buildNordnetFiles(choice: TickerChoice = MEASURED_TICKERS): {
  files: Buffer[];
  rows: number;
  counts: Record<string, number>;
} {
  const random = mulberry32(20240601);
  const tickers = [
    ...universeTickers(MARKET_OSLO)
      .slice(...choice.oslo)
      .map((t) => ({ ...t, currency: 'NOK' })),
    ...universeTickers(MARKET_US)
      .slice(...choice.us)
      .map((t) => ({ ...t, currency: 'USD' })),
  ];
  const now = new Date();
  const days = weekdays(
    new Date(Date.UTC(now.getUTCFullYear() - 10, now.getUTCMonth(), now.getUTCDate() + 7)),
    new Date(now.getTime() - 2 * 86_400_000),
  );
  const held = new Map<string, number>();
  const header = 'Id;Handelsdag;Transaksjonstype;Verdipapir;Antall;Kurs;Totale Avgifter;Valuta';
  // One entry per transaction: its one or two rows.
  const lines: string[][] = [];
  const counts: Record<string, number> = { buy: 0, sell: 0, dividend: 0, split: 0 };
  const dayIndexes = Array.from({ length: TRANSACTIONS }, () => Math.floor(random() * days.length)).sort(
    (a, b) => a - b,
  );
  let id = 1;
  for (const dayIndex of dayIndexes) {
    const ticker = tickers[Math.floor(random() * tickers.length)];
    const date = days[dayIndex];
    const have = held.get(ticker.name) ?? 0;
    const price = demoPriceLevel(ticker) * (0.5 + random());
    const fee = decimal(random() * 99);
    const roll = random();
    let kind = roll < 0.6 ? 'buy' : roll < 0.9 ? 'sell' : roll < 0.998 ? 'dividend' : 'split';
    if (kind !== 'buy' && have === 0) kind = 'buy';
    if (kind === 'buy') {
      const q = 1 + Math.floor(random() * 200);
      lines.push([`${id++};${date};KJØPT;${ticker.name};${q};${decimal(price)};${fee};${ticker.currency}`]);
      held.set(ticker.name, have + q);
    } else if (kind === 'sell') {
      const q = Math.min(have, 1 + Math.floor(random() * 200));
      lines.push([`${id++};${date};SALG;${ticker.name};${q};${decimal(price)};${fee};${ticker.currency}`]);
      held.set(ticker.name, have - q);
    } else if (kind === 'dividend') {
      lines.push([
        `${id++};${date};UTBYTTE;${ticker.name};${have};${decimal(price / 50)};0;${ticker.currency}`,
      ]);
    } else {
      // A 2:1 split is two rows: the old quantity out, the new quantity in.
      lines.push([
        `${id++};${date};SPLITT UTTAK VP;${ticker.name};${have};;;`,
        `${id++};${date};SPLITT INNLEGG VP;${ticker.name};${have * 2};;;`,
      ]);
      held.set(ticker.name, have * 2);
    }
    counts[kind] += 1;
  }
  const files: Buffer[] = [];
  let current: string[] = [];
  for (const rows of lines) {
    if (current.length + rows.length > NORDNET_MAX_ROWS) {
      files.push(Buffer.from([header, ...current].join('\n'), 'utf8'));
      current = [];
    }
    current.push(...rows);
  }
  if (current.length > 0) files.push(Buffer.from([header, ...current].join('\n'), 'utf8'));
  return { files, rows: lines.reduce((n, rows) => n + rows.length, 0), counts };
}
