import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { safeLocalStorage, STORAGE_KEYS } from '@/lib/storage';

export interface ConsentChoices {
  /** Measurement (GA4): page views and product events. */
  analytics: boolean;
  /** Marketing pixels (Meta): conversion events. */
  marketing: boolean;
}

interface ConsentValues extends ConsentChoices {
  /** False until the visitor has answered the banner: nothing is tracked before that. */
  decided: boolean;
  /** ISO time of the last answer (kept as a record of consent). */
  decidedAt: string | null;
}

interface ConsentState extends ConsentValues {
  /** True once the stored answer has been read (the banner waits for it). */
  hydrated: boolean;
  /** The banner is open on the detailed choices (first visit or "Cookie settings" in the footer). */
  preferencesOpen: boolean;
  acceptAll(): void;
  rejectAll(): void;
  save(choices: ConsentChoices): void;
  openPreferences(): void;
  closePreferences(): void;
  setHydrated(): void;
  reset(): void;
}

const initialValues: ConsentValues = { analytics: false, marketing: false, decided: false, decidedAt: null };

export const useConsentStore = create<ConsentState>()(
  persist(
    (set) => {
      const answer = (choices: ConsentChoices) =>
        set({ ...choices, decided: true, decidedAt: new Date().toISOString(), preferencesOpen: false });
      return {
        ...initialValues,
        hydrated: false,
        preferencesOpen: false,
        acceptAll: () => answer({ analytics: true, marketing: true }),
        rejectAll: () => answer({ analytics: false, marketing: false }),
        save: (choices) =>
          answer({ analytics: Boolean(choices.analytics), marketing: Boolean(choices.marketing) }),
        openPreferences: () => set({ preferencesOpen: true }),
        closePreferences: () => set({ preferencesOpen: false }),
        setHydrated: () => set({ hydrated: true }),
        reset: () => set({ ...initialValues, preferencesOpen: false }),
      };
    },
    {
      name: STORAGE_KEYS.consent,
      storage: createJSONStorage<ConsentValues>(() => safeLocalStorage),
      skipHydration: true,
      partialize: ({ analytics, marketing, decided, decidedAt }): ConsentValues => ({
        analytics,
        marketing,
        decided,
        decidedAt,
      }),
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as Partial<ConsentValues>;
        // Only a complete, explicit answer counts; anything else asks again.
        if (p.decided !== true || typeof p.analytics !== 'boolean' || typeof p.marketing !== 'boolean')
          return current;
        return {
          ...current,
          decided: true,
          analytics: p.analytics,
          marketing: p.marketing,
          decidedAt: typeof p.decidedAt === 'string' ? p.decidedAt : null,
        };
      },
      onRehydrateStorage: () => () => {
        useConsentStore.getState().setHydrated();
      },
    },
  ),
);
