// Issue 37 in real Chromium: a Nordnet file with four accounts (our own values in Nordnet's real
// layout, __tests__/helpers/nordnetFourAccounts.ts) goes into four new portfolios in one run of the
// import dialog, one of them an ASK; each portfolio's cash then equals its account's last Saldo.
// Signed in as the demo investor, in nb and en (each locale's portfolios carry its own suffix).
import type { Page } from 'playwright-core';
import type { E2eContext } from '../scripts/e2e';
import { realNordnetFile } from '../__tests__/helpers/nordnetRealFiles';
import {
  FOUR_ACCOUNT_ROWS,
  FOUR_ACCOUNTS_EXPECTED,
  ACCOUNT_ASK,
} from '../__tests__/helpers/nordnetFourAccounts';
import {
  check,
  forEachLocaleAsInvestor,
  localePrefix,
  namespaceTexts,
  textOf,
  waitForSelectedPortfolio,
  type Locale,
  type Texts,
} from './helpers';

const TIMEOUT = 60_000;

const texts = (locale: Locale): Texts => namespaceTexts(locale, ['portfolio', 'importAccounts', 'personTax']);

/** The cash line's amount as the app formats it: 82 952,00 kr (nb) / NOK 82,952.00 (en). */
function money(value: number, locale: Locale): string {
  return new Intl.NumberFormat(locale === 'nb' ? 'nb-NO' : 'en-US', {
    style: 'currency',
    currency: 'NOK',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })
    .format(value)
    .replace(/[\u00a0\u202f]/g, ' ');
}

async function journey(page: Page, baseUrl: string, locale: Locale, all: Texts): Promise<void> {
  const tag = `[${locale}]`;
  await page.goto(`${baseUrl}${localePrefix(locale)}/portfolio`, { waitUntil: 'networkidle' });
  await page
    .getByRole('button', { name: textOf(all, 'portfolio:selector.import') })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: textOf(all, 'portfolio:import.title') });
  await dialog.waitFor({ timeout: TIMEOUT });
  await dialog.getByLabel(textOf(all, 'portfolio:import.file')).setInputFiles({
    name: 'transactions.csv',
    mimeType: 'text/csv',
    buffer: realNordnetFile(FOUR_ACCOUNT_ROWS),
  });
  const section = dialog.getByRole('region', { name: textOf(all, 'importAccounts:title') });
  await section.waitFor({ timeout: TIMEOUT });
  const names = new Map<string, string>();
  for (const { account } of FOUR_ACCOUNTS_EXPECTED) {
    const target = section.getByLabel(textOf(all, 'importAccounts:targetFor', { account }));
    await target.selectOption('new');
    const name = `Nordnet ${account} ${locale}`;
    names.set(account, name);
    await section.getByLabel(textOf(all, 'importAccounts:newNameFor', { account })).fill(name);
  }
  await section
    .getByLabel(textOf(all, 'importAccounts:newTypeFor', { account: ACCOUNT_ASK }))
    .selectOption('ask');
  await dialog
    .page()
    .getByRole('button', { name: textOf(all, 'importAccounts:import_other', { count: 4 }) })
    .click();
  await dialog.waitFor({ state: 'detached', timeout: TIMEOUT });

  // Each portfolio: its cash is its account's last Saldo.
  const selector = page.getByRole('combobox', { name: textOf(all, 'portfolio:selector.label') });
  for (const expected of FOUR_ACCOUNTS_EXPECTED) {
    const name = names.get(expected.account)!;
    await selector.selectOption({ label: name });
    await waitForSelectedPortfolio(page, name, TIMEOUT);
    const cash = page.getByTestId('cash-balance');
    const want = money(Number(expected.balance), locale);
    await page.waitForFunction(
      (w) =>
        (document.querySelector('[data-testid="cash-balance"]')?.textContent ?? '')
          .replace(/[\u00a0\u202f]/g, ' ')
          .includes(w),
      want,
      { timeout: TIMEOUT },
    );
    const shown = ((await cash.textContent()) ?? '').replace(/[\u00a0\u202f]/g, ' ');
    check(shown.includes(want), `${tag} ${name}: cash "${shown}", expected ${want}`);
  }
}

export async function run({ baseUrl, browser }: E2eContext): Promise<void> {
  await forEachLocaleAsInvestor(browser, baseUrl, TIMEOUT, async (page, locale) => {
    await journey(page, baseUrl, locale, texts(locale));
  });
}
