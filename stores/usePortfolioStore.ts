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
 */
import { create } from 'zustand';
import type { TickerSuggestion } from '@/lib/types/market';
import type {
  ImportResultDto,
  PerformanceDto,
  PortfolioDto,
  PortfolioResultRowDto,
  PortfolioResultsDto,
  TaxReportDto,
  TickerDayDto,
  TransactionDto,
} from '@/lib/types/portfolio';
import { localIsoDate } from '@/lib/dates';
import { ApiError, toApiError } from '@/services/apiError';
import {
  portfolioService,
  type CreatePortfolioPayload,
  type MappedImport,
  type CreateTransactionPayload,
  type UpdatePortfolioPayload,
  type UpdateTransactionPayload,
} from '@/services/portfolioService';
import { registerUserStoreReset } from './userStoreResets';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** The key of the cash events (deposits, withdrawals) in `transactions`: no ticker has id 0. */
export const CASH_LEDGER_KEY = 0;

/** Where a transaction is kept in `transactions`: its ticker's list, or the cash list. */
export function ledgerKey(t: Pick<TransactionDto, 'ticker_id'>): number {
  return t.ticker_id ?? CASH_LEDGER_KEY;
}
export type PerformanceRange = '1y' | '3y' | 'all';
export const PERFORMANCE_RANGES: readonly PerformanceRange[] = ['1y', '3y', 'all'];

interface PortfolioState {
  userId: string | null;
  portfolios: PortfolioDto[];
  portfoliosStatus: LoadStatus;
  selectedId: number | null;
  includeSold: boolean;
  results: PortfolioResultRowDto[];
  /** The server's decimal totals of `results` (null until they arrive). */
  resultsTotals: PortfolioResultsDto['totals'] | null;
  resultsStatus: LoadStatus;
  performanceRange: PerformanceRange;
  performance: PerformanceDto | null;
  performanceStatus: LoadStatus;
  /** The tax view's year; null until the user picks one (the server then answers its latest year with events). */
  taxYear: number | null;
  tax: TaxReportDto | null;
  taxStatus: LoadStatus;
  /**
   * Transactions per ticker id of the selected portfolio, as far as they were fetched; the cash
   * events (deposits, withdrawals: no ticker) under CASH_LEDGER_KEY.
   */
  transactions: Record<number, TransactionDto[]>;
  transactionsStatus: Record<number, LoadStatus>;
  loading: boolean;
  error: ApiError | null;

  fetchPortfolios(userId: string): Promise<void>;
  selectPortfolio(portfolioId: number | null): Promise<void>;
  createPortfolio(payload: Omit<CreatePortfolioPayload, 'firebase_uid'>): Promise<PortfolioDto>;
  updatePortfolio(payload: UpdatePortfolioPayload): Promise<PortfolioDto>;
  deletePortfolio(portfolioId: number): Promise<void>;
  setIncludeSold(includeSold: boolean): Promise<void>;
  fetchResults(): Promise<void>;
  setPerformanceRange(range: PerformanceRange): Promise<void>;
  fetchPerformance(): Promise<void>;
  setTaxYear(year: number): Promise<void>;
  fetchTax(): Promise<void>;
  fetchTransactions(tickerId: number): Promise<void>;
  addTransaction(payload: Omit<CreateTransactionPayload, 'portfolio_id'>): Promise<TransactionDto>;
  updateTransaction(payload: UpdateTransactionPayload): Promise<TransactionDto>;
  deleteTransaction(transaction: TransactionDto): Promise<void>;
  /**
   * Hide the transaction now and delete it after `undoMs` unless `undo()` is called first.
   * `done` resolves true once deleted, false when undone, and rejects (row put back) when the
   * server refuses.
   */
  deleteTransactionWithUndo(transaction: TransactionDto, undoMs: number): PendingDelete;
  /** Send every delete still waiting for its undo time now (the list is being left). */
  flushPendingDeletes(): Promise<void>;
  /** `accept`: review rows (by line) accepted with a total cost in the trade currency. */
  /** A Nordnet export, or (with `mapped`) any broker's CSV through a mapping. */
  importFile(
    file: Blob,
    dryRun: boolean,
    accept?: ReadonlyMap<number, string>,
    mapped?: MappedImport,
  ): Promise<ImportResultDto>;
  exportCsv(): Promise<{ blob: Blob; filename: string }>;
  searchTickers(search: string, signal?: AbortSignal): Promise<TickerSuggestion[]>;
  /** The transaction form's day check (session or not, the day's bar): not kept in the store. */
  fetchTickerDay(tickerId: number, date: string, signal?: AbortSignal): Promise<TickerDayDto>;
  clearError(): void;
  reset(): void;
}

