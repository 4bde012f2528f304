/**
 * The Auth emulator sends no e-mail: it keeps every out-of-band code and lists them at
 * `GET /emulator/v1/projects/{project}/oobCodes` (firebase-tools' auth emulator API). In emulator
 * mode the profile page shows the caller's newest "verify e-mail" link from there, the way the
 * emulator provides it, so that a demo user can verify an address as a real user would from the
 * mail (issue 23 item 4). With a real project there is no such list: Firebase mails the link.
 */
import { serverFirebaseMode, type FirebaseEnv } from './firebaseMode';

interface OobCode {
  email?: string;
  oobCode?: string;
  oobLink?: string;
  requestType?: string;
}

/** Null: no pending verification for this address. Throws when not in emulator mode. */
export async function emulatorVerificationLink(
  email: string,
  env: FirebaseEnv = process.env,
  fetchImpl: typeof fetch = fetch,
): Promise<string | null> {
  const mode = serverFirebaseMode(env);
  if (!mode.demo || !mode.emulatorHost)
    throw new Error('Verification links are listed by the Auth emulator only');
  const url = `http://${mode.emulatorHost}/emulator/v1/projects/${encodeURIComponent(mode.projectId)}/oobCodes`;
  const res = await fetchImpl(url);
  if (!res.ok) throw new Error(`The Auth emulator answered ${res.status} for its out-of-band codes`);
  const { oobCodes = [] } = (await res.json()) as { oobCodes?: OobCode[] };
  const wanted = email.trim().toLowerCase();
  // The emulator lists codes in the order they were made: the newest is the one a resend produced.
  const mine = oobCodes.filter((c) => c.requestType === 'VERIFY_EMAIL' && c.email?.toLowerCase() === wanted);
  return mine.at(-1)?.oobLink ?? null;
}

/** Whether this server runs against the Auth emulator (a demo project). */
export function usesAuthEmulator(env: FirebaseEnv = process.env): boolean {
  try {
    const mode = serverFirebaseMode(env);
    return mode.demo && Boolean(mode.emulatorHost);
  } catch {
    return false;
  }
}
