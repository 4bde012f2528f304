// Admin operations in real Chromium (issue 15): the admin opens /admin/operations from the
// sidebar, sees the three scheduled jobs, runs the backup now and sees it finish with its file;
// the market list says which session its data is from.
import fs from 'node:fs';
import path from 'node:path';
import type { E2eContext } from '../scripts/e2e';
import { check, newPage, signIn } from './helpers';

function operationsTexts(): Record<string, unknown> {
  return JSON.parse(
    fs.readFileSync(path.join(process.cwd(), 'public', 'locales', 'nb', 'operations.json'), 'utf8'),
  );
}

export async function run({ baseUrl, browser }: E2eContext): Promise<void> {
  const texts = operationsTexts() as {
    jobs: { names: Record<string, string>; ok: string };
    dataAsOf: string;
  };
  const { context, page, consoleErrors } = await newPage(browser);
  try {
    await signIn(page, baseUrl, 'nb', 'admin');

    // The sidebar's admin group leads to the page.
    await page.getByRole('button', { name: 'Administrasjon' }).click();
    await page.getByRole('link', { name: 'Drift' }).click();
    await page.waitForURL(/\/admin\/operations$/);
    const table = page.getByTestId('jobs-table');
    await table.waitFor({ timeout: 30_000 });
    for (const name of ['refresh-160', 'refresh-226', 'backup']) {
      check(await page.getByTestId(`job-${name}`).isVisible(), `the job ${name} is listed`);
    }

    const backup = page.getByTestId('job-backup');
    await backup.getByRole('button', { name: `Kjør nå: ${texts.jobs.names.backup}` }).click();
    await backup.getByText(texts.jobs.ok).waitFor({ timeout: 60_000 });
    const row = await backup.innerText();
    check(
      /trendvakt-\d{4}-\d{2}-\d{2}T\d{6}Z\.pglite\.tar\.gz/.test(row),
      `the backup row names its file: ${row}`,
    );

    // The screener says which session its data is from.
    await page.goto(`${baseUrl}/market/tickers`, { waitUntil: 'networkidle' });
    const asOf = await page.getByTestId('data-as-of').innerText({ timeout: 30_000 });
    check(asOf.startsWith(texts.dataAsOf.split('{{')[0]), `"Data as of" is shown: ${asOf}`);
    check(consoleErrors.length === 0, `no console errors: ${consoleErrors.join(' | ')}`);
  } finally {
    await context.close();
  }
}
