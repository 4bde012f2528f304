/**
 * Notifications (issue 17): the unread count under the bell, the list on /notifications and the
 * per-user settings. The count is fetched on load and whenever the tab becomes visible again.
 */
import { create } from 'zustand';
import type { NotificationDto } from '@/lib/types/signals';
import { toApiError, type ApiError } from '@/services/apiError';
import { notificationService, type NotificationSettings } from '@/services/notificationService';
import { registerUserStoreReset } from './userStoreResets';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

interface NotificationState {
  unread: number;
  items: NotificationDto[];
  unreadOnly: boolean;
  status: LoadStatus;
  error: ApiError | null;
  settings: NotificationSettings | null;
  settingsStatus: LoadStatus;
  /** The unread count (the bell). */
  refreshCount(): Promise<void>;
  /** The list (all, or unread only). */
  fetch(unreadOnly?: boolean): Promise<void>;
  markRead(ids: number[]): Promise<void>;
  markAllRead(): Promise<void>;
  fetchSettings(): Promise<void>;
  /** Store a change; rejects (and keeps the old settings) when the server refuses. */
  saveSettings(change: Partial<NotificationSettings>): Promise<void>;
  /** The link of an alert e-mail (no sign-in needed); rejects with the server's error. */
  unsubscribe(token: string): Promise<void>;
  /** Tell the server the interface language (for e-mails), once per language and session. */
  syncLanguage(language: 'nb' | 'en'): Promise<void>;
  reset(): void;
}

const initialState = {
  unread: 0,
  items: [] as NotificationDto[],
  unreadOnly: false,
  status: 'idle' as LoadStatus,
  error: null as ApiError | null,
  settings: null as NotificationSettings | null,
  settingsStatus: 'idle' as LoadStatus,
};

let syncedLanguage: 'nb' | 'en' | null = null;

export const useNotificationStore = create<NotificationState>()((set, get) => ({
  ...initialState,

  async refreshCount() {
    try {
      const { unread } = await notificationService.list(true);
      set({ unread });
    } catch (err) {
      console.error('Fetching the unread notifications failed:', err);
    }
  },

  async fetch(unreadOnly = get().unreadOnly) {
    set({ status: 'loading', unreadOnly, error: null });
    try {
      const { items, unread } = await notificationService.list(unreadOnly);
      set({ items, unread, status: 'ready' });
    } catch (err) {
      console.error('Fetching the notifications failed:', err);
      set({ status: 'error', error: toApiError(err) });
    }
  },

  async markRead(ids) {
    const { unread } = await notificationService.markRead({ ids });
    set((s) => ({
      unread,
      items: s.unreadOnly
        ? s.items.filter((i) => !ids.includes(i.id))
        : s.items.map((i) => (ids.includes(i.id) ? { ...i, read: true } : i)),
    }));
  },

  async markAllRead() {
    const { unread } = await notificationService.markRead({ all: true });
    set((s) => ({ unread, items: s.unreadOnly ? [] : s.items.map((i) => ({ ...i, read: true })) }));
  },

  async fetchSettings() {
    set({ settingsStatus: 'loading' });
    try {
      set({ settings: await notificationService.getSettings(), settingsStatus: 'ready' });
    } catch (err) {
      console.error('Fetching the notification settings failed:', err);
      set({ settingsStatus: 'error' });
    }
  },

  async saveSettings(change) {
    set({ settings: await notificationService.updateSettings(change) });
  },

  async unsubscribe(token) {
    try {
      await notificationService.unsubscribe(token);
    } catch (err) {
      throw toApiError(err);
    }
  },

  async syncLanguage(language) {
    if (syncedLanguage === language) return;
    syncedLanguage = language;
    try {
      await notificationService.updateSettings({ language });
    } catch (err) {
      syncedLanguage = null;
      console.error('Saving the e-mail language failed:', err);
    }
  },

  reset() {
    syncedLanguage = null;
    set(initialState);
  },
}));

registerUserStoreReset(() => useNotificationStore.getState().reset());
