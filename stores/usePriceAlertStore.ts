/**
 * Price alerts (issue 25): the user's list; create and re-arm replace the entry with the server's
 * answer, a removal takes it out at once and puts it back if the server refuses.
 */
import { create } from 'zustand';
import type { PriceAlertDirection, PriceAlertDto } from '@/lib/types/priceAlerts';
import { toApiError } from '@/services/apiError';
import { priceAlertService } from '@/services/priceAlertService';
import { registerUserStoreReset } from './userStoreResets';

export type PriceAlertStatus = 'idle' | 'loading' | 'ready' | 'error';

interface PriceAlertState {
  items: PriceAlertDto[];
  status: PriceAlertStatus;
  fetch(): Promise<void>;
  /** Throws the ApiError (field details for the form) when the server refuses. */
  create(input: {
    ticker_id: number;
    direction: PriceAlertDirection;
    price: number;
    note?: string | null;
  }): Promise<void>;
  remove(id: number): Promise<void>;
  rearm(id: number): Promise<void>;
  reset(): void;
}

const initialState = { items: [] as PriceAlertDto[], status: 'idle' as PriceAlertStatus };

export const usePriceAlertStore = create<PriceAlertState>()((set, get) => ({
  ...initialState,

  async fetch() {
    set({ status: 'loading' });
    try {
      set({ items: await priceAlertService.list(), status: 'ready' });
    } catch (err) {
      console.error('Fetching the price alerts failed:', err);
      set({ status: 'error' });
    }
  },

  async create(input) {
    try {
      const alert = await priceAlertService.create(input);
      set((s) => ({ items: [...s.items, alert] }));
    } catch (err) {
      throw toApiError(err);
    }
  },

  async remove(id) {
    const before = get().items;
    set({ items: before.filter((a) => a.id !== id) });
    try {
      await priceAlertService.remove(id);
    } catch (err) {
      set({ items: before });
      throw toApiError(err);
    }
  },

  async rearm(id) {
    try {
      const alert = await priceAlertService.rearm(id);
      set((s) => ({ items: s.items.map((a) => (a.id === id ? alert : a)) }));
    } catch (err) {
      throw toApiError(err);
    }
  },

  reset() {
    set(initialState);
  },
}));

registerUserStoreReset(() => usePriceAlertStore.getState().reset());
