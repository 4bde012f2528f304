// Portfolios and the watchlist in real Chromium (issue 7), signed in as the demo investor through
// the login form, in nb and en: create a portfolio, add a buy and a sell, see the results and both
// charts drawn, a Saturday buy's warning, delete a transaction (the sell: confirm, undo, delete), delete the portfolio again; add a ticker to the
// watchlist and remove it. Texts come from the shipped locale files.
import type { Page } from 'playwright-core';
import type { E2eContext } from '../scripts/e2e';
import {
  canvasIsDrawn,
  check,
  localePrefix,
  forEachLocaleAsInvestor,
  pickTicker,
  waitForSelectedPortfolio,
  type Locale,
  namespaceTexts,
  textOf,
  type Texts,
  escapeRegExp,
} from './helpers';

const TIMEOUT = 30_000;

const texts = (locale: Locale): Texts => namespaceTexts(locale, ['portfolio', 'watchlist', 'personTax']);

const text = textOf;

const escape = escapeRegExp;
const prefix = localePrefix;

function daysAgo(days: number): string {
  const d = new Date(Date.now() - days * 86_400_000);
  return d.toISOString().slice(0, 10);
}

/** The most recent Saturday before today (ISO). */
function lastSaturday(): string {
  const d = new Date();
  do d.setUTCDate(d.getUTCDate() - 1);
  while (d.getUTCDay() !== 6);
  return d.toISOString().slice(0, 10);
}

async function toast(page: Page, message: string, what: string): Promise<void> {
  await page
    .getByText(message, { exact: false })
    .first()
    .waitFor({ timeout: TIMEOUT })
    .catch(() => {
      throw new Error(`${what}: no toast "${message}"`);
    });
}

/** Add a transaction through the form; `ticker` is searched for when the form asks for one. */
async function addTransaction(
  page: Page,
  all: Texts,
  opts: { ticker?: string; event: number; date: string; quantity: string; price: string },
): Promise<void> {
  const dialog = page.getByRole('dialog', { name: text(all, 'portfolio:transactionForm.addTitle') });
  await dialog.waitFor({ timeout: TIMEOUT });
  if (opts.ticker) {
    await pickTicker(dialog, text(all, 'portfolio:transactionForm.ticker'), opts.ticker, TIMEOUT);
  }
  await dialog.getByLabel(text(all, 'portfolio:transactionForm.event')).selectOption(String(opts.event));
  await dialog.getByLabel(text(all, 'portfolio:transactionForm.date')).fill(opts.date);
  await dialog
    .getByLabel(text(all, 'portfolio:transactionForm.quantity'), { exact: true })
    .fill(opts.quantity);
  await dialog.getByLabel(text(all, 'portfolio:transactionForm.price'), { exact: true }).fill(opts.price);
  await dialog.getByRole('button', { name: text(all, 'portfolio:actions.save') }).click();
  await dialog.waitFor({ state: 'hidden', timeout: TIMEOUT });
}

