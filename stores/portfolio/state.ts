/** The portfolio store's state, its start values and the small rules its parts share. */
import type { StoreApi } from 'zustand';
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
import type { AccountType } from '@/lib/constants';
import { localIsoDate } from '@/lib/dates';
import type { ApiError } from '@/services/apiError';
import type {
  CreatePortfolioPayload,
  MappedImport,
  CreateTransactionPayload,
  UpdatePortfolioPayload,
  UpdateTransactionPayload,
} from '@/services/portfolioService';

/** One account of a file and where it goes: an existing portfolio, or a new one (name and type). */
export type AccountImportPlan =
  | { account: string; portfolioId: number }
  | { account: string; newPortfolio: { name: string; accountType: AccountType } };

/** What one account's import did: its portfolio (created or chosen) and result, or its error. */
export interface AccountImportOutcome {
  account: string;
  portfolioId: number | null;
  result: ImportResultDto | null;
  error: ApiError | null;
}

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** The key of the cash events (deposits, withdrawals) in `transactions`: no ticker has id 0. */
export const CASH_LEDGER_KEY = 0;

/** Where a transaction is kept in `transactions`: its ticker's list, or the cash list. */
export function ledgerKey(t: Pick<TransactionDto, 'ticker_id'>): number {
  return t.ticker_id ?? CASH_LEDGER_KEY;
}
export type PerformanceRange = '1y' | '3y' | 'all';
export const PERFORMANCE_RANGES: readonly PerformanceRange[] = ['1y', '3y', 'all'];

export interface PortfolioState {
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
  /**
   * Issue 37: each account of a Nordnet file with several into its own portfolio (an existing one,
   * or a new one created first), one import per account; an account's failure does not stop the
   * others. The portfolios and the selected one's figures are fetched again afterwards.
   */
  importAccounts(file: Blob, plan: readonly AccountImportPlan[]): Promise<AccountImportOutcome[]>;
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

export const initialState = {
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

/**
 * What the store's parts share: zustand's set/get, the `loading` counter, the selection checks and
 * the refresh of the figures derived from the transactions.
 */
export interface PortfolioStoreContext {
  set: StoreApi<PortfolioState>['setState'];
  get: StoreApi<PortfolioState>['getState'];
  /** Count a request in `loading` while it runs. */
  track<T>(request: () => Promise<T>): Promise<T>;
  stillSelected(portfolioId: number): boolean;
  /** The selected portfolio's id; an ApiError (NO_PORTFOLIO) when none is selected. */
  requireSelected(): number;
  /** Results, performance and (once shown) the tax view again. */
  refreshFigures(): Promise<void>;
}
