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

// The pure portfolio domain has the same shape: server/domain/portfolio/index.ts and a face per
// sub-area (ledger, performance, tax, formats). Code outside server/domain/portfolio imports one
// of those five faces; the domain's own tests (__tests__/server/domain/portfolio) may reach inside.
const DOMAIN = 'server/domain/portfolio/';
const DOMAIN_FACES = new Set(
  ['index.ts', 'ledger/index.ts', 'performance/index.ts', 'tax/index.ts', 'formats/index.ts'].map(
    (f) => DOMAIN + f,
  ),
);

/** Every import of a file inside the portfolio domain, other than one of its faces, from outside it. */
function reachesIntoDomain(files: readonly string[], edgesOf: (file: string) => string[]): string[] {
  return files
    .filter((file) => !file.startsWith(DOMAIN) && !file.startsWith('__tests__/' + DOMAIN))
    .flatMap((file) =>
      edgesOf(file)
        .filter((target) => target.startsWith(DOMAIN) && !DOMAIN_FACES.has(target))
        .map((target) => `${file} -> ${target}`),
    );
}

describe('portfolio domain faces', () => {
  const DIRS = [
    'server',
    'pages',
    'lib',
    'components',
    'stores',
    'services',
    'scripts',
    'bench',
    'e2e',
    '__tests__',
  ];
  const files = DIRS.flatMap((dir) => [...sourceFiles(dir)]);
  const targets = (file: string) => importsOf(file).map((edge) => edge.target);

  it('finds a reach inside the domain when there is one (the check can fail)', () => {
    const fake = new Map([
      [
        'server/services/tax/a.ts',
        ['server/domain/portfolio/tax/tax.ts', 'server/domain/portfolio/tax/index.ts'],
      ],
      ['server/services/portfolio/b.ts', ['server/domain/portfolio/index.ts']],
      ['server/domain/portfolio/tax/tax.ts', ['server/domain/portfolio/ledger/decimal.ts']],
      ['__tests__/server/domain/portfolio/x.test.ts', ['server/domain/portfolio/performance/scaled.ts']],
      ['__tests__/server/services/y.test.ts', ['server/domain/portfolio/ledger/decimal.ts']],
    ]);
    expect(reachesIntoDomain([...fake.keys()], (f) => fake.get(f) ?? [])).toEqual([
      'server/services/tax/a.ts -> server/domain/portfolio/tax/tax.ts',
      '__tests__/server/services/y.test.ts -> server/domain/portfolio/ledger/decimal.ts',
    ]);
  });

  it('each sub-area has a face', () => {
    for (const face of DOMAIN_FACES) expect(files).toContain(face);
  });

  it('nothing outside the domain imports a file inside it but a face', () => {
    expect(reachesIntoDomain(files, targets)).toEqual([]);
  });
});
