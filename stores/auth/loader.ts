import { usesAuthEmulator } from '@/services/firebaseConfig';

type AuthServiceModule = typeof import('@/services/authService');

/** The Firebase SDK and our auth service, once loaded (see `loadAuth`). */
let loadedAuth: AuthServiceModule | undefined;
let loadingAuth: Promise<AuthServiceModule> | undefined;

/**
 * The auth service with the Firebase SDK, loaded after the page has hydrated (the store's `init`
 * asks for it at once): the SDK is the largest part of the app, and no page needs it to render.
 * Until it has loaded the auth status is 'loading', so gated pages show their loader.
 */
export function loadAuth(): Promise<AuthServiceModule> {
  loadingAuth ??= import('@/services/authService').then(
    (m) => (loadedAuth = m),
    (err: unknown) => {
      loadingAuth = undefined;
      throw err;
    },
  );
  return loadingAuth;
}

/**
 * Start loading the auth service now (e.g. where a sign-in form is about to be used). Resolves
 * when `authCapabilities.hasPassword` and the second factors can be read.
 */
export async function preloadAuth(): Promise<void> {
  await loadAuth();
}

export async function auth(): Promise<AuthServiceModule['authService']> {
  return (await loadAuth()).authService;
}

/**
 * What the sign-in provider can do here, for components (which never call services themselves):
 * with the Auth emulator, social sign-in uses the test identity dialog and TOTP is unavailable.
 */
export const authCapabilities = {
  socialUsesTestIdentity: (): boolean => usesAuthEmulator(),
  totpSupported: (): boolean => !usesAuthEmulator(),
  /** Only asked while signed in, when the auth service has loaded. */
  hasPassword: (): boolean => loadedAuth?.authService.hasPassword() ?? false,
};

/** The loaded auth service's enrolled second factors (none until it has loaded). */
export function loadedSecondFactors() {
  return loadedAuth?.authService.secondFactors() ?? [];
}
