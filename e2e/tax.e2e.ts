// The Norwegian tax journey (issue 21) in real Chromium, signed in as the demo investor, in nb and
// en: create an aksjesparekonto (ASK) and an ordinary portfolio, record a deposit in each, a buy in
// each and an AAPL dividend with tax withheld in the ordinary one; the portfolio's tax panel lists
// the dividend with gross, withholding, fee and net; the year report (/tax) shows the dividend and
// the ASK, and its CSV downloads with the dividend section. Texts come from the shipped locale files.
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import type { E2eContext } from '../scripts/e2e';
import {
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

const texts = (locale: Locale): Texts => namespaceTexts(locale, ['portfolio', 'personTax']);

const text = textOf;

const escape = escapeRegExp;

/** A weekday (Monday–Thursday, so both exchanges trade) `days` or more days ago, in this year. */
function weekdayAgo(days: number): string {
  const d = new Date(Date.now() - days * 86_400_000);
  while (d.getUTCDay() === 0 || d.getUTCDay() >= 5) d.setUTCDate(d.getUTCDate() - 1);
  const thisYear = new Date().getUTCFullYear();
  // Early in January the dates would fall in last year: keep the journey in one income year.
  if (d.getUTCFullYear() !== thisYear) return `${thisYear}-01-0${days > 20 ? 2 : 5}`;
  return d.toISOString().slice(0, 10);
}

export async function createPortfolio(page: Page, all: Texts, name: string, ask: boolean): Promise<void> {
  await page
    .getByRole('button', {
      name: new RegExp(
        `^(${escape(text(all, 'portfolio:selector.create'))}|${escape(text(all, 'portfolio:empty.create'))})$`,
      ),
    })
    .first()
    .click();
  const form = page.getByRole('dialog', { name: text(all, 'portfolio:form.createTitle') });
  await form.getByLabel(text(all, 'portfolio:form.name')).fill(name);
  if (ask) await form.getByLabel(text(all, 'personTax:accountType.label')).selectOption('ask');
  await form.getByRole('button', { name: text(all, 'portfolio:form.create') }).click();
  await form.waitFor({ state: 'hidden', timeout: TIMEOUT });
  await waitForSelectedPortfolio(page, name, TIMEOUT);
}

/** One transaction through the form from the toolbar's "Add transaction". */
async function add(
  page: Page,
  all: Texts,
  opts: {
    event: 1 | 3 | 5;
    date: string;
    ticker?: string;
    quantity?: string;
    price: string;
    withholding?: string;
    fee?: string;
  },
): Promise<void> {
  await page
    .getByRole('button', { name: text(all, 'portfolio:selector.addTransaction') })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: text(all, 'portfolio:transactionForm.addTitle') });
  await dialog.waitFor({ timeout: TIMEOUT });
  await dialog.getByLabel(text(all, 'portfolio:transactionForm.event')).selectOption(String(opts.event));
  if (opts.ticker) {
    await pickTicker(dialog, text(all, 'portfolio:transactionForm.ticker'), opts.ticker, TIMEOUT);
  }
  await dialog.getByLabel(text(all, 'portfolio:transactionForm.date')).fill(opts.date);
  if (opts.event === 5) {
    await dialog
      .getByLabel(text(all, 'portfolio:transactionForm.cashAmount', { currency: 'NOK' }), { exact: false })
      .fill(opts.price);
  } else {
    const dividend = opts.event === 3;
    await dialog
      .getByLabel(
        text(
          all,
          dividend ? 'portfolio:transactionForm.dividendQuantity' : 'portfolio:transactionForm.quantity',
        ),
        { exact: true },
      )
      .fill(opts.quantity ?? '');
    await dialog
      .getByLabel(
        text(all, dividend ? 'portfolio:transactionForm.dividendPrice' : 'portfolio:transactionForm.price'),
        { exact: true },
      )
      .fill(opts.price);
  }
  if (opts.fee) await dialog.getByLabel(text(all, 'portfolio:transactionForm.fee')).fill(opts.fee);
  if (opts.withholding)
    await dialog
      .getByLabel(text(all, 'portfolio:transactionForm.withholdingTax'), { exact: false })
      .fill(opts.withholding);
  await dialog.getByRole('button', { name: text(all, 'portfolio:actions.save') }).click();
  // A warning (a non-session day, a price far from the day's range) never blocks the save.
  await dialog.waitFor({ state: 'hidden', timeout: TIMEOUT });
}

