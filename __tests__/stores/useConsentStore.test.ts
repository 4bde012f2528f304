import { STORAGE_KEYS } from '@/lib/storage';
import { useConsentStore } from '@/stores/useConsentStore';

const stored = () => JSON.parse(window.localStorage.getItem(STORAGE_KEYS.consent) ?? 'null');

beforeEach(() => {
  useConsentStore.getState().reset();
  useConsentStore.setState({ hydrated: false });
  window.localStorage.clear();
});

describe('useConsentStore', () => {
  it('starts undecided with nothing allowed', () => {
    expect(useConsentStore.getState()).toMatchObject({ decided: false, analytics: false, marketing: false });
  });

  it('accept all / reject all / separate choices', () => {
    useConsentStore.getState().acceptAll();
    expect(useConsentStore.getState()).toMatchObject({ decided: true, analytics: true, marketing: true });
    useConsentStore.getState().rejectAll();
    expect(useConsentStore.getState()).toMatchObject({ decided: true, analytics: false, marketing: false });
    useConsentStore.getState().save({ analytics: true, marketing: false });
    expect(useConsentStore.getState()).toMatchObject({ decided: true, analytics: true, marketing: false });
    expect(useConsentStore.getState().decidedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('remembers the answer, not the banner’s UI state', () => {
    useConsentStore.getState().save({ analytics: false, marketing: true });
    useConsentStore.getState().openPreferences();
    expect(stored().state).toEqual({
      analytics: false,
      marketing: true,
      decided: true,
      decidedAt: expect.any(String),
    });
  });

  it('restores a complete answer and marks itself hydrated', async () => {
    window.localStorage.setItem(
      STORAGE_KEYS.consent,
      JSON.stringify({
        state: { analytics: true, marketing: false, decided: true, decidedAt: '2024-01-01T00:00:00.000Z' },
        version: 0,
      }),
    );
    await useConsentStore.persist.rehydrate();
    expect(useConsentStore.getState()).toMatchObject({
      hydrated: true,
      decided: true,
      analytics: true,
      marketing: false,
    });
  });

  it('asks again when the stored answer is incomplete', async () => {
    window.localStorage.setItem(
      STORAGE_KEYS.consent,
      JSON.stringify({ state: { analytics: true, decided: true }, version: 0 }),
    );
    await useConsentStore.persist.rehydrate();
    expect(useConsentStore.getState()).toMatchObject({ hydrated: true, decided: false, analytics: false });
  });

  it('opens and closes the preferences from the footer', () => {
    useConsentStore.getState().openPreferences();
    expect(useConsentStore.getState().preferencesOpen).toBe(true);
    useConsentStore.getState().acceptAll();
    expect(useConsentStore.getState().preferencesOpen).toBe(false);
  });
});
