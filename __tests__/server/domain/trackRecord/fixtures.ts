// Bar series for the track-record tests: a seeded random walk with trending stretches (so that the
// engine gives buy and sell signals), one silent session in 150, on consecutive calendar days.
import type { Bar } from '@/lib/types/market';
import { mulberry32 } from '@/server/market-data/demo/prng';

export function dateAt(i: number): string {
  return new Date(Date.UTC(2015, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
}

export function walkBars(seed: number, length: number): Bar[] {
  const random = mulberry32(seed);
  let close = 50 + random() * 100;
  let drift = 0;
  const bars: Bar[] = [];
  for (let i = 0; i < length; i++) {
    // A new regime every 40 sessions: up, down or sideways.
    if (i % 40 === 0) drift = (random() - 0.5) * 0.02;
    const open = close;
    close = open * Math.exp(drift + (random() - 0.5) * 0.03);
    bars.push({
      date: dateAt(i),
      open,
      high: Math.max(open, close) * (1 + random() * 0.01),
      low: Math.min(open, close) * (1 - random() * 0.01),
      close,
      volume: i % 150 === 77 ? 0 : Math.round(1000 + random() * 100_000),
    });
  }
  return bars;
}
