/** Notification calls (issue 17) through the one apiClient. */
import type { NotificationListResponse, NotificationSettingsDto } from '@/lib/types/signals';
import { http } from './api';

export type NotificationSettings = NotificationSettingsDto & { language: 'nb' | 'en' };

export const notificationService = {
  async list(unread: boolean): Promise<NotificationListResponse> {
    return (await http.get<NotificationListResponse>('/notifications', { params: { unread } })).data;
  },
  async markRead(target: { ids: number[] } | { all: true }): Promise<{ updated: number; unread: number }> {
    return (await http.post<{ updated: number; unread: number }>('/notifications/read', target)).data;
  },
  async getSettings(): Promise<NotificationSettings> {
    return (await http.get<NotificationSettings>('/notifications/settings')).data;
  },
  async updateSettings(change: Partial<NotificationSettings>): Promise<NotificationSettings> {
    return (await http.put<NotificationSettings>('/notifications/settings', change)).data;
  },
  /** The link of an alert e-mail: no sign-in, the token names the user. */
  async unsubscribe(token: string): Promise<void> {
    await http.post('/notifications/unsubscribe', { token });
  },
};
