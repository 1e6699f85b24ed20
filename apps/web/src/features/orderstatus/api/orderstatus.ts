import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderStatus, TitleSlugBody } from '@wop/shared/reference';
import { ORDERSTATUS_KEY } from '../../../entities/orderstatus.ts';
import { api, getPage, type QueryParams } from '../../../lib/api.ts';

export type { OrderStatus };

export const getOrderStatuses = (query: QueryParams, signal?: AbortSignal) =>
  getPage<OrderStatus>('/orderstatus', query, signal);

export const orderStatusQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...ORDERSTATUS_KEY, 'detail', id],
    queryFn: async ({ signal }) => (await api.get<OrderStatus>(`/orderstatus/${id}`, undefined, signal)).payload,
  });

export function useSaveOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number | null; body: TitleSlugBody }) =>
      id ? api.put<OrderStatus>(`/orderstatus/${id}`, body) : api.post<OrderStatus>('/orderstatus', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ORDERSTATUS_KEY }),
  });
}

export function useDeleteOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/orderstatus/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ORDERSTATUS_KEY }),
  });
}
