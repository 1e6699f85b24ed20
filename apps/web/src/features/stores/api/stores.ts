import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Store, StoreInput } from '@wop/shared/stores';
import { CHAINS_KEY } from '../../../entities/chains.ts';
import { REGIONS_KEY } from '../../../entities/regions.ts';
import { STORES_KEY } from '../../../entities/stores.ts';
import { api } from '../../../lib/api.ts';

export const storeQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...STORES_KEY, 'detail', id],
    queryFn: async ({ signal }) => (await api.get<Store>(`/stores/${id}`, undefined, signal)).payload,
  });

export function useSaveStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number | null; body: StoreInput }) =>
      id ? api.put<Store>(`/stores/${id}`, body) : api.post<Store>('/stores', body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: STORES_KEY }),
        queryClient.invalidateQueries({ queryKey: CHAINS_KEY }),
        queryClient.invalidateQueries({ queryKey: REGIONS_KEY }),
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
        queryClient.invalidateQueries({ queryKey: CHAINS_KEY }),
        queryClient.invalidateQueries({ queryKey: REGIONS_KEY }),
      ]),
  });
}
