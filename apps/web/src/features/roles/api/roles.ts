import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, getPage, type QueryParams } from '../../../lib/api.ts';

export interface Role {
  id: number;
  title: string;
  slug: string;
  builtin: boolean;
}

export const ROLES_KEY = ['roles'] as const;

export const getRoles = (query: QueryParams, signal?: AbortSignal) => getPage<Role>('/roles', query, signal);

export const roleQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...ROLES_KEY, 'detail', id],
    queryFn: async ({ signal }) => (await api.get<Role>(`/roles/${id}`, undefined, signal)).payload,
  });

/** Every role, for the user form and filters. */
export const roleOptionsQueryOptions = () =>
  queryOptions({
    queryKey: [...ROLES_KEY, 'options'],
    queryFn: ({ signal }) => getRoles({ limit: 100, sort_by: 'id', sort_order: 'asc' }, signal),
    staleTime: 5 * 60_000,
  });

export function useSaveRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number | null; body: { title: string; slug: string } }) =>
      id ? api.put<Role>(`/roles/${id}`, body) : api.post<Role>('/roles', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ROLES_KEY }),
  });
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/roles/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ROLES_KEY }),
  });
}
