import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ROLES_KEY, type Role } from '../../../entities/roles.ts';
import { api } from '../../../lib/api.ts';

export const roleQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...ROLES_KEY, 'detail', id],
    queryFn: async ({ signal }) => (await api.get<Role>(`/roles/${id}`, undefined, signal)).payload,
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