async function portfolioJourney(page: Page, baseUrl: string, locale: Locale, all: Texts): Promise<void> {
  const tag = `[portfolio ${locale}]`;
  const name = `E2E ${locale} ${Date.now().toString(36)}`;
  await page.goto(`${baseUrl}${prefix(locale)}/portfolio`, { waitUntil: 'networkidle' });

  // Create: the demo investor already has a portfolio, so the toolbar is there.
  const create = page.getByRole('button', {
    name: new RegExp(
      `^(${escape(text(all, 'portfolio:selector.create'))}|${escape(text(all, 'portfolio:empty.create'))})$`,
    ),
  });
  await create.first().click();
  const form = page.getByRole('dialog', { name: text(all, 'portfolio:form.createTitle') });
  await form.getByLabel(text(all, 'portfolio:form.name')).fill(name);
  await form.getByRole('button', { name: text(all, 'portfolio:form.create') }).click();
  await toast(page, text(all, 'portfolio:toast.created', { name }), `${tag} create`);
  const selector = page.getByRole('combobox', { name: text(all, 'portfolio:selector.label') });
  await waitForSelectedPortfolio(page, name, TIMEOUT);
  check((await selector.count()) === 1, `${tag} no portfolio selector`);

  // A buy (60 days ago) found by name, then a partial sell (30 days ago) from the ticker's list.
  await page
    .getByRole('button', { name: text(all, 'portfolio:selector.addTransaction') })
    .first()
    .click();
  await addTransaction(page, all, {
    ticker: 'Equinor',
    event: 1,
    date: daysAgo(60),
    quantity: '10',
    price: '250',
  });
  await toast(page, text(all, 'portfolio:transactionForm.saved'), `${tag} buy`);
  // The holdings table's row (the income panels list EQNR's dividends in tables of their own).
  const row = page.locator('table.tv-results-table').getByRole('row', { name: /^EQNR\b/ });
  await row.waitFor({ timeout: TIMEOUT });
  await row
    .getByRole('button', { name: text(all, 'portfolio:results.showTransactionsFor', { symbol: 'EQNR' }) })
    .click();
  const panel = page.getByRole('region', { name: /EQNR/ });
  await panel.waitFor({ timeout: TIMEOUT });
  await panel.getByRole('button', { name: text(all, 'portfolio:transactions.add') }).click();
  await addTransaction(page, all, { event: 2, date: daysAgo(30), quantity: '4', price: '260' });
  await page.waitForFunction(
    () => (document.querySelector('table')?.textContent ?? '').includes('EQNR'),
    undefined,
    { timeout: TIMEOUT },
  );
  await panel.getByRole('row').nth(2).waitFor({ timeout: TIMEOUT });
  const quantityAfterSell = (await row.locator('td').first().textContent())?.trim();
  check(quantityAfterSell === '6', `${tag} quantity after the sell is "${quantityAfterSell}", not 6`);

  // Results: signed return in the row, the totals row, and both charts drawn.
  const rowText = (await row.textContent()) ?? '';
  check(/[+−-]/.test(rowText), `${tag} the return has no sign: ${rowText}`);
  await page
    .getByRole('table', { name: text(all, 'portfolio:results.caption', { currency: 'NOK' }) })
    .getByRole('row', { name: new RegExp(`^${escape(text(all, 'portfolio:results.total'))}`) })
    .waitFor();
  check(
    await canvasIsDrawn(page, '[data-testid=allocation-chart]', { minPainted: 300, timeout: TIMEOUT }),
    `${tag} the allocation chart is not drawn`,
  );
  check(
    await canvasIsDrawn(page, '[data-testid=performance-chart]', { minPainted: 300, timeout: TIMEOUT }),
    `${tag} the performance chart is not drawn`,
  );
  await page.getByRole('button', { name: text(all, 'portfolio:performance.modes.value') }).click();
  check(
    await canvasIsDrawn(page, '[data-testid=performance-chart]', { minPainted: 300, timeout: TIMEOUT }),
    `${tag} the value chart is not drawn`,
  );

  // The tax view of the sell's year lists the sale of 4 EQNR with a signed gain.
  const sellYear = daysAgo(30).slice(0, 4);
  const taxPanel = page.getByTestId('tax-panel');
  await taxPanel.getByRole('combobox', { name: text(all, 'portfolio:tax.year') }).selectOption(sellYear);
  const taxTable = taxPanel.getByRole('table', {
    name: text(all, 'personTax:panel.salesTitle', { year: Number(sellYear) }),
  });
  await taxTable.waitFor({ timeout: TIMEOUT });
  const saleText = (await taxTable.getByRole('row').nth(1).textContent()) ?? '';
  check(/EQNR/.test(saleText) && /[+−-]/.test(saleText), `${tag} the tax view's sale: ${saleText}`);

  // A buy on a Saturday far above the price: the form warns before saving (issue 24 item 4).
  await panel.getByRole('button', { name: text(all, 'portfolio:transactions.add') }).click();
  const addForm = page.getByRole('dialog', { name: text(all, 'portfolio:transactionForm.addTitle') });
  await addForm.waitFor({ timeout: TIMEOUT });
  await addForm.getByLabel(text(all, 'portfolio:transactionForm.date')).fill(lastSaturday());
  await addForm.getByLabel(text(all, 'portfolio:transactionForm.price'), { exact: true }).fill('12500,50');
  const warnings = addForm.getByTestId('transaction-warnings');
  await warnings.waitFor({ timeout: TIMEOUT });
  check(
    (await warnings.getByRole('listitem').count()) === 2,
    `${tag} the Saturday buy should warn twice: ${await warnings.textContent()}`,
  );
  await addForm.getByRole('button', { name: text(all, 'portfolio:actions.cancel') }).click();
  await addForm.waitFor({ state: 'hidden', timeout: TIMEOUT });

  // Delete the sell: the dialog names it; the row goes at once, Undo brings it back (issue 24 item 3).
  const deleteButtons = panel.getByRole('button', {
    name: new RegExp(`^${escape(text(all, 'portfolio:transactions.delete'))} `),
  });
  check((await deleteButtons.count()) === 2, `${tag} expected two transactions`);
  const confirmDelete = page.getByRole('dialog', { name: text(all, 'portfolio:transactions.confirmTitle') });
  await deleteButtons.nth(1).click();
  await confirmDelete.waitFor({ timeout: TIMEOUT });
  const named = (await confirmDelete.textContent()) ?? '';
  check(/EQNR/.test(named) && /4/.test(named), `${tag} the delete dialog does not name the sell: ${named}`);
  await confirmDelete.getByRole('button', { name: text(all, 'portfolio:transactions.delete') }).click();
  check((await deleteButtons.count()) === 1, `${tag} the sell is still listed after confirming`);
  await page.getByRole('button', { name: text(all, 'portfolio:transactions.undo') }).click();
  await toast(page, text(all, 'portfolio:transactions.restored'), `${tag} undo`);
  check((await deleteButtons.count()) === 2, `${tag} undo did not bring the sell back`);
  // Delete again and let the undo time pass: the delete reaches the server.
  await deleteButtons.nth(1).click();
  await confirmDelete.getByRole('button', { name: text(all, 'portfolio:transactions.delete') }).click();
  check((await deleteButtons.count()) === 1, `${tag} the sell is still listed`);
  // …and the tax view, fetched again, has no sale left that year.
  await taxPanel
    .getByText(text(all, 'portfolio:tax.noSales', { year: Number(sellYear) }))
    .waitFor({ timeout: TIMEOUT });
  await page.waitForFunction(
    () => {
      const r = [...document.querySelectorAll('tr')].find((tr) => tr.textContent?.startsWith('EQNR'));
      return r?.querySelector('td')?.textContent?.trim() === '10';
    },
    undefined,
    { timeout: TIMEOUT },
  );

  // Clean up: delete the portfolio, after confirming.
  await page.getByRole('button', { name: text(all, 'portfolio:selector.delete') }).click();
  const confirm = page.getByRole('dialog', { name: text(all, 'portfolio:deleteDialog.title') });
  await confirm.getByRole('button', { name: text(all, 'portfolio:deleteDialog.confirm') }).click();
  await toast(page, text(all, 'portfolio:toast.deleted', { name }), `${tag} delete portfolio`);
  check(
    (await page.locator('main select.form-select option', { hasText: name }).count()) === 0,
    `${tag} still listed`,
  );
}

