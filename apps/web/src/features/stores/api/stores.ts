import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Store, StoreInput } from '@wop/shared/stores';
import { api, getPage, type QueryParams } from '../../../lib/api.ts';

export const STORES_KEY = ['stores'] as const;

export const getStores = (query: QueryParams, signal?: AbortSignal) => getPage<Store>('/stores', query, signal);

export const storeQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...STORES_KEY, 'detail', id],
    queryFn: async ({ signal }) => (await api.get<Store>(`/stores/${id}`, undefined, signal)).payload,
  });

/** Stores of a chain (and region) for a dropdown. */
export const storeOptionsQueryOptions = (chainId: number, regionId?: number | null) =>
  queryOptions({
    queryKey: [...STORES_KEY, 'options', chainId, regionId ?? null],
    queryFn: ({ signal }) =>
      getStores(
        { chain_id: chainId, region_id: regionId ?? undefined, limit: 1000, sort_by: 'store_name', sort_order: 'asc' },
        signal,
      ),
    staleTime: 60_000,
  });

export function useSaveStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number | null; body: StoreInput }) =>
      id ? api.put<Store>(`/stores/${id}`, body) : api.post<Store>('/stores', body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: STORES_KEY }),
        queryClient.invalidateQueries({ queryKey: ['chains'] }),
        queryClient.invalidateQueries({ queryKey: ['regions'] }),
      ]),
  });
}

export function useDeleteStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/stores/${id}`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: STORES_KEY }),
        queryClient.invalidateQueries({ queryKey: ['chains'] }),
        queryClient.invalidateQueries({ queryKey: ['regions'] }),
      ]),
  });
}
