/**
 * For a test that provokes a failure the code logs on purpose (a store's "Fetching the … failed:"
 * line): call it inside that test, before the failure. console.error stays quiet for lines matching
 * the patterns (matched on the first argument, the code's own message); when the test ends it fails
 * unless every pattern was logged, and if anything else was. Other tests log console.error as
 * usual. Importing this module registers the check.
 */
export function expectConsoleError(...expected: RegExp[]): void {
  const state: Expectation = { expected, logged: expected.map(() => false), unexpected: [] };
  jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const at = expected.findIndex((pattern) => pattern.test(String(args[0])));
    if (at >= 0) state.logged[at] = true;
    else
      state.unexpected.push(
        args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(' '),
      );
  });
  active = state;
}

interface Expectation {
  expected: readonly RegExp[];
  logged: boolean[];
  unexpected: string[];
}

let active: Expectation | null = null;

afterEach(() => {
  if (active === null) return;
  const { expected, logged, unexpected } = active;
  active = null;
  jest.mocked(console.error).mockRestore();
  expect(unexpected).toEqual([]);
  expect(expected.filter((_, i) => !logged[i])).toEqual([]);
});
