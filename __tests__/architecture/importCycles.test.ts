/** @jest-environment node */
// No import cycles (issue 27): a cycle makes module order matter, hides which layer owns a helper,
// and turns a refactor of one file into a refactor of several. Type-only imports count too: they
// still tie the files together for whoever changes them.
import { cyclesOf, importGraph } from '../helpers/importGraph';

const APP_DIRS = ['server', 'lib', 'components', 'stores', 'services', 'pages', 'layouts', 'scripts'];

/**
 * Cycles that are known and owned (none today: the market cycle marketSyncService ↔
 * priceImportService went with issue 28's marketShared). A new entry needs an issue that removes
 * it; the second test below fails once its cycle is gone, so the entry cannot outlive it.
 */
const KNOWN_CYCLES: string[][] = [];

const key = (cycle: string[]) => cycle.join(' -> ');

describe('import cycles', () => {
  it('finds a cycle when there is one (the check can fail)', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
      ['e.ts', ['e.ts']],
    ]);
    expect(cyclesOf(graph)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']]);
    expect(
      cyclesOf(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([]);
  });

  const graph = importGraph(APP_DIRS, { runtimeOnly: false });
  const found = cyclesOf(graph).map(key);

  it('reads the real source tree', () => {
    expect(graph.size).toBeGreaterThan(300);
    expect(graph.get('server/services/portfolio/portfolioService.ts')).toContain('server/services/errors.ts');
  });

  it('has none in server/ or the rest of the app, beyond the known ones', () => {
    const known = new Set(KNOWN_CYCLES.map(key));
    expect(found.filter((c) => !known.has(c))).toEqual([]);
  });

  it('lists only known cycles that still exist (delete an entry once its fix lands)', () => {
    expect(KNOWN_CYCLES.map(key).filter((c) => !found.includes(c))).toEqual([]);
  });
});
