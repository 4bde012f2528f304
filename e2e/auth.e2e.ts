/**
 * Issue 4 in real Chromium against the running app and its Auth emulator: registration, log out
 * and in, a wrong password, remember me, the signed-in redirect, Google through the emulator's
 * test identity dialog, profile edits and a password change. Texts come from the nb locale files.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { E2eContext } from '../scripts/e2e';
import auth from '../public/locales/nb/auth.json';
import profile from '../public/locales/nb/profile.json';
import { check, INVESTOR, newPage } from './helpers';

const TIMEOUT = 20_000;

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/{{(\w+)}}/g, (_, k: string) => values[k] ?? '');
}

/** Uncaught exceptions fail the journey; console errors of failed requests are expected here. */
async function openPage(browser: Browser, opts: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext({
    locale: 'nb-NO',
    viewport: { width: 1366, height: 900 },
    ...opts,
  });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));
  return { context, page, pageErrors };
}

async function waitForPath(page: Page, path: string, what: string): Promise<void> {
  try {
    await page.waitForURL((url) => url.pathname === path, { timeout: TIMEOUT });
  } catch {
    throw new Error(`${what}: expected ${path}, still at ${page.url()}`);
  }
}

async function logIn(
  page: Page,
  baseUrl: string,
  email: string,
  password: string,
  remember = false,
): Promise<void> {
  await page.goto(`${baseUrl}/authentication/login`);
  await page.getByLabel(auth.login.email, { exact: true }).fill(email);
  await page.getByLabel(auth.login.password, { exact: true }).fill(password);
  if (remember) await page.getByLabel(auth.login.remember).check();
  await page.getByRole('button', { name: auth.login.submit, exact: true }).click();
}

async function expectLoggedIn(page: Page, email: string, what: string): Promise<void> {
  await waitForPath(page, '/home', what);
  await page
    .getByText(fill(auth.login.success, { email }))
    .waitFor({ timeout: 5_000 })
    .catch(() => {
      throw new Error(`${what}: no toast '${fill(auth.login.success, { email })}'`);
    });
}

async function expectLoginFails(page: Page, what: string): Promise<void> {
  const alert = page.getByRole('alert').filter({ hasText: auth.login.failed });
  await alert.waitFor({ timeout: TIMEOUT }).catch(() => {
    throw new Error(`${what}: no '${auth.login.failed}' alert`);
  });
  check(
    new URL(page.url()).pathname === '/authentication/login',
    `${what}: left the login page (${page.url()})`,
  );
  // DESIGN.md §9: no success toast after a failure. Wait until the sign-in's requests have
  // settled (an event, not a fixed sleep): a wrongly shown toast would be there by then.
  await page.waitForLoadState('networkidle', { timeout: TIMEOUT });
  check(
    (await page.getByText(/Logget inn som/).count()) === 0,
    `${what}: a success toast appeared after a failure`,
  );
}

async function logOut(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/authentication/logout`);
  await waitForPath(page, '/', 'logout');
}

async function openProfile(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/user/profile`);
  const first = page.getByLabel(profile.details.firstName, { exact: true });
  await first.waitFor({ timeout: TIMEOUT });
  // The form is filled from the backend user once it has loaded.
  await page.waitForFunction(
    (label) => {
      const input = [...document.querySelectorAll('label')].find((l) => l.textContent === label)?.control as
        HTMLInputElement | undefined;
      return Boolean(input?.value);
    },
    profile.details.firstName,
    { timeout: TIMEOUT },
  );
  return first;
}

async function close(...contexts: BrowserContext[]): Promise<void> {
  await Promise.all(contexts.map((c) => c.close()));
}

