/** Sum of NOK amounts already rounded to the øre, kept to the øre (no binary-float tail). */
export function sumOre(values: readonly number[]): number {
  return values.reduce((sum, v) => sum + Math.round(v * 100), 0) / 100;
}
