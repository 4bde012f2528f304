/**
 * The reset registry of the stores that hold a user's data (portfolios, watchlist, …). Each such
 * store registers its `reset` here when its module loads; the auth store calls
 * `resetUserStores()` when the user signs out (or is signed out), so no store needs to import the
 * auth store, and the auth store needs to know none of them.
 */

const resets = new Set<() => void>();

/** Register a store's `reset`; returns a function that unregisters it. */
export function registerUserStoreReset(reset: () => void): () => void {
  resets.add(reset);
  return () => {
    resets.delete(reset);
  };
}

/**
 * Reset every registered store. One store that throws does not keep the others holding the
 * previous user's data: its error is logged and the rest are still reset.
 */
export function resetUserStores(): void {
  for (const reset of resets) {
    try {
      reset();
    } catch (err) {
      console.error('A user store could not be reset:', err);
    }
  }
}
