/**
 * volbal_N in [-1, 1] over the last `sessions` sessions: (up volume - down volume) / (up + down), a
 * session being up (down) when its close is above (below) the previous close; unchanged sessions and
 * the very first session (no previous close) count in neither; 0 when there is no up or down volume.
 */
export function computeVolumeBalance(
  closes: ArrayLike<number>,
  volumes: ArrayLike<number>,
  sessions: number,
): number {
  const n = closes.length;
  let up = 0;
  let down = 0;
  for (let i = Math.max(1, n - sessions); i < n; i++) {
    const prev = closes[i - 1];
    const c = closes[i];
    if (c > prev) up += volumes[i];
    else if (c < prev) down += volumes[i];
  }
  const total = up + down;
  return total > 0 ? (up - down) / total : 0;
}
