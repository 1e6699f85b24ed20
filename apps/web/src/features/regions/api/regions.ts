import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Region, RegionInput } from '@wop/shared/regions';
import { CHAINS_KEY } from '../../../entities/chains.ts';
import { REGIONS_KEY } from '../../../entities/regions.ts';
import { api } from '../../../lib/api.ts';

export const regionQueryOptions = (chainId: number, id: number) =>
  queryOptions({
    queryKey: [...REGIONS_KEY, chainId, 'detail', id],
    queryFn: async ({ signal }) =>
      (await api.get<Region>(`/chains/${chainId}/regions/${id}`, undefined, signal)).payload,
  });

export function useSaveRegion(chainId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number | null; body: RegionInput }) =>
      id
        ? api.put<Region>(`/chains/${chainId}/regions/${id}`, body)
        : api.post<Region>(`/chains/${chainId}/regions`, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: REGIONS_KEY }),
        queryClient.invalidateQueries({ queryKey: CHAINS_KEY }),
      ]),
  });
}

export function useDeleteRegion(chainId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/chains/${chainId}/regions/${id}`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: REGIONS_KEY }),
        queryClient.invalidateQueries({ queryKey: CHAINS_KEY }),
      ]),
  });
}
