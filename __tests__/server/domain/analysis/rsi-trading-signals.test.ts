/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { computeRsiSeries } from '@/server/domain/analysis';
import { mulberry32 } from '@/server/market-data/demo/prng';

// trading-signals 8 is ESM-only and jest.config.js does not transform it, so the reference values are
// computed by a real Node process importing the package. Its RSI(14) smooths with WSMA, which seeds
// with the SMA of the first 14 changes and then does avg + (x - avg)/14: the same definition as ours
// (DESIGN.md §6), so the two must agree to rounding.
const REPO_ROOT = path.resolve(__dirname, '../../../..');
const REFERENCE_SCRIPT = `
import { RSI } from 'trading-signals';
let input = '';
process.stdin.on('data', (chunk) => (input += chunk));
process.stdin.on('end', () => {
  const out = JSON.parse(input).map((closes) => {
    const rsi = new RSI(14);
    return closes.map((close) => rsi.add(close));
  });
  process.stdout.write(JSON.stringify(out));
});
`;

function tradingSignalsRsi(seriesList: number[][]): (number | null)[][] {
  const stdout = execFileSync(process.execPath, ['--input-type=module', '-e', REFERENCE_SCRIPT], {
    cwd: REPO_ROOT,
    input: JSON.stringify(seriesList),
    encoding: 'utf8',
  });
  return JSON.parse(stdout) as (number | null)[][];
}

/** A random walk with flat stretches (unchanged closes) and occasional jumps. */
function generatedCloses(seed: number, length: number, start: number): number[] {
  const random = mulberry32(seed);
  const closes: number[] = [];
  let close = start;
  for (let i = 0; i < length; i++) {
    const u = random();
    if (u < 0.1) {
      // unchanged session
    } else if (u < 0.12) {
      close *= random() < 0.5 ? 0.8 : 1.25;
    } else {
      close *= Math.exp((random() - 0.5) * 0.06);
    }
    closes.push(close);
  }
  return closes;
}

describe('computeRsiSeries against trading-signals 8.3.0 RSI(14)', () => {
  const seriesList: [string, number[]][] = [
    ['15 closes (first value only)', generatedCloses(1, 15, 100)],
    ['16 closes', generatedCloses(2, 16, 100)],
    ['random walk, 300 closes', generatedCloses(3, 300, 50)],
    ['random walk at 1e-4', generatedCloses(4, 500, 1e-4)],
    ['random walk at 1e6', generatedCloses(5, 500, 1e6)],
    ['only gains (RSI 100)', Array.from({ length: 40 }, (_, i) => 10 + i)],
    ['only losses (RSI 0)', Array.from({ length: 40 }, (_, i) => 100 - i)],
    ['flat (RSI 100 in both)', Array.from({ length: 40 }, () => 42)],
  ];
  const reference = tradingSignalsRsi(seriesList.map(([, closes]) => closes));

  it.each(seriesList.map(([name, closes], k) => [name, closes, reference[k]] as const))(
    '%s: same value at every close to 1e-9',
    (_name, closes, expected) => {
      const ours = computeRsiSeries(closes);
      expect(ours).toHaveLength(expected.length);
      for (let i = 0; i < closes.length; i++) {
        const theirs = expected[i];
        if (theirs === null) {
          // trading-signals is not stable before 15 closes; ours is NaN there.
          expect(i).toBeLessThan(14);
          expect(ours[i]).toBeNaN();
        } else {
          expect(i).toBeGreaterThanOrEqual(14);
          expect(Math.abs(ours[i] - theirs)).toBeLessThanOrEqual(1e-9);
        }
      }
    },
  );
});
