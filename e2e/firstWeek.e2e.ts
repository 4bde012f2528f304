// A Norwegian investor's first week (issue 39), the items a user sees, in nb and en in real Chromium:
//
//  1. The whole market: the screener's segment filter finds Euronext Growth shares (Smartoptics),
//     and the public directory's search finds a small cap (ArcticZymes) with a link to its page,
//     signed out, without JavaScript's help (a plain GET form).
//  2. ASK by the law: buying Apple into an aksjesparekonto is refused in the dialog with the rule
//     and the share named (the issuer's home state is outside the EEA), and nothing is saved.
//  5. Words: the analysis page reads "Likviditetsrisiko" / "Liquidity risk", not "Likviditet".
//  6. Phone: the header search opens to the screen's width when focused.
//  7. Onboarding: the register page offers Google and Facebook; the analysis header says "Demodata"
//     on generated prices.
// Item 3 (the tax file) is the tax journey's, item 4's directory the journeys file's, item 7's
// first-steps card the subscription journey's, item 8 (review rows) the import journeys'.
import type { Page } from 'playwright-core';
import { MARKET_OSLO } from '@/lib/constants';
import type { E2eContext } from '../scripts/e2e';
import {
  check,
  escapeRegExp,
  forEachLocaleAsInvestor,
  localePrefix,
  namespaceTexts,
  newPage,
  pickTicker,
  signInInvestor,
  textOf,
  type Locale,
  type Texts,
} from './helpers';
import { createPortfolio } from './tax.e2e';

const TIMEOUT = 30_000;
const PHONE = { width: 390, height: 844 };

const texts = (locale: Locale): Texts =>
  namespaceTexts(locale, [
    'market',
    'analysis',
    'auth',
    'askEligibility',
    'portfolio',
    'personTax',
    'common',
  ]);

/** 1a. The screener's segment filter: Euronext Growth lists Smartoptics (SMOP) and no main-list share. */
async function screenerGrowth(page: Page, baseUrl: string, locale: Locale, all: Texts): Promise<void> {
  const tag = `[first week ${locale}]`;
  await page.goto(`${baseUrl}${localePrefix(locale)}/market/tickers?countryID=${MARKET_OSLO}`, {
    waitUntil: 'networkidle',
  });
  const segment = page.locator('select[data-segment-filter]');
  if (!(await segment.isVisible())) {
    // The filters fold away behind their title on narrow screens.
    await page.getByRole('button', { name: textOf(all, 'market:filters.title') }).click();
  }
  await segment.selectOption('growth');
  await page.getByRole('button', { name: textOf(all, 'market:filters.apply') }).click();
  await page.waitForURL(/segment=growth/, { timeout: TIMEOUT });
  const table = page.locator('main table').first();
  await table.getByRole('row', { name: /\bSMOP\b/ }).waitFor({ timeout: TIMEOUT });
  const rows = await table.locator('tbody tr').allTextContents();
  check(!rows.some((r) => /\bEQNR\b/.test(r)), `${tag} the Growth segment lists Equinor (a main-list share)`);
}

/** 2. An ASK refuses Apple with the rule and the share named; the holdings stay empty. */
async function askRefusesApple(page: Page, baseUrl: string, locale: Locale, all: Texts): Promise<void> {
  const tag = `[first week ${locale}]`;
  await page.goto(`${baseUrl}${localePrefix(locale)}/portfolio`, { waitUntil: 'networkidle' });
  await createPortfolio(page, all, `ASK ${locale} ${Date.now().toString(36)}`, true);
  await page
    .getByRole('button', { name: textOf(all, 'portfolio:selector.addTransaction') })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: textOf(all, 'portfolio:transactionForm.addTitle') });
  await dialog.waitFor({ timeout: TIMEOUT });
  await dialog.getByLabel(textOf(all, 'portfolio:transactionForm.event')).selectOption('1');
  await pickTicker(dialog, textOf(all, 'portfolio:transactionForm.ticker'), 'Apple', TIMEOUT);
  await dialog.getByLabel(textOf(all, 'portfolio:transactionForm.quantity'), { exact: true }).fill('5');
  await dialog.getByLabel(textOf(all, 'portfolio:transactionForm.price'), { exact: true }).fill('200');
  await dialog.getByRole('button', { name: textOf(all, 'portfolio:actions.save') }).click();
  // The refusal's sentence, with the share and its home state (US) filled in.
  const refusal = textOf(all, 'askEligibility:refusal.ask_not_eea', {
    name: '__NAME__',
    symbol: 'AAPL',
    home_state: 'US',
  });
  const [before, after] = refusal.split('__NAME__');
  const message = dialog.getByText(new RegExp(`${escapeRegExp(before)}.+${escapeRegExp(after)}`));
  await message.waitFor({ timeout: TIMEOUT });
  check(await dialog.isVisible(), `${tag} the dialog closed after a refused buy`);
  await dialog.getByRole('button', { name: textOf(all, 'portfolio:actions.cancel') }).click();
  await dialog.waitFor({ state: 'hidden', timeout: TIMEOUT });
  check(
    (await page
      .locator('table.tv-results-table')
      .getByRole('row', { name: /^AAPL\b/ })
      .count()) === 0,
    `${tag} Apple was saved into the ASK`,
  );
}

