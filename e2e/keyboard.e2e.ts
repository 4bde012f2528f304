// The portfolio journey with the keyboard alone (issue 16), in nb light and en dark: create a
// portfolio, add a buy, edit it, delete it and the portfolio — every step by Tab, typing, arrows,
// Enter and Escape, never the mouse. On the way it checks that the focused control is visibly
// marked (outline or focus ring), that a dialog keeps the focus inside while open and gives it
// back to the button that opened it, and that toasts are announced (role="alert"/"status").
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { STORAGE_KEYS } from '@/lib/storage';
import type { E2eContext } from '../scripts/e2e';
import { check, E2eError, localePrefix, newPage, signInInvestor, type Locale } from './helpers';

const TIMEOUT = 30_000;
type Texts = Record<string, unknown>;

function texts(locale: Locale): Texts {
  const file = path.join(process.cwd(), 'public', 'locales', locale, 'portfolio.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Texts;
}

function text(all: Texts, key: string, values: Record<string, string | number> = {}): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Texts)?.[part], all);
  if (typeof value !== 'string') throw new Error(`no text for portfolio:${key}`);
  return value.replace(/{{(\w+)}}/g, (_, k: string) => String(values[k] ?? ''));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** True when the focused element shows it: a focus outline or Bootstrap's focus ring (a box shadow). */
async function focusIsVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return false;
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== 'none' && style.boxShadow !== '';
    return outline || ring;
  });
}

/** Press Tab (or Shift+Tab) until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, what: string, opts: { back?: boolean; max?: number } = {}) {
  const handle = await target.elementHandle({ timeout: TIMEOUT });
  const max = opts.max ?? 120;
  for (let i = 0; i <= max; i += 1) {
    if (await page.evaluate((el) => document.activeElement === el, handle)) {
      check(await focusIsVisible(page), `${what}: focused but without a visible focus indicator`);
      return;
    }
    await page.keyboard.press(opts.back ? 'Shift+Tab' : 'Tab');
  }
  throw new E2eError(`${what}: not reached in ${max} presses of ${opts.back ? 'Shift+Tab' : 'Tab'}`);
}

/** Tab many times inside an open dialog: the focus never leaves it. */
async function focusStaysIn(page: Page, dialog: Locator, what: string): Promise<void> {
  const handle = await dialog.elementHandle({ timeout: TIMEOUT });
  for (let i = 0; i < 25; i += 1) {
    await page.keyboard.press(i % 5 === 4 ? 'Shift+Tab' : 'Tab');
    const inside = await page.evaluate((el) => !!el && el.contains(document.activeElement), handle);
    check(inside, `${what}: Tab moved the focus out of the open dialog`);
  }
}

/** A toast with `message` inside a live region (role alert or status), as screen readers hear it. */
async function announced(page: Page, message: string, what: string): Promise<void> {
  const toast = page.locator('[role=alert], [role=status]').filter({ hasText: message }).first();
  await toast.waitFor({ timeout: TIMEOUT }).catch(() => {
    throw new E2eError(`${what}: "${message}" was not announced in a live region`);
  });
}

