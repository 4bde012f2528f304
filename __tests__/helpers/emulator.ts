// Real Auth emulator accounts and ID tokens for tests (npm test starts the emulator).
import crypto from 'node:crypto';

export function emulatorHost(): string {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set: run the tests with npm test');
  return host;
}

// The emulator closes idle keep-alive sockets without notice; a request that lands on one fails
// with "other side closed" before the emulator saw it, so it is safe to send again.
async function post(url: string, body: unknown, attempts = 3): Promise<Response> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    } catch (err) {
      if (attempt >= attempts) throw err;
      await new Promise((r) => setTimeout(r, 100 * attempt));
    }
  }
}

async function identityToolkit<T>(method: string, body: unknown): Promise<T> {
  const res = await post(
    `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=test-key`,
    body,
  );
  const json = (await res.json()) as T & { error?: { message: string } };
  if (!res.ok) throw new Error(`emulator ${method}: ${json.error?.message ?? res.status}`);
  return json;
}

export interface TestAccount {
  uid: string;
  email: string;
  password: string;
  idToken: string;
}

/** Create a fresh emulator account with a unique email and return its ID token. */
export async function createTestAccount(prefix = 'user'): Promise<TestAccount> {
  const email = `${prefix}-${crypto.randomUUID().slice(0, 8)}@trendvakt.test`;
  const password = 'test-password-123';
  const res = await identityToolkit<{ localId: string; idToken: string }>('signUp', {
    email,
    password,
    returnSecureToken: true,
  });
  return { uid: res.localId, email, password, idToken: res.idToken };
}

/** Sign in again: a new ID token for the account. */
export async function signIn(email: string, password: string): Promise<string> {
  const res = await identityToolkit<{ idToken: string }>('signInWithPassword', {
    email,
    password,
    returnSecureToken: true,
  });
  return res.idToken;
}

/** Rewrite claims of an (unsigned) emulator token: for expired and tampered-token tests. */
export function rewriteToken(token: string, patch: Record<string, unknown>): string {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  const next = Buffer.from(JSON.stringify({ ...claims, ...patch })).toString('base64url');
  return [header, next, signature ?? ''].join('.');
}

/** Ask the emulator for a "verify e-mail" code for the account (what sendEmailVerification does). */
export async function requestEmailVerification(idToken: string): Promise<void> {
  await identityToolkit('sendOobCode', { requestType: 'VERIFY_EMAIL', idToken });
}

/** Change the account's e-mail at the identity provider (the address becomes free for others). */
export async function changeEmail(idToken: string, email: string): Promise<void> {
  await identityToolkit('update', { idToken, email, returnSecureToken: true });
}

/** Verify the account's e-mail directly, as following the mailed link would. */
export async function verifyEmailOf(account: TestAccount): Promise<string> {
  await requestEmailVerification(account.idToken);
  const res = await fetch(`http://${emulatorHost()}/emulator/v1/projects/${projectId()}/oobCodes`);
  const { oobCodes } = (await res.json()) as {
    oobCodes: { email: string; oobCode: string; requestType: string }[];
  };
  const code = oobCodes.filter((c) => c.requestType === 'VERIFY_EMAIL' && c.email === account.email).at(-1);
  if (!code) throw new Error(`no verification code for ${account.email}`);
  await identityToolkit('update', { oobCode: code.oobCode });
  return signIn(account.email, account.password);
}

function projectId(): string {
  return process.env.FIREBASE_PROJECT_ID ?? 'demo-trendvakt-test';
}
