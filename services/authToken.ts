/**
 * Where the API client gets the current user's ID token. The auth layer registers the provider
 * (Firebase refreshes the token); until then, and when signed out, requests carry no token.
 */
export type TokenProvider = () => Promise<string | null>;

let tokenProvider: TokenProvider = async () => null;

export function setAuthTokenProvider(provider: TokenProvider): void {
  tokenProvider = provider;
}

export function currentAuthToken(): Promise<string | null> {
  return tokenProvider();
}
