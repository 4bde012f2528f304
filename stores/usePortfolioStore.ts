/**
 * Portfolios, their results, performance and per-ticker transactions (SPEC §4, DESIGN.md §9).
 * - `loading` is true while any portfolio request of the store is in flight (SPEC §4).
 * - After creating a portfolio or a transaction the lists are fetched again; after an update or a
 *   delete the lists are adjusted in place. Results and performance are figures the server
 *   computes, so they are fetched again after every transaction change.
 * - Deleting a transaction removes it at once; if the server refuses, it is put back where it was
 *   and the action rejects (the component shows the error toast). With Undo (issue 24 item 3,
 *   deleteTransactionWithUndo) the row leaves the list at once but the DELETE is only sent when
 *   the undo time has passed (or the list is left: flushPendingDeletes); Undo before that puts the
 *   row back and nothing reaches the server, so the API stays SPEC's single DELETE.
 * - The tax view (FIFO realised gains of one year) is fetched when it is first shown, and again
 *   after transaction changes once it has been shown.
 * - `error` is SPEC §8's shared error value: the failure of the last create (portfolio or
 *   transaction) or transaction update. Other failures are logged and shown as a status per list.
 * Its parts: `portfolio/state.ts` (state, start values, shared rules), `portfolio/figures.ts`
 * (results, performance, tax), `portfolio/transactions.ts` (the ledger and deletes with undo).
 */
import { create } from 'zustand';
import { ApiError, toApiError } from '@/services/apiError';
import { portfolioService } from '@/services/portfolioService';
import { figureActions } from './portfolio/figures';
import {
  initialState,
  type AccountImportOutcome,
  type PortfolioState,
  type PortfolioStoreContext,
} from './portfolio/state';
import { transactionActions } from './portfolio/transactions';
import { registerUserStoreReset } from './userStoreResets';

export {
  CASH_LEDGER_KEY,
  type AccountImportOutcome,
  type AccountImportPlan,
  ledgerKey,
  PERFORMANCE_RANGES,
  rangeStart,
  type LoadStatus,
  type PendingDelete,
  type PerformanceRange,
  type PortfolioState,
} from './portfolio/state';

