/** @jest-environment node */
// DESIGN.md §4: services, jobs and the domain raise DomainError (server/services/errors.ts) and
// know nothing of HTTP; only routes (pages/api) and server/http speak status codes.
import { importsOf, sourceFiles } from '../helpers/importGraph';

const HTTP_FREE = ['server/services', 'server/jobs', 'server/domain'];

describe('server/services, server/jobs and server/domain', () => {
  const files = HTTP_FREE.flatMap((dir) => [...sourceFiles(dir)]);

  it('are found (the test reads real files)', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files).toContain('server/services/portfolio/portfolioService.ts');
  });

  it('never import server/http (not even a type)', () => {
    const offenders = files.flatMap((file) =>
      importsOf(file)
        .filter((e) => e.target.startsWith('server/http/'))
        .map((e) => `${file} -> ${e.target}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the check itself sees an import of server/http (routes do import it)', () => {
    const route = [...sourceFiles('pages/api')].find((f) =>
      importsOf(f).some((e) => e.target.startsWith('server/http/')),
    );
    expect(route).toBeDefined();
  });
});

// The journeys in e2e/ sit on top: they import the runner's helpers (scripts/lib), never the other
// way round. The runner loads each journey by path at run time, not through an import.
describe('e2e/ is imported by nothing', () => {
  const LOWER = ['server', 'pages', 'lib', 'components', 'layouts', 'stores', 'services', 'scripts', 'bench'];
  const files = LOWER.flatMap((dir) => [...sourceFiles(dir)]);

  it('reads the runner (the check sees real files)', () => {
    expect(files).toContain('scripts/e2e.ts');
  });

  it('no application file, script or bench imports a file in e2e/', () => {
    const offenders = files.flatMap((file) =>
      importsOf(file)
        .filter((e) => e.target.startsWith('e2e/'))
        .map((e) => `${file} -> ${e.target}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the check itself sees an import of another layer (journeys import scripts/lib)', () => {
    const journey = [...sourceFiles('e2e')].find((f) =>
      importsOf(f).some((e) => e.target.startsWith('scripts/')),
    );
    expect(journey).toBeDefined();
  });
});
