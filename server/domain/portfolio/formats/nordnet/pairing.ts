import type Decimal from 'decimal.js';

/** Pairing the two legs Nordnet books for one corporate action (a split's or an exchange's UTTAK and INNLEGG rows). */

export interface SplitLeg {
  line: number;
  id: string | null;
  comment: string;
  date: string;
  isin: string | null;
  name: string | null;
  quantity: Decimal;
  fee: Decimal;
  currency: string | null;
  type: string;
}

/**
 * Pair split legs per date: same ISIN, then same name, then a lone remaining pair (ISIN changed).
 * Linear: legs are grouped by date and looked up by key in maps, never searched in a list.
 */
export function pairSplitLegs(
  outs: SplitLeg[],
  ins: SplitLeg[],
): { pairs: [SplitLeg, SplitLeg][]; unmatched: SplitLeg[] } {
  const byDate = new Map<string, { o: SplitLeg[]; n: SplitLeg[] }>();
  const group = (date: string) => {
    let g = byDate.get(date);
    if (!g) byDate.set(date, (g = { o: [], n: [] }));
    return g;
  };
  for (const leg of outs) group(leg.date).o.push(leg);
  for (const leg of ins) group(leg.date).n.push(leg);
  const pairs: [SplitLeg, SplitLeg][] = [];
  const unmatched: SplitLeg[] = [];
  for (const { o, n } of byDate.values()) {
    let outsLeft = o;
    let insLeft = n;
    const take = (key: (l: SplitLeg) => string | null): void => {
      // The first "in" leg per key, in file order; each out leg takes the first free one.
      const free = new Map<string, SplitLeg[]>();
      for (const leg of insLeft) {
        const k = key(leg);
        if (k !== null) free.set(k, [...(free.get(k) ?? []), leg]);
      }
      const used = new Set<SplitLeg>();
      const still: SplitLeg[] = [];
      for (const leg of outsLeft) {
        const k = key(leg);
        const match = k === null ? undefined : free.get(k)?.shift();
        if (match) {
          pairs.push([leg, match]);
          used.add(match);
        } else still.push(leg);
      }
      outsLeft = still;
      insLeft = insLeft.filter((leg) => !used.has(leg));
    };
    take((l) => l.isin);
    take((l) => l.name);
    if (outsLeft.length === 1 && insLeft.length === 1) take(() => '');
    unmatched.push(...outsLeft, ...insLeft);
  }
  return { pairs, unmatched };
}

export function joinIds(a: string | null, b: string | null): string | null {
  if (a === null || b === null) return a ?? b;
  return a === b ? a : `${a}/${b}`;
}