export async function run({ baseUrl, browser }: E2eContext): Promise<void> {
  const stamp = Date.now().toString(36);
  const email = `e2e-${stamp}@trendvakt.test`;
  const password = 'forste-passord-1';
  const newPassword = 'andre-passord-2';

  // 1. Register a new person: /home with the toast, and a backend user exists (the profile shows it).
  const main = await openPage(browser);
  try {
    const { page } = main;
    await page.goto(`${baseUrl}/authentication/register`);
    // The form explains itself as one types (issue 24 item 5): why the button is disabled, a bad
    // e-mail and a short password next to their fields.
    const blockers = (list: string) => auth.register.disabledBecause.replace('{{list}}', list);
    await page
      .getByText(blockers(`${auth.register.firstName}, `), { exact: false })
      .waitFor({ timeout: TIMEOUT });
    await page.getByLabel(auth.register.email, { exact: true }).fill('eva-at-example');
    await page.getByText(auth.register.emailInvalid, { exact: true }).waitFor({ timeout: TIMEOUT });
    await page.getByLabel(auth.register.password, { exact: true }).fill('kort');
    await page
      .getByText(auth.register.passwordTooShort.replace('{{min}}', '10'), { exact: true })
      .waitFor({ timeout: TIMEOUT });
    await page.getByLabel(auth.register.firstName, { exact: true }).fill('Eva');
    await page.getByLabel(auth.register.lastName, { exact: true }).fill('Etest');
    await page.getByLabel(auth.register.email, { exact: true }).fill(email);
    await page.getByLabel(auth.register.telephone, { exact: true }).fill('+47 912 34 567');
    await page.getByLabel(auth.register.password, { exact: true }).fill(password);
    await page.getByLabel(auth.register.confirmPassword, { exact: true }).fill(password);
    const submit = page.getByRole('button', { name: auth.register.submit, exact: true });
    check(await submit.isDisabled(), 'Register is enabled before the terms are accepted');
    await page.getByRole('checkbox').check();
    await submit.click();
    await waitForPath(page, '/home', 'registration');
    await page.getByText(fill(auth.register.success, { name: 'Eva Etest' })).waitFor({ timeout: 5_000 });
    const first = await openProfile(page, baseUrl);
    check((await first.inputValue()) === 'Eva', 'the backend user of the new person has no first name');
    check(
      (await page.getByLabel(profile.details.mobile, { exact: true }).inputValue()) === '+47 912 34 567',
      'the backend user lacks the telephone',
    );

    // 1b. The address is not verified yet (issue 23 item 4); the demo emulator keeps the link that
    // registration "mailed": open it as the person would from the mail, then check again.
    const section = page.locator('.card', { has: page.getByRole('heading', { name: profile.email.title }) });
    await section.getByText(profile.email.unverified, { exact: true }).waitFor({ timeout: TIMEOUT });
    await section.getByRole('button', { name: profile.email.showDemoLink, exact: true }).click();
    const link = await section
      .getByRole('link', { name: profile.email.demoLinkText, exact: true })
      .getAttribute('href', { timeout: TIMEOUT });
    check(
      link && new URL(link).searchParams.get('mode') === 'verifyEmail',
      `not a verification link: ${link}`,
    );
    const mailbox = await main.context.newPage();
    const followed = await mailbox.goto(link);
    check(followed?.ok(), `the verification link answered ${followed?.status()}`);
    await waitForPath(mailbox, '/user/profile', 'the verification link leads back to the profile');
    await mailbox.close();
    await section.getByRole('button', { name: profile.email.check, exact: true }).click();
    await section.getByText(profile.email.verified, { exact: true }).waitFor({ timeout: TIMEOUT });

    // 2. A signed-in user who opens the login page lands on /home.
    await page.goto(`${baseUrl}/authentication/login`);
    await waitForPath(page, '/home', 'signed-in user at /authentication/login');

    // 3. Profile edits persist.
    await openProfile(page, baseUrl);
    await page.getByLabel(profile.details.firstName, { exact: true }).fill('Evelyn');
    await page.getByLabel(profile.details.mobile, { exact: true }).fill('+47 900 00 000');
    await page.getByRole('button', { name: profile.details.save, exact: true }).click();
    await page.getByText(profile.details.saved).waitFor({ timeout: TIMEOUT });
    await page.reload();
    const firstAfter = await openProfile(page, baseUrl);
    check((await firstAfter.inputValue()) === 'Evelyn', 'the first name did not persist');
    check(
      (await page.getByLabel(profile.details.mobile, { exact: true }).inputValue()) === '+47 900 00 000',
      'the mobile did not persist',
    );

    // 4. Password change: the old password fails afterwards, the new one works.
    await page.getByLabel(profile.password.current, { exact: true }).fill(password);
    await page.getByLabel(profile.password.new, { exact: true }).fill(newPassword);
    await page.getByLabel(profile.password.confirm, { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: profile.password.submit, exact: true }).click();
    await page.getByText(profile.password.PasswordChangedSuccessfully).waitFor({ timeout: TIMEOUT });

    // 5. Log out, then the old password fails and the new one logs in.
    await logOut(page, baseUrl);
    await page.goto(`${baseUrl}/user/profile`);
    await waitForPath(page, '/authentication/login', 'a signed-out visitor at /user/profile');
    await logIn(page, baseUrl, email, password);
    await expectLoginFails(page, 'the old password after the change');
    await logIn(page, baseUrl, email, newPassword);
    await expectLoggedIn(page, email, 'the new password');
    check(main.pageErrors.length === 0, `uncaught errors: ${main.pageErrors.join(' | ')}`);
  } finally {
    await close(main.context);
  }

  // 6. A wrong password: 'Failed to log in' and no success toast.
  const wrong = await newPage(browser);
  try {
    await logIn(wrong.page, baseUrl, 'investor@trendvakt.test', 'feil-passord');
    await expectLoginFails(wrong.page, 'a wrong password');
  } finally {
    await close(wrong.context);
  }

  // 7. Remember me: off -> a new browser context with this one's storage is signed out; on -> signed in.
  for (const remember of [false, true]) {
    const first = await openPage(browser);
    let second: Awaited<ReturnType<typeof openPage>> | undefined;
    try {
      await logIn(first.page, baseUrl, INVESTOR.email, INVESTOR.password, remember);
      await expectLoggedIn(first.page, INVESTOR.email, `remember me ${remember ? 'on' : 'off'}`);
      const storageState = await first.context.storageState({ indexedDB: true });
      second = await openPage(browser, { storageState });
      if (!remember) await second.page.goto(`${baseUrl}/home`);
      if (remember) {
        // Only a signed-in person gets the profile form filled from the backend user.
        const first = await openProfile(second.page, baseUrl);
        check((await first.inputValue()) !== '', 'remember me on: a new context was signed out');
        check(
          new URL(second.page.url()).pathname === '/user/profile',
          `remember me on: sent to ${second.page.url()}`,
        );
      } else {
        await waitForPath(second.page, '/authentication/login', 'remember me off: a new context');
      }
    } finally {
      await close(first.context, ...(second ? [second.context] : []));
    }
  }

  // 8. Google through the emulator's test identity dialog: a new user, signed in, with a backend user.
  const social = await openPage(browser);
  try {
    const { page } = social;
    const googleEmail = `google-${stamp}@trendvakt.test`;
    await page.goto(`${baseUrl}/authentication/login`);
    await page.getByRole('button', { name: fill(auth.social.signInWith, { provider: 'Google' }) }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ timeout: TIMEOUT });
    await dialog.getByLabel(auth.testIdp.email, { exact: true }).fill(googleEmail);
    await dialog.getByLabel(auth.testIdp.name, { exact: true }).fill('Gunnar Google');
    await dialog.getByRole('button', { name: auth.testIdp.submit, exact: true }).click();
    await expectLoggedIn(page, googleEmail, 'Google sign-in');
    const first = await openProfile(page, baseUrl);
    check((await first.inputValue()) === 'Gunnar', 'the Google user has no backend user with its given name');
    check(
      (await page.getByLabel(profile.details.lastName, { exact: true }).inputValue()) === 'Google',
      'the Google user has no backend user with its family name',
    );
    check(
      await page.getByText(profile.password.noPassword).isVisible(),
      'a Google user is offered a password change',
    );
    check(social.pageErrors.length === 0, `uncaught errors: ${social.pageErrors.join(' | ')}`);
  } finally {
    await close(social.context);
  }
}