async function taxJourney(page: Page, baseUrl: string, locale: Locale, all: Texts): Promise<void> {
  const tag = `[tax ${locale}]`;
  const stamp = Date.now().toString(36);
  const askName = `ASK ${locale} ${stamp}`;
  const ordinaryName = `Ordinary ${locale} ${stamp}`;
  const year = Number(weekdayAgo(40).slice(0, 4));
  await page.goto(`${baseUrl}${localePrefix(locale)}/portfolio`, { waitUntil: 'networkidle' });

  // The ASK: a deposit of 50 000 and a buy of 10 EQNR.
  await createPortfolio(page, all, askName, true);
  await add(page, all, { event: 5, date: weekdayAgo(45), price: '50000' });
  await add(page, all, { event: 1, date: weekdayAgo(40), ticker: 'Equinor', quantity: '10', price: '250' });
  await page
    .locator('table.tv-results-table')
    .getByRole('row', { name: /^EQNR\b/ })
    .waitFor({ timeout: TIMEOUT });

  // The ordinary portfolio: a deposit, 10 AAPL, and a dividend of 10 × 0.25 USD with 0.38 USD
  // withheld (15 %) and a 0.05 USD fee.
  await createPortfolio(page, all, ordinaryName, false);
  await add(page, all, { event: 5, date: weekdayAgo(45), price: '50000' });
  await add(page, all, { event: 1, date: weekdayAgo(40), ticker: 'Apple', quantity: '10', price: '150' });
  await page
    .locator('table.tv-results-table')
    .getByRole('row', { name: /^AAPL\b/ })
    .waitFor({ timeout: TIMEOUT });
  await add(page, all, {
    event: 3,
    date: weekdayAgo(20),
    ticker: 'Apple',
    quantity: '10',
    price: '0.25',
    withholding: '0.38',
    fee: '0.05',
  });

  // The tax panel lists the dividend: gross, withholding, fee, net (in NOK at the day's rate).
  const panel = page.getByTestId('tax-panel');
  await panel.scrollIntoViewIfNeeded();
  const dividends = panel.getByRole('table', {
    name: text(all, 'personTax:panel.dividendsTitle', { year }),
  });
  await dividends.waitFor({ timeout: TIMEOUT });
  const cells = await dividends.getByRole('row').nth(1).getByRole('cell').allTextContents();
  check(/AAPL/.test(cells[1] ?? ''), `${tag} the dividend row is not AAPL: ${cells.join(' | ')}`);
  const amount = (s: string) =>
    Number(
      s
        .replace(/[^\d,.-]/g, '')
        .replace(/\s/g, '')
        .replace(',', '.'),
    );
  const [gross, withheld, fee, net] = cells
    .slice(3)
    .map((c) => (locale === 'nb' ? amount(c.replace(/\./g, '')) : amount(c.replace(/,/g, ''))));
  check(withheld > 0 && fee > 0, `${tag} no withholding or fee on the dividend: ${cells.join(' | ')}`);
  // net = gross − withholding − fee, to the øre.
  check(
    Math.abs(gross - withheld - fee - net) < 0.011,
    `${tag} net ${net} is not gross ${gross} − withholding ${withheld} − fee ${fee}`,
  );

  // The year report, through the panel's link.
  await panel.getByRole('link', { name: text(all, 'personTax:openReport', { year }) }).click();
  await page
    .getByRole('heading', { name: text(all, 'personTax:title', { year }) })
    .waitFor({ timeout: TIMEOUT });
  const report = page.getByTestId('person-tax-report');
  await report.waitFor({ timeout: TIMEOUT });
  const reportDividends = report.getByRole('table', { name: text(all, 'personTax:dividends.title') });
  check(
    /AAPL/.test((await reportDividends.textContent()) ?? ''),
    `${tag} the report's dividends do not list AAPL`,
  );
  const askTable = report.getByRole('table', { name: text(all, 'personTax:ask.title') });
  await page
    .waitForFunction(
      ([name]) =>
        (document.querySelector('[data-testid=person-tax-report]')?.textContent ?? '').includes(name),
      [askName],
      { timeout: TIMEOUT },
    )
    .catch(() => {
      throw new Error(`${tag} the report's ASK table does not name "${askName}"`);
    });
  check((await askTable.count()) === 1, `${tag} no ASK table in the report`);

  // The CSV: a download with the BOM, the dividend section and the AAPL dividend.
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: TIMEOUT }),
    page.getByRole('button', { name: text(all, 'personTax:download') }).click(),
  ]);
  const file = await download.path();
  const csv = fs.readFileSync(file, 'utf8');
  check(csv.charCodeAt(0) === 0xfeff, `${tag} the CSV has no BOM`);
  // The tax file for Norway (issue 39 item 3): tables of date;portfolio;symbol;… rows (semicolons in
  // nb, commas in en),
  // the portfolios by name. AAPL has a dividend and no sale, so its dated line is the dividend.
  check(/^[^;,\r\n]+[;,][^;,\r\n]+[;,]AAPL[;,]/m.test(csv), `${tag} the CSV has no AAPL dividend line`);
  check(csv.includes(askName), `${tag} the CSV does not name the ASK "${askName}"`);
  check(
    download.suggestedFilename().endsWith('.csv'),
    `${tag} the download is "${download.suggestedFilename()}"`,
  );
}

export async function run({ baseUrl, browser }: E2eContext): Promise<void> {
  await forEachLocaleAsInvestor(browser, baseUrl, TIMEOUT, async (page, locale) => {
    await taxJourney(page, baseUrl, locale, texts(locale));
  });
}
