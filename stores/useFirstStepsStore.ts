/**
 * The first steps on Home (issue 39 item 7): which the caller has taken, from the server, and
 * whether the caller has put the card away (a UI setting, kept in the browser per user).
 */
import { create } from 'zustand';
import type { FirstStepsDto } from '@/lib/types/firstSteps';
import { userService } from '@/services/userService';
import { registerUserStoreReset } from './userStoreResets';

export type FirstStepsStatus = 'idle' | 'loading' | 'ready' | 'error';

interface FirstStepsState {
  steps: FirstStepsDto | null;
  status: FirstStepsStatus;
  fetch(): Promise<void>;
  reset(): void;
}

const initialState = { steps: null as FirstStepsDto | null, status: 'idle' as FirstStepsStatus };

export const useFirstStepsStore = create<FirstStepsState>()((set) => ({
  ...initialState,
  async fetch() {
    set({ status: 'loading' });
    try {
      set({ steps: await userService.firstSteps(), status: 'ready' });
    } catch (err) {
      console.error('Fetching the first steps failed:', err);
      set({ status: 'error' });
    }
  },
  reset() {
    set(initialState);
  },
}));

registerUserStoreReset(() => useFirstStepsStore.getState().reset());

const dismissedKey = (uid: string) => `trendvakt-first-steps-dismissed-${uid}`;

/** Whether this user put the card away in this browser. */
export function firstStepsDismissed(uid: string): boolean {
  try {
    return localStorage.getItem(dismissedKey(uid)) === '1';
  } catch {
    return false;
  }
}

export function dismissFirstSteps(uid: string): void {
  try {
    localStorage.setItem(dismissedKey(uid), '1');
  } catch {
    // Private mode without storage: the card comes back next time, nothing else is lost.
  }
}
