// The income journey (issue 41) in real Chromium, signed in as the demo investor, in nb and en: a new
// portfolio holds 10 EQNR bought 400 days ago (the demo pays EQNR quarterly, so its past dividends
// are in the income view); the calendar lists a passed dividend as not booked with a Book button;
// booking it (the dialog proposes Norway's treaty withholding, 0 %) makes its status Paid; the
// portfolio's tax panel and the person-level tax report of its year list the EQNR dividend on the
// booked date. Texts come from the shipped locale files.
import type { Locator, Page } from 'playwright-core';
import type { E2eContext } from '../scripts/e2e';
import {
  check,
  forEachLocaleAsInvestor,
  localePrefix,
  namespaceTexts,
  pickTicker,
  textOf,
  type Locale,
  type Texts,
} from './helpers';
import { createPortfolio } from './tax.e2e';

const TIMEOUT = 30_000;

const texts = (locale: Locale): Texts => namespaceTexts(locale, ['portfolio', 'personTax', 'income']);
const text = textOf;

/** A weekday at least `days` days ago (ISO). */
function weekdayAgo(days: number): string {
  const d = new Date(Date.now() - days * 86_400_000);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** A date as the calendar shows it ('short': 22.11.2024 / 11/22/2024) back to ISO. */
function isoFromShort(shown: string, locale: Locale): string {
  const parts = shown.trim().split(/[./]/);
  const [day, month, year] = locale === 'nb' ? parts : [parts[1], parts[0], parts[2]];
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/** An ISO date in lib/format's 'medium' style (the tax tables' dates). */
function mediumDate(iso: string, locale: Locale): string {
  const [y, m, d] = iso.split('-').map(Number);
  return new Intl.DateTimeFormat(locale === 'nb' ? 'nb-NO' : 'en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

async function buy(page: Page, all: Texts, date: string): Promise<void> {
  await page
    .getByRole('button', { name: text(all, 'portfolio:selector.addTransaction') })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: text(all, 'portfolio:transactionForm.addTitle') });
  await dialog.waitFor({ timeout: TIMEOUT });
  await dialog.getByLabel(text(all, 'portfolio:transactionForm.event')).selectOption('1');
  await pickTicker(dialog, text(all, 'portfolio:transactionForm.ticker'), 'Equinor', TIMEOUT);
  await dialog.getByLabel(text(all, 'portfolio:transactionForm.date')).fill(date);
  await dialog.getByLabel(text(all, 'portfolio:transactionForm.quantity'), { exact: true }).fill('10');
  await dialog.getByLabel(text(all, 'portfolio:transactionForm.price'), { exact: true }).fill('250');
  await dialog.getByRole('button', { name: text(all, 'portfolio:actions.save') }).click();
  // A warning (a price far from the day's range) never blocks the save.
  await dialog.waitFor({ state: 'hidden', timeout: TIMEOUT });
}

/** The calendar's EQNR row with the ex-date shown as `exShown`. */
function calendarRow(calendar: Locator, exShown: string): Locator {
  return calendar
    .getByRole('row')
    .filter({ has: calendar.page().getByRole('rowheader', { name: 'EQNR', exact: true }) })
    .filter({ hasText: exShown });
}

async function incomeJourney(page: Page, baseUrl: string, locale: Locale, all: Texts): Promise<void> {
  const tag = `[income ${locale}]`;
  const name = `Income ${locale} ${Date.now().toString(36)}`;
  await page.goto(`${baseUrl}${localePrefix(locale)}/portfolio`, { waitUntil: 'networkidle' });
  await createPortfolio(page, all, name, false);
  await buy(page, all, weekdayAgo(400));
  await page
    .locator('table.tv-results-table')
    .getByRole('row', { name: /^EQNR\b/ })
    .waitFor({ timeout: TIMEOUT });

  // The income view: a passed, unbooked EQNR dividend with its Book button.
  const panel = page.getByTestId('income-panel');
  await panel.scrollIntoViewIfNeeded();
  const calendar = panel.getByTestId('income-calendar');
  await calendar.waitFor({ timeout: TIMEOUT });
  const unbooked = calendar
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'EQNR', exact: true }) })
    .filter({ hasText: text(all, 'income:status.unbooked') });
  await unbooked.first().waitFor({ timeout: TIMEOUT });
  const cells = await unbooked.first().getByRole('cell').allTextContents();
  // Cells: ex-date, pay date, amount, NOK, status, action (the symbol is the row header).
  const [exShown, payShown] = cells;
  check(/\d/.test(exShown ?? ''), `${tag} no ex-date in the row: ${cells.join(' | ')}`);
  const paid = isoFromShort(/\d/.test(payShown ?? '') ? payShown : exShown, locale);
  const year = Number(paid.slice(0, 4));

  // Book it: the dialog proposes Norway's treaty rate (0 %).
  // The row's one button, named "Book the dividend of EQNR with ex-date …".
  await unbooked.first().getByRole('button').click();
  const dialog = page.getByRole('dialog', { name: text(all, 'income:book.title', { symbol: 'EQNR' }) });
  await dialog.waitFor({ timeout: TIMEOUT });
  const rate = dialog.getByLabel(text(all, 'income:book.withholding'));
  check((await rate.inputValue()) === '0', `${tag} the proposed withholding is ${await rate.inputValue()} %`);
  await dialog.getByRole('button', { name: text(all, 'income:book.confirm') }).click();
  await dialog.waitFor({ state: 'hidden', timeout: TIMEOUT });

  // Its status becomes Paid.
  await calendarRow(calendar, exShown)
    .filter({ hasText: text(all, 'income:status.paid') })
    .waitFor({ timeout: TIMEOUT });
  check(
    (await calendarRow(calendar, exShown).getByRole('button').count()) === 0,
    `${tag} the booked row still has a Book button`,
  );

  // The portfolio's tax panel lists the dividend in its year (its only event: the panel shows that year).
  const tax = page.getByTestId('tax-panel');
  await tax.scrollIntoViewIfNeeded();
  const dividends = tax.getByRole('table', { name: text(all, 'personTax:panel.dividendsTitle', { year }) });
  await dividends.waitFor({ timeout: TIMEOUT });
  const shown = mediumDate(paid, locale);
  await dividends
    .getByRole('row')
    .filter({ hasText: 'EQNR' })
    .filter({ hasText: shown })
    .first()
    .waitFor({ timeout: TIMEOUT })
    .catch(() => {
      throw new Error(`${tag} the tax panel's dividends of ${year} have no EQNR row dated ${shown}`);
    });

  // And so does the person-level report of that year.
  await tax.getByRole('link', { name: text(all, 'personTax:openReport', { year }) }).click();
  const report = page.getByTestId('person-tax-report');
  await report.waitFor({ timeout: TIMEOUT });
  const reportDividends = report.getByRole('table', { name: text(all, 'personTax:dividends.title') });
  await reportDividends
    .getByRole('row')
    .filter({ hasText: 'EQNR' })
    .filter({ hasText: shown })
    .first()
    .waitFor({ timeout: TIMEOUT })
    .catch(() => {
      throw new Error(`${tag} the tax report of ${year} lists no EQNR dividend dated ${shown}`);
    });
}

export async function run({ baseUrl, browser }: E2eContext): Promise<void> {
  await forEachLocaleAsInvestor(browser, baseUrl, TIMEOUT, async (page, locale) => {
    await incomeJourney(page, baseUrl, locale, texts(locale));
  });
}
