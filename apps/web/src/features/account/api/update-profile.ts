import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope, User } from '@wop/shared/api';
import type { ProfileBody } from '@wop/shared/auth';
import { api } from '../../../lib/api.ts';
import { PROFILE_QUERY_KEY } from '../../../lib/current-user.ts';

export type ProfileInput = ProfileBody;

/** POST /api/profile `{ name, phone_no }`: e-mail and role are read-only here. */
export function updateProfile(input: ProfileInput): Promise<Envelope<User>> {
  return api.post<User>('/profile', input);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }),
  });
}
