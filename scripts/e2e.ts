// npm run test:e2e — start the app the way `npm start` does (own port, data dir, emulator and build
// dir, so it never disturbs a running instance), then run every e2e/*.e2e.ts journey in Debian's
// Chromium through playwright-core. Prints "N passed, M failed" and exits non-zero on any failure.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH as CHROMIUM } from './lib/chromium';
import { spawnChild, stopAllChildren, waitForHttp } from './lib/processes';
import { collectCspViolations } from '../e2e/helpers';

export interface E2eContext {
  baseUrl: string;
  browser: Browser;
}

async function main(): Promise<number> {
  const filter = process.argv[2];
  const files = fs
    .readdirSync(path.join(process.cwd(), 'e2e'))
    .filter((f) => f.endsWith('.e2e.ts') && (!filter || f.includes(filter)))
    .sort();
  if (!fs.existsSync(CHROMIUM)) {
    console.error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
    return 1;
  }
  const port = process.env.E2E_PORT || '3100';
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = process.env.E2E_DATA_DIR || fs.mkdtempSync(path.join(os.tmpdir(), 'trendvakt-e2e-'));
  const app = spawnChild(
    process.execPath,
    [path.join('node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/start.ts'],
    {
      env: {
        ...process.env,
        PORT: port,
        DATA_DIR: dataDir,
        AUTH_EMULATOR_PORT: process.env.E2E_AUTH_EMULATOR_PORT || '9299',
        NEXT_DIST_DIR: '.next-e2e',
      },
    },
  );
  console.log(`[e2e] starting the app on ${baseUrl} (data in ${dataDir})…`);
  await waitForHttp(`${baseUrl}/api/health`, 600_000, app);

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  // Every journey fails on a Content-Security-Policy violation in any of its pages.
  const csp = collectCspViolations(browser);
  let passed = 0;
  let failed = 0;
  try {
    for (const file of files) {
      const mod = (await import(path.join(process.cwd(), 'e2e', file))) as {
        run?: (ctx: E2eContext) => Promise<void>;
      };
      if (!mod.run) continue;
      const started = Date.now();
      try {
        await mod.run({ baseUrl, browser });
        const violations = csp.take();
        if (violations.length > 0)
          throw new Error(`Content-Security-Policy violations:\n      ${violations.join('\n      ')}`);
        passed += 1;
        console.log(`  ✓ ${file} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      } catch (err) {
        const violations = csp.take();
        if (violations.length > 0) console.log(`    (also CSP violations: ${violations.join(' | ')})`);
        failed += 1;
        console.log(`  ✕ ${file}\n    ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      }
    }
  } finally {
    await browser.close();
  }
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0 && passed > 0 ? 0 : 1;
}

main()
  .then(async (code) => {
    await stopAllChildren('SIGINT');
    process.exit(code);
  })
  .catch(async (err) => {
    console.error(err instanceof Error ? err.message : err);
    await stopAllChildren('SIGINT');
    process.exit(1);
  });