export const usePortfolioStore = create<PortfolioState>()((set, get) => {
  let pending = 0;
  /** Count a request in `loading` while it runs. */
  async function track<T>(request: () => Promise<T>): Promise<T> {
    pending += 1;
    set({ loading: true });
    try {
      return await request();
    } finally {
      pending = Math.max(0, pending - 1);
      set({ loading: pending > 0 });
    }
  }
  const stillSelected = (portfolioId: number) => get().selectedId === portfolioId;
  const requireSelected = (): number => {
    const id = get().selectedId;
    if (id === null) throw new ApiError(0, 'NO_PORTFOLIO', 'No portfolio is selected');
    return id;
  };
  /** Results, performance and (once shown) the tax view again: figures derived from the transactions. */
  const refreshFigures = () =>
    Promise.all([
      get().fetchResults(),
      get().fetchPerformance(),
      get().taxStatus === 'idle' ? undefined : get().fetchTax(),
    ]).then(() => undefined);
  const context: PortfolioStoreContext = { set, get, track, stillSelected, requireSelected, refreshFigures };

  return {
    ...initialState,
    ...figureActions(context),
    ...transactionActions(context),

    async fetchPortfolios(userId) {
      set({ userId, portfoliosStatus: 'loading' });
      try {
        const portfolios = await track(() => portfolioService.list(userId));
        set({ portfolios, portfoliosStatus: 'ready' });
        const selected = get().selectedId;
        if (selected === null || !portfolios.some((p) => p.portfolio_id === selected)) {
          await get().selectPortfolio(portfolios[0]?.portfolio_id ?? null);
        }
      } catch (err) {
        console.error('Fetching the portfolios failed:', err);
        set({ portfoliosStatus: 'error' });
      }
    },

    async selectPortfolio(portfolioId) {
      set({
        selectedId: portfolioId,
        results: [],
        resultsTotals: null,
        resultsStatus: 'idle',
        performance: null,
        performanceStatus: 'idle',
        tax: null,
        taxStatus: get().taxStatus === 'idle' ? 'idle' : 'loading',
        transactions: {},
        transactionsStatus: {},
      });
      if (portfolioId !== null) await refreshFigures();
    },

    async createPortfolio(payload) {
      set({ error: null });
      try {
        const userId = get().userId;
        const created = await track(() =>
          portfolioService.create({ ...payload, ...(userId ? { firebase_uid: userId } : {}) }),
        );
        // SPEC §4: after a create the list is fetched again; the new portfolio is selected.
        set({ selectedId: created.portfolio_id });
        if (userId) await get().fetchPortfolios(userId);
        else set((s) => ({ portfolios: [...s.portfolios, created] }));
        await get().selectPortfolio(created.portfolio_id);
        return created;
      } catch (err) {
        const error = toApiError(err);
        console.error('Creating the portfolio failed:', error);
        set({ error });
        throw error;
      }
    },

    async updatePortfolio(payload) {
      try {
        const updated = await track(() => portfolioService.update(payload));
        set((s) => ({
          portfolios: s.portfolios.map((p) => (p.portfolio_id === updated.portfolio_id ? updated : p)),
        }));
        return updated;
      } catch (err) {
        console.error('Updating the portfolio failed:', err);
        throw toApiError(err);
      }
    },

    async deletePortfolio(portfolioId) {
      try {
        await track(() => portfolioService.remove(portfolioId));
      } catch (err) {
        console.error('Deleting the portfolio failed:', err);
        throw toApiError(err);
      }
      const portfolios = get().portfolios.filter((p) => p.portfolio_id !== portfolioId);
      set({ portfolios });
      if (get().selectedId === portfolioId) await get().selectPortfolio(portfolios[0]?.portfolio_id ?? null);
    },

    async importFile(file, dryRun, accept, mapped) {
      const portfolioId = requireSelected();
      const result = await track(() =>
        portfolioService.importNordnet(portfolioId, file, dryRun, accept, mapped),
      );
      if (!dryRun && result.imported > 0 && stillSelected(portfolioId)) {
        set({ transactions: {}, transactionsStatus: {} });
        await refreshFigures();
      }
      return result;
    },

    async importAccounts(file, plan) {
      const outcomes: AccountImportOutcome[] = [];
      const userId = get().userId;
      for (const step of plan) {
        let portfolioId: number | null = 'portfolioId' in step ? step.portfolioId : null;
        try {
          if ('newPortfolio' in step) {
            const created = await track(() =>
              portfolioService.create({
                portfolio_name: step.newPortfolio.name,
                account_type: step.newPortfolio.accountType,
                ...(userId ? { firebase_uid: userId } : {}),
              }),
            );
            portfolioId = created.portfolio_id;
          }
          const id = portfolioId!;
          const result = await track(() =>
            portfolioService.importNordnet(id, file, false, new Map(), undefined, step.account),
          );
          outcomes.push({ account: step.account, portfolioId: id, result, error: null });
        } catch (err) {
          outcomes.push({ account: step.account, portfolioId, result: null, error: toApiError(err) });
        }
      }
      if (userId) await get().fetchPortfolios(userId);
      const selected = get().selectedId;
      if (selected !== null && outcomes.some((o) => o.portfolioId === selected && o.result)) {
        set({ transactions: {}, transactionsStatus: {} });
        await refreshFigures();
      }
      return outcomes;
    },

    async exportCsv() {
      const portfolioId = requireSelected();
      return track(() => portfolioService.exportCsv(portfolioId));
    },

    searchTickers(search, signal) {
      return portfolioService.searchTickers(search, signal);
    },

    fetchTickerDay(tickerId, date, signal) {
      return portfolioService.tickerDay(tickerId, date, signal);
    },

    clearError() {
      set({ error: null });
    },

    reset() {
      pending = 0;
      set(initialState);
    },
  };
});

// Signing out clears the user's portfolios.
registerUserStoreReset(() => usePortfolioStore.getState().reset());