export interface PendingDelete {
  /** Put the transaction back; false when it is too late (the delete was sent). */
  undo(): boolean;
  done: Promise<boolean>;
}

const initialState = {
  userId: null as string | null,
  portfolios: [] as PortfolioDto[],
  portfoliosStatus: 'idle' as LoadStatus,
  selectedId: null as number | null,
  includeSold: false,
  results: [] as PortfolioResultRowDto[],
  resultsTotals: null as PortfolioResultsDto['totals'] | null,
  resultsStatus: 'idle' as LoadStatus,
  performanceRange: '1y' as PerformanceRange,
  performance: null as PerformanceDto | null,
  performanceStatus: 'idle' as LoadStatus,
  taxYear: null as number | null,
  tax: null as TaxReportDto | null,
  taxStatus: 'idle' as LoadStatus,
  transactions: {} as Record<number, TransactionDto[]>,
  transactionsStatus: {} as Record<number, LoadStatus>,
  loading: false,
  error: null as ApiError | null,
};

/** The first day of a range ending today (undefined: since the first transaction). */
export function rangeStart(range: PerformanceRange, today: Date = new Date()): string | undefined {
  if (range === 'all') return undefined;
  const years = range === '1y' ? 1 : 3;
  return localIsoDate(new Date(today.getFullYear() - years, today.getMonth(), today.getDate()));
}