/** 5 and 7. The analysis page: "Likviditetsrisiko" and the Demodata badge on generated prices. */
async function analysisWords(page: Page, baseUrl: string, locale: Locale, all: Texts): Promise<void> {
  const tag = `[first week ${locale}]`;
  await page.goto(`${baseUrl}${localePrefix(locale)}/market/analysis?tickerID=1&timeframe=2`, {
    waitUntil: 'networkidle',
  });
  const badge = page.getByTestId('demo-badge').first();
  await badge.waitFor({ timeout: TIMEOUT });
  check(
    (await badge.textContent())?.includes(textOf(all, 'market:demo.badge')),
    `${tag} the demo badge does not say ${textOf(all, 'market:demo.badge')}`,
  );
  await page
    .getByText(textOf(all, 'analysis:figures.liquidity'), { exact: true })
    .first()
    .waitFor({ timeout: TIMEOUT });
}

/** 6. On a phone the header search, focused, is as wide as the screen allows. */
async function phoneSearch(page: Page, baseUrl: string, locale: Locale): Promise<void> {
  await page.setViewportSize(PHONE);
  await page.goto(`${baseUrl}${localePrefix(locale)}/home`, { waitUntil: 'networkidle' });
  const input = page.locator('header [role="search"] input[type="search"]').first();
  await input.focus();
  // The widening is a CSS transition: give it a moment, then measure.
  await page.waitForTimeout(400);
  const box = await input.boundingBox();
  check(
    box && box.width >= PHONE.width - 80 && box.x >= 0 && box.x + box.width <= PHONE.width,
    `[first week ${locale}] the phone's header search is ${JSON.stringify(box)} wide when focused`,
  );
  await page.setViewportSize({ width: 1366, height: 900 });
}

/** 1b and 7. Signed out: the directory's search and the register page's social sign-up. */
async function signedOut({ baseUrl, browser }: E2eContext, locale: Locale): Promise<void> {
  const tag = `[first week ${locale}]`;
  const all = texts(locale);
  const { context, page, consoleErrors } = await newPage(browser, {
    locale: locale === 'nb' ? 'nb-NO' : 'en-US',
  });
  try {
    await page.goto(`${baseUrl}${localePrefix(locale)}/public/stocks?q=arcticzymes`, {
      waitUntil: 'networkidle',
    });
    const link = page.locator('main a[href$="/public/stocks/AZT"]');
    check((await link.count()) >= 1, `${tag} the directory's search for "arcticzymes" has no link to AZT`);
    await page.goto(`${baseUrl}${localePrefix(locale)}/authentication/register`, {
      waitUntil: 'networkidle',
    });
    for (const provider of ['Google', 'Facebook'])
      await page
        .getByRole('button', { name: textOf(all, 'auth:social.registerWith', { provider }) })
        .waitFor({ timeout: TIMEOUT });
    const errors = consoleErrors.filter((e) => !/Failed to load resource/.test(e));
    check(errors.length === 0, `${tag} console errors signed out: ${errors.join(' | ')}`);
  } finally {
    await context.close();
  }
}

/** 2 in a page of its own: the store logs the refusal it shows, and only that line is expected. */
async function askRefusal({ baseUrl, browser }: E2eContext, locale: Locale): Promise<void> {
  const { context, page, consoleErrors } = await newPage(browser, {
    locale: locale === 'nb' ? 'nb-NO' : 'en-US',
  });
  try {
    await signInInvestor(page, baseUrl, locale, TIMEOUT);
    await askRefusesApple(page, baseUrl, locale, texts(locale));
    const expected = /^Adding the transaction failed: ApiError: Apple Inc\. \(AAPL\) /;
    const errors = consoleErrors.filter((e) => !/Failed to load resource/.test(e));
    check(
      errors.length === 1 && expected.test(errors[0]),
      `[first week ${locale}] console errors on the ASK refusal: ${errors.join(' | ')}`,
    );
  } finally {
    await context.close();
  }
}

export async function run(ctx: E2eContext): Promise<void> {
  for (const locale of ['nb', 'en'] as const) await signedOut(ctx, locale);
  await forEachLocaleAsInvestor(ctx.browser, ctx.baseUrl, TIMEOUT, async (page, locale) => {
    const all = texts(locale);
    await screenerGrowth(page, ctx.baseUrl, locale, all);
    await analysisWords(page, ctx.baseUrl, locale, all);
    await phoneSearch(page, ctx.baseUrl, locale);
  });
  for (const locale of ['nb', 'en'] as const) await askRefusal(ctx, locale);
}
