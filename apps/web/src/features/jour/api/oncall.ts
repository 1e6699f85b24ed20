import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { OncallDirectory, OncallLine, OncallLineInput } from '@wop/shared/phonein';
import { api } from '../../../lib/api.ts';

export const ONCALL_KEY = ['oncall-lines'] as const;

/** The on-call lines, the service desk number and the office hours; work type titles in `lang`. */
export const oncallQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: [...ONCALL_KEY, lang],
    queryFn: async ({ signal }) => (await api.get<OncallDirectory>('/oncall-lines', undefined, signal)).payload,
  });

export const oncallLineQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...ONCALL_KEY, 'detail', id],
    queryFn: async ({ signal }) => (await api.get<OncallLine>(`/oncall-lines/${id}`, undefined, signal)).payload,
  });

export function useSaveOncallLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number | null; body: OncallLineInput }) =>
      id ? api.put<OncallLine>(`/oncall-lines/${id}`, body) : api.post<OncallLine>('/oncall-lines', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ONCALL_KEY }),
  });
}

export function useDeleteOncallLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/oncall-lines/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ONCALL_KEY }),
  });
}

export function useSaveServiceDesk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (service_desk_phone: string) =>
      api.put<{ service_desk_phone: string }>('/oncall-lines/service-desk', { service_desk_phone }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ONCALL_KEY }),
  });
}