async function watchlistJourney(page: Page, baseUrl: string, locale: Locale, all: Texts): Promise<void> {
  const tag = `[watchlist ${locale}]`;
  const company = locale === 'nb' ? 'Mowi' : 'Telenor';
  await page.goto(`${baseUrl}${prefix(locale)}/watchlist`, { waitUntil: 'networkidle' });
  const rows = () => page.getByRole('row').filter({ hasText: company });
  // A rerun may find the entry from an interrupted run: start without it.
  if ((await rows().count()) > 0) {
    await rows()
      .getByRole('button', { name: text(all, 'watchlist:remove') })
      .click();
    await rows().waitFor({ state: 'detached', timeout: TIMEOUT });
  }
  await page.getByRole('combobox', { name: text(all, 'watchlist:addLabel') }).fill(company);
  const option = page.getByRole('option', { name: new RegExp(company) }).first();
  await option.waitFor({ timeout: TIMEOUT });
  await option.click();
  await page.getByRole('button', { name: text(all, 'watchlist:add'), exact: true }).click();
  await rows().first().waitFor({ timeout: TIMEOUT });
  const shown = (await rows().first().textContent()) ?? '';
  check(/\d/.test(shown), `${tag} no price in "${shown}"`);
  await rows()
    .first()
    .getByRole('button', { name: text(all, 'watchlist:remove') })
    .click();
  await rows().first().waitFor({ state: 'detached', timeout: TIMEOUT });
  await page.reload({ waitUntil: 'networkidle' });
  check((await rows().count()) === 0, `${tag} the entry is back after a reload`);
}

export async function run({ baseUrl, browser }: E2eContext): Promise<void> {
  await forEachLocaleAsInvestor(browser, baseUrl, TIMEOUT, async (page, locale) => {
    await portfolioJourney(page, baseUrl, locale, texts(locale));
    await watchlistJourney(page, baseUrl, locale, texts(locale));
  });
}
