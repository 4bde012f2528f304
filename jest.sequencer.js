// The order jest starts the test files in. Jest's own sequencer runs the slowest files first when its
// cache holds their durations from an earlier run, and otherwise (a clean clone, as in CI) the
// largest files first, which can leave a 50 s suite (an integration test that starts two servers)
// to the end while the other worker has nothing left to do. Files without a duration in the cache
// get the one measured in CI (.ci/run on a clean clone, seconds); a file not listed keeps jest's
// own order behind them. Only the order changes: every file still runs.
const Sequencer = require('@jest/test-sequencer').default;

/** Seconds each file took in the clean-clone CI runs (the mean of two; update when a suite moves). */
const CI_SECONDS = {
  '__tests__/fuzz/api-routes.fuzz.test.ts': 110,
  '__tests__/pages/api/market/market-api.test.ts': 71,
  '__tests__/integration/two-instances.test.ts': 53,
  '__tests__/server/services/backup/backup-restore-round-trip.test.ts': 53,
  '__tests__/components/portfolio/PortfolioView.test.tsx': 51,
  '__tests__/integration/two-copies-emulator.test.ts': 50,
  '__tests__/integration/pglite-durability.test.ts': 35,
  '__tests__/server/services/market/eodhd-refresh.test.ts': 32,
  '__tests__/server/services/market/universe-sync.test.ts': 28,
  '__tests__/server/jobs/scheduler.test.ts': 25,
  '__tests__/pages/api/portfolio/import-stays-responsive.test.ts': 23,
  '__tests__/components/auth/RegisterForm.test.tsx': 23,
  '__tests__/server/services/market/marketSyncService.test.ts': 21,
  '__tests__/pages/api/health.test.ts': 18,
  '__tests__/server/http/rateLimit.test.ts': 18,
  '__tests__/server/services/backup/secrets-private.test.ts': 18,
  '__tests__/pages/api/user-identity.test.ts': 15,
  '__tests__/pages/api/portfolio/import-nordnet-real-files.test.ts': 14,
  '__tests__/server/repositories/portfolioRepository.test.ts': 12,
  '__tests__/server/market-data/demo-generator.test.ts': 12,
};

class SlowFirstSequencer extends Sequencer {
  sort(tests) {
    const ordered = super.sort(tests);
    const seconds = (test) => {
      if (test.duration != null) return test.duration / 1000;
      const rel = test.path
        .slice(test.context.config.rootDir.length + 1)
        .split('\\')
        .join('/');
      return CI_SECONDS[rel] ?? null;
    };
    // A stable sort: files that failed last time first (as jest does), then files with a known
    // duration, slowest first; the rest in jest's order.
    return ordered
      .map((test, index) => ({ test, index, failed: this.hasFailed(test), s: seconds(test) }))
      .sort((a, b) => {
        if (a.failed !== b.failed) return a.failed ? -1 : 1;
        if (a.s != null && b.s != null) return b.s - a.s || a.index - b.index;
        if (a.s != null) return -1;
        if (b.s != null) return 1;
        return a.index - b.index;
      })
      .map(({ test }) => test);
  }
}

module.exports = SlowFirstSequencer;