async function journey(page: Page, baseUrl: string, locale: Locale): Promise<void> {
  const all = texts(locale);
  const tag = `[keyboard ${locale}]`;
  const name = `Tastatur ${locale} ${Date.now().toString(36)}`;
  await page.goto(`${baseUrl}${localePrefix(locale)}/portfolio`, { waitUntil: 'networkidle' });
  const main = page.locator('main');
  const create = main.getByRole('button', { name: text(all, 'selector.create'), exact: true });
  await create.waitFor({ timeout: TIMEOUT });

  // Open "new portfolio", look around with Tab (the focus stays in the dialog), Escape: the focus
  // is back on the button that opened it.
  await tabTo(page, create, `${tag} new portfolio button`);
  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog', { name: text(all, 'form.createTitle') });
  await form.waitFor({ timeout: TIMEOUT });
  await page.waitForFunction(() => document.activeElement?.closest('.modal.show') !== null, undefined, {
    timeout: TIMEOUT,
  });
  await focusStaysIn(page, form, `${tag} new portfolio dialog`);
  await page.keyboard.press('Escape');
  await form.waitFor({ state: 'hidden', timeout: TIMEOUT });
  // The focus returns once the dialog's closing transition ends: wait for it on that very button.
  const opener = await create.elementHandle({ timeout: TIMEOUT });
  await page
    .waitForFunction((el) => document.activeElement === el, opener, { timeout: TIMEOUT })
    .catch(() => {
      throw new E2eError(`${tag} closing the dialog did not give the focus back to its button`);
    });

  // Create it for real: Enter on the button, type the name (the field has the focus), Enter.
  await page.keyboard.press('Enter');
  await form.waitFor({ timeout: TIMEOUT });
  const nameField = form.getByLabel(text(all, 'form.name'));
  await page.waitForFunction(
    (el) => document.activeElement === el,
    await nameField.elementHandle({ timeout: TIMEOUT }),
    { timeout: TIMEOUT },
  );
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await announced(page, text(all, 'toast.created', { name }), `${tag} create`);
  await page.waitForFunction(
    (n) =>
      (document.querySelector('main select.form-select') as HTMLSelectElement | null)?.selectedOptions[0]
        ?.textContent === n,
    name,
    { timeout: TIMEOUT },
  );

  // Add a buy of 10 Equinor at 250: the ticker by typing and the arrow keys, the rest by Tab.
  const add = main.getByRole('button', { name: text(all, 'selector.addTransaction') }).first();
  await tabTo(page, add, `${tag} add transaction button`, { back: true });
  await page.keyboard.press('Enter');
  const addForm = page.getByRole('dialog', { name: text(all, 'transactionForm.addTitle') });
  await addForm.waitFor({ timeout: TIMEOUT });
  const ticker = addForm.getByRole('combobox', { name: text(all, 'transactionForm.ticker') });
  await page.waitForFunction(
    (el) => document.activeElement === el,
    await ticker.elementHandle({ timeout: TIMEOUT }),
    { timeout: TIMEOUT },
  );
  await page.keyboard.type('Equinor');
  await addForm
    .getByRole('option', { name: /Equinor/ })
    .first()
    .waitFor({ timeout: TIMEOUT });
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await tabTo(
    page,
    addForm.getByLabel(text(all, 'transactionForm.quantity'), { exact: true }),
    `${tag} quantity`,
  );
  await page.keyboard.type('10');
  await tabTo(page, addForm.getByLabel(text(all, 'transactionForm.price'), { exact: true }), `${tag} price`);
  await page.keyboard.type('250');
  await focusStaysIn(page, addForm, `${tag} add transaction dialog`);
  await tabTo(page, addForm.getByLabel(text(all, 'transactionForm.price'), { exact: true }), `${tag} price`);
  await page.keyboard.press('Enter');
  await addForm.waitFor({ state: 'hidden', timeout: TIMEOUT });
  await announced(page, text(all, 'transactionForm.saved'), `${tag} buy`);
  // The holdings table's row (the income panels list EQNR's dividends in tables of their own).
  const row = main.locator('table.tv-results-table').getByRole('row', { name: /^EQNR\b/ });
  await row.waitFor({ timeout: TIMEOUT });

  // Edit it to 12 shares: open the ticker's transactions, Tab to "Edit", change the quantity.
  const show = row.getByRole('button', {
    name: text(all, 'results.showTransactionsFor', { symbol: 'EQNR' }),
  });
  await tabTo(page, show, `${tag} show transactions`);
  await page.keyboard.press('Enter');
  const panel = main.getByRole('region', { name: /EQNR/ });
  await panel.waitFor({ timeout: TIMEOUT });
  const edit = panel.getByRole('button', { name: new RegExp(`^${escape(text(all, 'transactions.edit'))} `) });
  await edit.first().waitFor({ timeout: TIMEOUT });
  await tabTo(page, edit.first(), `${tag} edit button`);
  await page.keyboard.press('Enter');
  const editForm = page.getByRole('dialog', { name: text(all, 'transactionForm.editTitle') });
  await editForm.waitFor({ timeout: TIMEOUT });
  const quantity = editForm.getByLabel(text(all, 'transactionForm.quantity'), { exact: true });
  await page.waitForFunction(() => document.activeElement?.closest('.modal.show') !== null, undefined, {
    timeout: TIMEOUT,
  });
  await tabTo(page, quantity, `${tag} quantity (edit)`);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('12');
  await page.keyboard.press('Enter');
  await editForm.waitFor({ state: 'hidden', timeout: TIMEOUT });
  await page.waitForFunction(
    () => {
      const r = [...document.querySelectorAll('main tr')].find((tr) => tr.textContent?.startsWith('EQNR'));
      return r?.querySelector('td')?.textContent?.trim() === '12';
    },
    undefined,
    { timeout: TIMEOUT },
  );

  // Delete the transaction.
  const remove = panel.getByRole('button', {
    name: new RegExp(`^${escape(text(all, 'transactions.delete'))} `),
  });
  await tabTo(page, remove.first(), `${tag} delete transaction`);
  await page.keyboard.press('Enter');
  // It asks first (issue 24 item 3): focus stays in the dialog, Tab to its Delete, Enter; the toast
  // announces the delete with its Undo.
  const confirmDelete = page.getByRole('dialog', { name: text(all, 'transactions.confirmTitle') });
  await confirmDelete.waitFor({ timeout: TIMEOUT });
  await focusStaysIn(page, confirmDelete, `${tag} confirm delete dialog`);
  await tabTo(
    page,
    confirmDelete.getByRole('button', { name: text(all, 'transactions.delete') }),
    `${tag} confirm delete`,
  );
  await page.keyboard.press('Enter');
  await announced(
    page,
    text(all, 'transactions.deletedUndo', { what: '' }).trim(),
    `${tag} delete transaction`,
  );

  // Delete the portfolio: Enter on "Delete portfolio", Tab to the confirm button, Enter.
  const deletePortfolio = main.getByRole('button', { name: text(all, 'selector.delete') });
  await tabTo(page, deletePortfolio, `${tag} delete portfolio`, { back: true });
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: text(all, 'deleteDialog.title') });
  await confirm.waitFor({ timeout: TIMEOUT });
  await focusStaysIn(page, confirm, `${tag} confirm dialog`);
  await tabTo(
    page,
    confirm.getByRole('button', { name: text(all, 'deleteDialog.confirm') }),
    `${tag} confirm`,
  );
  await page.keyboard.press('Enter');
  await announced(page, text(all, 'toast.deleted', { name }), `${tag} delete portfolio`);
  check(
    (await page.locator('main select.form-select option', { hasText: name }).count()) === 0,
    `${tag} the portfolio is still listed`,
  );
}

export async function run({ baseUrl, browser }: E2eContext): Promise<void> {
  for (const { locale, theme } of [
    { locale: 'nb', theme: 'light' },
    { locale: 'en', theme: 'dark' },
  ] as const) {
    const { context, page, consoleErrors } = await newPage(browser, {
      locale: locale === 'nb' ? 'nb-NO' : 'en-US',
    });
    try {
      await context.addInitScript(
        ([key, t]) => {
          if (!window.localStorage.getItem(key))
            window.localStorage.setItem(
              key,
              JSON.stringify({ state: { theme: t, isDark: t === 'dark' }, version: 0 }),
            );
        },
        [STORAGE_KEYS.settings, theme] as const,
      );
      await signInInvestor(page, baseUrl, locale, TIMEOUT);
      await journey(page, baseUrl, locale).catch(async (e) => {
        if (process.env.I16_SHOT) await page.screenshot({ path: `/tmp/i16-kb-fail-${locale}.png` });
        throw e;
      });
      const errors = consoleErrors.filter((e) => !/Failed to load resource/.test(e));
      check(errors.length === 0, `[keyboard ${locale}] console errors: ${errors.join(' | ')}`);
    } finally {
      await context.close();
    }
  }
}
