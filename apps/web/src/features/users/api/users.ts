import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@wop/shared/api';
import { USERS_KEY } from '../../../entities/users.ts';
import { api, getPage, type QueryParams } from '../../../lib/api.ts';

export const getUsers = (query: QueryParams, signal?: AbortSignal) => getPage<User>('/users', query, signal);

export const userQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...USERS_KEY, 'detail', id],
    queryFn: async ({ signal }) => {
      const { payload } = await api.get<User | User[]>(`/users/${id}`, undefined, signal);
      return Array.isArray(payload) ? payload[0] : payload;
    },
  });

/** What the user API takes (spec 7): entity_id is one id or several, by role. */
export interface UserPayload {
  name: string;
  email: string;
  phone_no: string;
  role: string;
  password?: string;
  entity_type?: 'chain' | 'region' | 'store';
  entity_id?: number[];
  /** NaN (not a number typed) is sent as such so that the server's 422 names the field. */
  approval_limit_minor?: number | null;
}

export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number | null; body: UserPayload }) =>
      id ? api.put<User>(`/users/${id}`, body) : api.post<User>('/users', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/users/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
