import { channelLine, rsiSeries } from '@/components/charts/rsiSeries';
import type { Bar } from '@/lib/types/market';

const bar = (close: number, volume = 1): Bar => ({
  date: '2026-01-01',
  open: close,
  high: close,
  low: close,
  close,
  volume,
});

describe('rsiSeries (the chart’s RSI pane, DESIGN.md §6 definition)', () => {
  it('Wilder RSI: simple mean of the first changes, then (avg × (n−1) + x) / n', () => {
    // Period 3. Changes: +1, +1, −1, +2.
    // First averages (after 3 changes): gain (1+1+0)/3 = 2/3, loss (0+0+1)/3 = 1/3 -> RS 2 -> RSI 66.67.
    // Next: gain (2/3·2 + 2)/3 = 10/9, loss (1/3·2 + 0)/3 = 2/9 -> RS 5 -> RSI 83.33.
    const out = rsiSeries([bar(10), bar(11), bar(12), bar(11), bar(13)], 3);
    expect(out.slice(0, 3)).toEqual([null, null, null]);
    expect(out[3]).toBeCloseTo(100 - 100 / 3, 10);
    expect(out[4]).toBeCloseTo(100 - 100 / 6, 10);
  });

  it('is 100 when there are no losses', () => {
    expect(rsiSeries([bar(1), bar(2), bar(3), bar(4)], 3)[3]).toBe(100);
  });

  it('skips sessions without volume (they get no value and do not count as a change)', () => {
    const out = rsiSeries([bar(10), bar(11), bar(50, 0), bar(12), bar(11), bar(13)], 3);
    expect(out[2]).toBeNull();
    expect(out[4]).toBeCloseTo(100 - 100 / 3, 10);
    expect(out[5]).toBeCloseTo(100 - 100 / 6, 10);
  });

  it('uses 14 sessions by default', () => {
    const bars = Array.from({ length: 16 }, (_, i) => bar(100 + (i % 2 === 0 ? i : -i)));
    const out = rsiSeries(bars);
    expect(out.slice(0, 14).every((v) => v === null)).toBe(true);
    expect(out[14]).not.toBeNull();
  });
});

describe('channelLine', () => {
  it('is straight on log prices: geometric between its ends', () => {
    const line = channelLine(100, 400, 0, 2);
    expect(line[0]).toBe(100);
    expect(line[1]).toBeCloseTo(200, 10);
    expect(line[2]).toBeCloseTo(400, 10);
  });

  it('covers the sessions from..to inclusive', () => {
    expect(channelLine(10, 10, 5, 9)).toHaveLength(5);
  });
});
