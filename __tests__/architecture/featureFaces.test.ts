/** @jest-environment node */
// DESIGN.md §2 (issue 43): the server's orchestration lives in feature folders under
// server/services/, each with an index.ts that is its public face. Routes, jobs, scripts, benches
// and other features import the face, never a file inside another feature. Tests may reach inside
// the feature they test.
import { importsOf, sourceFiles } from '../helpers/importGraph';

const FEATURE = /^server\/services\/([^/]+)\//;
const featureOf = (file: string): string | null => FEATURE.exec(file)?.[1] ?? null;

/** Every import of a file inside a feature from outside that feature, other than its face. */
function reachesInside(files: readonly string[], edgesOf: (file: string) => string[]): string[] {
  return files.flatMap((file) =>
    edgesOf(file)
      .filter((target) => {
        const feature = featureOf(target);
        return (
          feature !== null && feature !== featureOf(file) && target !== `server/services/${feature}/index.ts`
        );
      })
      .map((target) => `${file} -> ${target}`),
  );
}

describe('feature folders', () => {
  const APP_DIRS = ['server', 'pages', 'lib', 'components', 'stores', 'services', 'scripts', 'bench', 'e2e'];
  const files = APP_DIRS.flatMap((dir) => [...sourceFiles(dir)]);
  const targets = (file: string) => importsOf(file).map((edge) => edge.target);

  it('finds a reach inside another feature when there is one (the check can fail)', () => {
    const fake = new Map([
      ['pages/api/v1/x.ts', ['server/services/market/marketListService.ts']],
      ['pages/api/v1/y.ts', ['server/services/market/index.ts']],
      ['server/services/tax/a.ts', ['server/services/tax/b.ts', 'server/services/portfolio/c.ts']],
    ]);
    expect(reachesInside([...fake.keys()], (f) => fake.get(f) ?? [])).toEqual([
      'pages/api/v1/x.ts -> server/services/market/marketListService.ts',
      'server/services/tax/a.ts -> server/services/portfolio/c.ts',
    ]);
  });

  it('every feature folder has a face', () => {
    const features = new Set(files.map(featureOf).filter((f): f is string => f !== null));
    expect(features.size).toBeGreaterThanOrEqual(8);
    for (const feature of features) expect(files).toContain(`server/services/${feature}/index.ts`);
  });

  it('nothing outside a feature imports a file inside it', () => {
    expect(reachesInside(files, targets)).toEqual([]);
  });

  it('server/services holds only feature folders and the shared domain errors', () => {
    const loose = files.filter((f) => /^server\/services\/[^/]+$/.test(f));
    expect(loose).toEqual(['server/services/errors.ts']);
  });
});
