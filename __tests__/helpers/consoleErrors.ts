/**
 * For a test file whose failures are logged on purpose: console.error stays quiet for the log lines
 * the file expects (matched on the first argument, the code's own message), and any other error
 * fails the test that logged it, with its text. Call once at the top level of the file.
 */
export function allowConsoleErrors(expected: readonly RegExp[]): void {
  let unexpected: string[] = [];
  beforeEach(() => {
    unexpected = [];
    jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      if (expected.some((pattern) => pattern.test(String(args[0])))) return;
      unexpected.push(args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(' '));
    });
  });
  afterEach(() => {
    expect(unexpected).toEqual([]);
  });
}

/** The stores' own log lines for a failed request ("Fetching the portfolios failed:" …). */
export const PORTFOLIO_STORE_ERRORS = /^(Fetching|Creating|Updating|Deleting|Adding) the .+ failed:$/;
export const WATCHLIST_STORE_ERRORS = /^(Fetching|Adding to|Changing|Removing from) the watchlist.* failed:$/;
