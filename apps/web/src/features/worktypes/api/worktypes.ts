import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { WorkType, WorkTypeBody } from '@wop/shared/worktypes';
import { WORKTYPES_KEY } from '../../../entities/worktypes.ts';
import { api, getPage, type QueryParams } from '../../../lib/api.ts';

export const getWorkTypes = (query: QueryParams, signal?: AbortSignal) =>
  getPage<WorkType>('/worktypes', query, signal);

export const workTypeQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...WORKTYPES_KEY, 'detail', id],
    queryFn: async ({ signal }) => (await api.get<WorkType>(`/worktypes/${id}`, undefined, signal)).payload,
  });

export function useSaveWorkType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number | null; body: WorkTypeBody }) =>
      id ? api.put<WorkType>(`/worktypes/${id}`, body) : api.post<WorkType>('/worktypes', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WORKTYPES_KEY }),
  });
}

export function useDeleteWorkType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/worktypes/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WORKTYPES_KEY }),
  });
}