export const usePortfolioStore = create<PortfolioState>()((set, get) => {
  let pending = 0;
  /** Deletes waiting for their undo time, by transaction id: each sends its DELETE when run. */
  const pendingDeletes = new Map<number, () => Promise<boolean>>();

  /** Take a transaction out of its list; returns where it was (-1: not listed). */
  function hideTransaction(transaction: TransactionDto): number {
    const tickerId = ledgerKey(transaction);
    const index = (get().transactions[tickerId] ?? []).findIndex(
      (t) => t.portfolio_transaction_id === transaction.portfolio_transaction_id,
    );
    set((s) => ({
      transactions: {
        ...s.transactions,
        [tickerId]: (s.transactions[tickerId] ?? []).filter(
          (t) => t.portfolio_transaction_id !== transaction.portfolio_transaction_id,
        ),
      },
    }));
    return index;
  }

  /** Put a hidden transaction back where it was (unless it is listed again already). */
  function restoreTransaction(transaction: TransactionDto, index: number): void {
    const tickerId = ledgerKey(transaction);
    set((s) => {
      const current = s.transactions[tickerId] ?? [];
      if (current.some((t) => t.portfolio_transaction_id === transaction.portfolio_transaction_id)) return {};
      const restored = [...current];
      restored.splice(index < 0 ? restored.length : Math.min(index, restored.length), 0, transaction);
      return { transactions: { ...s.transactions, [tickerId]: restored } };
    });
  }

  /** The DELETE of a hidden transaction: put back when the server refuses, figures refreshed after. */
  async function sendDelete(transaction: TransactionDto, index: number): Promise<void> {
    try {
      await track(() => portfolioService.deleteTransaction(transaction.portfolio_transaction_id));
    } catch (err) {
      // Already gone (its portfolio was deleted while the Undo time ran): what the user asked for.
      if (toApiError(err).status === 404) return;
      // ...and put back where it was when the server refuses.
      console.error('Deleting the transaction failed:', err);
      restoreTransaction(transaction, index);
      throw toApiError(err);
    }
    void refreshFigures();
  }

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

  return {
    ...initialState,

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

    async setIncludeSold(includeSold) {
      set({ includeSold });
      await get().fetchResults();
    },

    async fetchResults() {
      const portfolioId = get().selectedId;
      if (portfolioId === null) return;
      const includeSold = get().includeSold;
      set({ resultsStatus: 'loading' });
      try {
        const { rows, totals } = await track(() => portfolioService.results(portfolioId, includeSold));
        if (stillSelected(portfolioId) && get().includeSold === includeSold)
          set({ results: rows, resultsTotals: totals, resultsStatus: 'ready' });
      } catch (err) {
        console.error('Fetching the portfolio results failed:', err);
        if (stillSelected(portfolioId)) set({ resultsStatus: 'error' });
      }
    },

    async setPerformanceRange(performanceRange) {
      set({ performanceRange });
      await get().fetchPerformance();
    },

    async fetchPerformance() {
      const portfolioId = get().selectedId;
      if (portfolioId === null) return;
      const range = get().performanceRange;
      set({ performanceStatus: 'loading' });
      try {
        const performance = await track(() =>
          portfolioService.performance(portfolioId, { from: rangeStart(range) }),
        );
        if (stillSelected(portfolioId) && get().performanceRange === range) {
          set({ performance, performanceStatus: 'ready' });
        }
      } catch (err) {
        console.error('Fetching the portfolio performance failed:', err);
        if (stillSelected(portfolioId)) set({ performanceStatus: 'error' });
      }
    },

    async setTaxYear(taxYear) {
      set({ taxYear });
      await get().fetchTax();
    },

    async fetchTax() {
      const portfolioId = get().selectedId;
      if (portfolioId === null) return;
      const year = get().taxYear;
      set({ taxStatus: 'loading' });
      try {
        const tax = await track(() => portfolioService.tax(portfolioId, year));
        if (stillSelected(portfolioId) && get().taxYear === year) set({ tax, taxStatus: 'ready' });
      } catch (err) {
        console.error('Fetching the tax view failed:', err);
        if (stillSelected(portfolioId) && get().taxYear === year) set({ taxStatus: 'error' });
      }
    },

    async fetchTransactions(tickerId) {
      const portfolioId = get().selectedId;
      if (portfolioId === null) return;
      set((s) => ({ transactionsStatus: { ...s.transactionsStatus, [tickerId]: 'loading' } }));
      try {
        const list = await track(() =>
          tickerId === CASH_LEDGER_KEY
            ? portfolioService.cashTransactions(portfolioId)
            : portfolioService.tickerTransactions(portfolioId, tickerId),
        );
        if (!stillSelected(portfolioId)) return;
        set((s) => ({
          transactions: { ...s.transactions, [tickerId]: list },
          transactionsStatus: { ...s.transactionsStatus, [tickerId]: 'ready' },
        }));
      } catch (err) {
        console.error('Fetching the transactions failed:', err);
        if (stillSelected(portfolioId)) {
          set((s) => ({ transactionsStatus: { ...s.transactionsStatus, [tickerId]: 'error' } }));
        }
      }
    },

    async addTransaction(payload) {
      set({ error: null });
      try {
        const portfolioId = requireSelected();
        const created = await track(() =>
          portfolioService.addTransaction({ ...payload, portfolio_id: portfolioId }),
        );
        // SPEC §4: after creating a transaction the lists are fetched again.
        await Promise.all([get().fetchTransactions(ledgerKey(created)), refreshFigures()]);
        return created;
      } catch (err) {
        const error = toApiError(err);
        console.error('Adding the transaction failed:', error);
        set({ error });
        throw error;
      }
    },

    async updateTransaction(payload) {
      set({ error: null });
      try {
        const updated = await track(() => portfolioService.updateTransaction(payload));
        set((s) => {
          const key = ledgerKey(updated);
          const list = s.transactions[key];
          if (!list) return {};
          const next = list
            .map((t) => (t.portfolio_transaction_id === updated.portfolio_transaction_id ? updated : t))
            .sort((a, b) =>
              a.date === b.date
                ? a.portfolio_transaction_id - b.portfolio_transaction_id
                : a.date < b.date
                  ? -1
                  : 1,
            );
          return { transactions: { ...s.transactions, [key]: next } };
        });
        void refreshFigures();
        return updated;
      } catch (err) {
        const error = toApiError(err);
        console.error('Updating the transaction failed:', error);
        set({ error });
        throw error;
      }
    },

    async deleteTransaction(transaction) {
      // DESIGN §9: removed at once...
      const index = hideTransaction(transaction);
      await sendDelete(transaction, index);
    },

    deleteTransactionWithUndo(transaction, undoMs) {
      const id = transaction.portfolio_transaction_id;
      const index = hideTransaction(transaction);
      let settled = false;
      let resolveDone: (deleted: boolean) => void = () => {};
      let rejectDone: (err: unknown) => void = () => {};
      const done = new Promise<boolean>((resolve, reject) => {
        resolveDone = resolve;
        rejectDone = reject;
      });
      const run = () => {
        if (settled) return done;
        settled = true;
        clearTimeout(timer);
        pendingDeletes.delete(id);
        sendDelete(transaction, index).then(() => resolveDone(true), rejectDone);
        return done;
      };
      const timer = setTimeout(run, undoMs);
      pendingDeletes.set(id, run);
      return {
        undo() {
          if (settled) return false;
          settled = true;
          clearTimeout(timer);
          pendingDeletes.delete(id);
          restoreTransaction(transaction, index);
          resolveDone(false);
          return true;
        },
        done,
      };
    },

    async flushPendingDeletes() {
      const runs = [...pendingDeletes.values()];
      // Each failure is reported through its own `done` (and put back); here only the waiting counts.
      await Promise.allSettled(runs.map((run) => run()));
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
