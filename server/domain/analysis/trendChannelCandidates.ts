import { CHANNEL_CANDIDATES, CHANNEL_MIN_SESSIONS, CHANNEL_MIN_SHARE } from './constants';

/**
 * The candidate starts with what their evaluation needs: the sums of y, x·y and y² over [0, start)
 * and the lowest and highest y over [start, n).
 */
export interface CandidateStarts {
  count: number;
  start: Int32Array;
  sumY: Float64Array;
  sumXY: Float64Array;
  sumYY: Float64Array;
  minY: Float64Array;
  maxY: Float64Array;
  /** Sums over the whole window. */
  totalY: number;
  totalXY: number;
  totalYY: number;
}

// Candidate arrays reused between calls (the function is synchronous, so one set suffices): the
// track record fits a channel on every session of a long history, and fresh arrays each time cost
// more in allocation and garbage collection than the arithmetic. Sized for CHANNEL_CANDIDATES + 2.
export const CAPACITY = CHANNEL_CANDIDATES + 2;
const scratch: CandidateStarts = {
  count: 0,
  start: new Int32Array(CAPACITY),
  sumY: new Float64Array(CAPACITY),
  sumXY: new Float64Array(CAPACITY),
  sumYY: new Float64Array(CAPACITY),
  minY: new Float64Array(CAPACITY),
  maxY: new Float64Array(CAPACITY),
  totalY: 0,
  totalXY: 0,
  totalYY: 0,
};
const segmentMin = new Float64Array(CAPACITY);
const segmentMax = new Float64Array(CAPACITY);
const segmentArgMin = new Int32Array(CAPACITY);
const segmentArgMax = new Int32Array(CAPACITY);
const checkpointY = new Float64Array(CAPACITY);
const checkpointXY = new Float64Array(CAPACITY);
const checkpointYY = new Float64Array(CAPACITY);
const checkpoint = new Int32Array(CAPACITY);

/**
 * The candidate starts are CHANNEL_CANDIDATES evenly spaced sessions in [0, lastStart] (the
 * shortest channel covers CHANNEL_MIN_SHARE of the window) plus the lowest and the highest close
 * there (the first one on a tie). One pass over the window, in the segments between the evenly spaced
 * starts, sums y, x·y and y² in session order and keeps each segment's extremes; the sums at the
 * lowest and highest close continue from the start of their segment in the same order, so every sum
 * is the same number a prefix sum over all sessions would give.
 */
export function findCandidates(logCloses: ArrayLike<number>, logLast: number, n: number): CandidateStarts {
  const minLength = Math.min(n, Math.max(CHANNEL_MIN_SESSIONS, Math.ceil(n * CHANNEL_MIN_SHARE)));
  const lastStart = n - minLength;
  const steps = Math.min(CHANNEL_CANDIDATES - 1, lastStart);
  // Evenly spaced and strictly increasing (their spacing is at least one session); then n.
  for (let j = 0; j <= steps; j++) checkpoint[j] = steps === 0 ? 0 : Math.round((j * lastStart) / steps);
  checkpoint[steps + 1] = n;

  let sy = 0;
  let sxy = 0;
  let syy = 0;
  for (let k = 0; k <= steps; k++) {
    checkpointY[k] = sy;
    checkpointXY[k] = sxy;
    checkpointYY[k] = syy;
    const from = checkpoint[k];
    const to = checkpoint[k + 1];
    let min = logCloses[from] - logLast;
    let max = min;
    let argMin = from;
    let argMax = from;
    for (let i = from; i < to; i++) {
      const v = logCloses[i] - logLast;
      sy += v;
      sxy += i * v;
      syy += v * v;
      if (v < min) {
        min = v;
        argMin = i;
      } else if (v > max) {
        max = v;
        argMax = i;
      }
    }
    segmentMin[k] = min;
    segmentMax[k] = max;
    segmentArgMin[k] = argMin;
    segmentArgMax[k] = argMax;
  }

  // The first lowest and highest in [0, lastStart]: the segments before lastStart, then lastStart.
  let lowest = 0;
  let highest = 0;
  let low = logCloses[0] - logLast;
  let high = low;
  for (let k = 0; k < steps; k++) {
    if (segmentMin[k] < low) {
      low = segmentMin[k];
      lowest = segmentArgMin[k];
    }
    if (segmentMax[k] > high) {
      high = segmentMax[k];
      highest = segmentArgMax[k];
    }
  }
  const atLastStart = logCloses[lastStart] - logLast;
  if (atLastStart < low) lowest = lastStart;
  if (atLastStart > high) highest = lastStart;

  // Extremes from each evenly spaced start to the end, from the segments' extremes.
  for (let k = steps - 1; k >= 0; k--) {
    if (segmentMin[k + 1] < segmentMin[k]) segmentMin[k] = segmentMin[k + 1];
    if (segmentMax[k + 1] > segmentMax[k]) segmentMax[k] = segmentMax[k + 1];
  }

  const out = scratch;
  out.totalY = sy;
  out.totalXY = sxy;
  out.totalYY = syy;
  // Ascending and unique: the lowest and highest go among the evenly spaced starts.
  const extraFirst = Math.min(lowest, highest);
  const extraSecond = Math.max(lowest, highest);
  let count = 0;
  let extra = 0;
  for (let j = 0; j <= steps + 1; j++) {
    const next = j <= steps ? checkpoint[j] : n;
    for (; extra < 2; extra++) {
      const start = extra === 0 ? extraFirst : extraSecond;
      if (start >= next) break;
      if (count > 0 && out.start[count - 1] === start) continue;
      setCandidate(out, count++, start, j - 1, logCloses, logLast);
    }
    if (j <= steps) setCandidate(out, count++, next, j, logCloses, logLast);
  }
  out.count = count;
  return out;
}

/**
 * Candidate `at` starting at `start` in segment k: its sums over [0, start) and its extremes over
 * [start, n), from the checkpoint sums and the segments' suffix extremes of findCandidates.
 */
function setCandidate(
  out: CandidateStarts,
  at: number,
  start: number,
  k: number,
  logCloses: ArrayLike<number>,
  logLast: number,
): void {
  let sy = checkpointY[k];
  let sxy = checkpointXY[k];
  let syy = checkpointYY[k];
  let min = segmentMin[k];
  let max = segmentMax[k];
  if (start !== checkpoint[k]) {
    // Inside a segment before lastStart (lastStart is a checkpoint): continue the sums up to
    // `start`, and take the extremes of the rest of the segment and of the segments after it.
    for (let i = checkpoint[k]; i < start; i++) {
      const v = logCloses[i] - logLast;
      sy += v;
      sxy += i * v;
      syy += v * v;
    }
    min = segmentMin[k + 1];
    max = segmentMax[k + 1];
    for (let i = start; i < checkpoint[k + 1]; i++) {
      const v = logCloses[i] - logLast;
      if (v < min) min = v;
      if (v > max) max = v;
    }
  }
  out.start[at] = start;
  out.sumY[at] = sy;
  out.sumXY[at] = sxy;
  out.sumYY[at] = syy;
  out.minY[at] = min;
  out.maxY[at] = max;
}
