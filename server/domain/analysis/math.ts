/** Clamps x into [min, max] (default [-1, 1], the range of every score component). */
export function clamp(x: number, min = -1, max = 1): number {
  return x < min ? min : x > max ? max : x;
}
