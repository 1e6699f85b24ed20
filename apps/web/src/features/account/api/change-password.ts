import { useMutation } from '@tanstack/react-query';
import type { Envelope } from '@wop/shared/api';
import type { PasswordBody } from '@wop/shared/auth';
import { api } from '../../../lib/api.ts';

export type PasswordInput = PasswordBody;

/** POST /api/profile `{ current_password, new_password, confirm_password }`: other sessions of the user end. */
export function changePassword(input: PasswordInput): Promise<Envelope<unknown>> {
  return api.post<unknown>('/profile', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
