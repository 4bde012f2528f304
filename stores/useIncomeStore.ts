/**
 * Income and allocation (issue 41): the selected portfolio's income view and allocation, the
 * person-level allocation, the dashboard's next dividends, a share's dividends and the settings.
 */
import { create } from 'zustand';
import type {
  AllocationDto,
  IncomeSettingsDto,
  NextDividendDto,
  PortfolioIncomeDto,
  TickerDividendDto,
} from '@/lib/types/income';
import { incomeService } from '@/services/incomeService';
import { registerUserStoreReset } from './userStoreResets';
import {
  createRequestGuard,
  errorResource,
  idleResource,
  loadingResource,
  successResource,
  type Resource,
} from './asyncResource';

interface IncomeState {
  income: Resource<PortfolioIncomeDto>;
  incomeOf: number | null;
  allocation: Resource<AllocationDto>;
  /** The portfolio the allocation is of; null = every portfolio (the person view). */
  allocationOf: number | null;
  next: Resource<NextDividendDto[]>;
  tickerDividends: Resource<TickerDividendDto[]>;
  settings: Resource<IncomeSettingsDto>;
  /** The stored dividends are the demo schedule (null: not asked yet). */
  demo: boolean | null;
  fetchDemo(): Promise<void>;
  fetchIncome(portfolioId: number): Promise<void>;
  book(portfolioId: number, tickerId: number, exDate: string, withholdingRate?: number): Promise<void>;
  fetchAllocation(portfolioId: number | null): Promise<void>;
  fetchNext(): Promise<void>;
  fetchTickerDividends(tickerId: number): Promise<void>;
  fetchSettings(): Promise<void>;
  saveSettings(values: Partial<IncomeSettingsDto>): Promise<void>;
  reset(): void;
}

const guards = {
  income: createRequestGuard(),
  allocation: createRequestGuard(),
  next: createRequestGuard(),
  ticker: createRequestGuard(),
};

const initial = () => ({
  income: idleResource<PortfolioIncomeDto>(),
  incomeOf: null,
  allocation: idleResource<AllocationDto>(),
  allocationOf: null,
  next: idleResource<NextDividendDto[]>(),
  tickerDividends: idleResource<TickerDividendDto[]>(),
  settings: idleResource<IncomeSettingsDto>(),
  demo: null,
});

export const useIncomeStore = create<IncomeState>()((set, get) => ({
  ...initial(),
  async fetchDemo() {
    if (get().demo !== null) return;
    try {
      set({ demo: (await incomeService.source()).demo });
    } catch {
      // Unknown: no label rather than a wrong one; asked again on the next view.
    }
  },
  async fetchIncome(portfolioId) {
    const { ticket } = guards.income.next();
    set((s) => ({ income: loadingResource(s.income, s.incomeOf === portfolioId), incomeOf: portfolioId }));
    try {
      const data = await incomeService.income(portfolioId);
      if (guards.income.isCurrent(ticket)) set({ income: successResource(data) });
    } catch (err) {
      if (guards.income.isCurrent(ticket)) set((s) => ({ income: errorResource(s.income, err) }));
    }
  },
  async book(portfolioId, tickerId, exDate, withholdingRate) {
    await incomeService.book(portfolioId, {
      ticker_id: tickerId,
      ex_date: exDate,
      withholding_rate: withholdingRate,
    });
    await get().fetchIncome(portfolioId);
  },
  async fetchAllocation(portfolioId) {
    const { ticket } = guards.allocation.next();
    set((s) => ({
      allocation: loadingResource(s.allocation, s.allocationOf === portfolioId),
      allocationOf: portfolioId,
    }));
    try {
      const data = await incomeService.allocation(portfolioId);
      if (guards.allocation.isCurrent(ticket)) set({ allocation: successResource(data) });
    } catch (err) {
      if (guards.allocation.isCurrent(ticket)) set((s) => ({ allocation: errorResource(s.allocation, err) }));
    }
  },
  async fetchNext() {
    const { ticket } = guards.next.next();
    set((s) => ({ next: loadingResource(s.next) }));
    try {
      const data = await incomeService.nextDividends();
      if (guards.next.isCurrent(ticket)) set({ next: successResource(data) });
    } catch (err) {
      if (guards.next.isCurrent(ticket)) set((s) => ({ next: errorResource(s.next, err) }));
    }
  },
  async fetchTickerDividends(tickerId) {
    const { ticket } = guards.ticker.next();
    set((s) => ({ tickerDividends: loadingResource(s.tickerDividends, false) }));
    try {
      const data = await incomeService.tickerDividends(tickerId);
      if (guards.ticker.isCurrent(ticket)) set({ tickerDividends: successResource(data) });
    } catch (err) {
      if (guards.ticker.isCurrent(ticket))
        set((s) => ({ tickerDividends: errorResource(s.tickerDividends, err) }));
    }
  },
  async fetchSettings() {
    set((s) => ({ settings: loadingResource(s.settings) }));
    try {
      set({ settings: successResource(await incomeService.settings()) });
    } catch (err) {
      set((s) => ({ settings: errorResource(s.settings, err) }));
    }
  },
  async saveSettings(values) {
    const saved = await incomeService.saveSettings(values);
    set({ settings: successResource(saved) });
  },
  reset() {
    set(initial());
  },
}));

registerUserStoreReset(() => {
  for (const guard of Object.values(guards)) guard.cancel();
  useIncomeStore.getState().reset();
});
