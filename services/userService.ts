import type { FirstStepsDto } from '@/lib/types/firstSteps';
import type { UserDto } from '@/lib/types/user';
import type { CreateUserInput, UpdateUserInput } from '@/lib/schemas/user';
import { http } from './api';

export type CreateUserPayload = Omit<CreateUserInput, 'accept_terms'> & { accept_terms: boolean };

export const userService = {
  async create(payload: CreateUserPayload): Promise<UserDto> {
    return (await http.post<UserDto>('/user/create', payload)).data;
  },
  async getCurrent(uid: string): Promise<UserDto> {
    return (await http.get<UserDto>(`/user/getCurrent/${encodeURIComponent(uid)}`)).data;
  },
  async update(payload: UpdateUserInput): Promise<UserDto> {
    return (await http.put<UserDto>('/user', payload)).data;
  },
  /** Demo (Auth emulator) only: the pending e-mail verification link, as the emulator keeps it. */
  async verificationLink(): Promise<string> {
    return (await http.get<{ link: string }>('/user/verification-link')).data.link;
  },
  /** Everything stored about the caller (GET /user/export), as JSON text. */
  async exportData(): Promise<unknown> {
    return (await http.get<unknown>('/user/export')).data;
  },
  /** Which first steps the caller has taken (GET /user/first-steps): the card on Home. */
  async firstSteps(): Promise<FirstStepsDto> {
    return (await http.get<FirstStepsDto>('/user/first-steps')).data;
  },
  /** Delete the caller's account and data (DELETE /user; needs a recent sign-in). */
  async deleteAccount(): Promise<void> {
    await http.delete('/user');
  },
};
