import type { TransactionDto } from '@/lib/types/portfolio';
import { toApiError } from '@/services/apiError';
import { portfolioService } from '@/services/portfolioService';
import { CASH_LEDGER_KEY, ledgerKey, type PortfolioState, type PortfolioStoreContext } from './state';

type TransactionActions = Pick<
  PortfolioState,
  | 'fetchTransactions'
  | 'addTransaction'
  | 'updateTransaction'
  | 'deleteTransaction'
  | 'deleteTransactionWithUndo'
  | 'flushPendingDeletes'
>;

/**
 * The selected portfolio's transactions, per ticker (and the cash list): fetched when opened,
 * created, updated in place, deleted at once or after an undo time (see usePortfolioStore).
 */
export function transactionActions({
  set,
  get,
  track,
  stillSelected,
  requireSelected,
  refreshFigures,
}: PortfolioStoreContext): TransactionActions {
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

  return {
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
  };
}
