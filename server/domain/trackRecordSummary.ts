/**
 * The track record's summary (issue 25 item 6): per signal kind, how many signals, and after each
 * horizon the share that beat the index, the share that was right in the signal's own direction and
 * the median excess return over the index.
 */
/** What the summary reads of a track-record entry (trackRecord.ts: TrackRecordEntry). */
export interface SummarizedEntry {
  signal: 'buy' | 'sell';
  return22: number | null;
  return66: number | null;
  indexReturn22: number | null;
  indexReturn66: number | null;
}

/** Outcome of the signals of one kind after one horizon. */
export interface HorizonSummary {
  /** Signals whose horizon has passed (and whose index return is known). */
  evaluated: number;
  /** Share of those where the stock's return was above the index's; null when none. */
  beatIndexShare: number | null;
  /**
   * Share of those where the signal was right, in its own direction: a buy rose more than the index
   * (stock return above the index's), a sell fell more than it (below); null when none.
   */
  rightShare: number | null;
  /** Median of (stock return - index return); null when none. */
  medianExcessReturn: number | null;
}

export interface SideSummary {
  count: number;
  after22: HorizonSummary;
  after66: HorizonSummary;
}

export interface TrackRecordSummary {
  buy: SideSummary;
  sell: SideSummary;
}

/** Count, share beating the index and median excess return, for buy and sell signals separately. */
export function summarizeTrackRecord(entries: readonly SummarizedEntry[]): TrackRecordSummary {
  return { buy: summarizeSide(entries, 'buy'), sell: summarizeSide(entries, 'sell') };
}

function summarizeSide(entries: readonly SummarizedEntry[], signal: 'buy' | 'sell'): SideSummary {
  const mine = entries.filter((e) => e.signal === signal);
  return {
    count: mine.length,
    after22: summarizeHorizon(
      mine.map((e) => excess(e.return22, e.indexReturn22)),
      signal,
    ),
    after66: summarizeHorizon(
      mine.map((e) => excess(e.return66, e.indexReturn66)),
      signal,
    ),
  };
}

function excess(stock: number | null, index: number | null): number | null {
  return stock === null || index === null ? null : stock - index;
}

function summarizeHorizon(excesses: readonly (number | null)[], signal: 'buy' | 'sell'): HorizonSummary {
  const known = excesses.filter((x): x is number => x !== null).sort((a, b) => a - b);
  if (known.length === 0) {
    return { evaluated: 0, beatIndexShare: null, rightShare: null, medianExcessReturn: null };
  }
  const beat = known.filter((x) => x > 0).length;
  const right = signal === 'buy' ? beat : known.filter((x) => x < 0).length;
  return {
    evaluated: known.length,
    beatIndexShare: beat / known.length,
    rightShare: right / known.length,
    medianExcessReturn: median(known),
  };
}

/** Median of ascending numbers (mean of the middle two for an even count). */
function median(sorted: readonly number[]): number {
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
