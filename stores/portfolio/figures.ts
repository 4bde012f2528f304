import { portfolioService } from '@/services/portfolioService';
import { rangeStart, type PortfolioState, type PortfolioStoreContext } from './state';

type FigureActions = Pick<
  PortfolioState,
  'setIncludeSold' | 'fetchResults' | 'setPerformanceRange' | 'fetchPerformance' | 'setTaxYear' | 'fetchTax'
>;

/**
 * The figures the server computes from the transactions: results, performance and the tax view.
 * An answer for a portfolio (or option) that is no longer selected is dropped.
 */
export function figureActions({ set, get, track, stillSelected }: PortfolioStoreContext): FigureActions {
  return {
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
  };
}
