import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Region, RegionInput } from '@wop/shared/regions';
import { api, getPage, type QueryParams } from '../../../lib/api.ts';

export const REGIONS_KEY = ['regions'] as const;

export const getRegions = (chainId: number, query: QueryParams, signal?: AbortSignal) =>
  getPage<Region>(`/chains/${chainId}/regions`, query, signal);

export const regionQueryOptions = (chainId: number, id: number) =>
  queryOptions({
    queryKey: [...REGIONS_KEY, chainId, 'detail', id],
    queryFn: async ({ signal }) =>
      (await api.get<Region>(`/chains/${chainId}/regions/${id}`, undefined, signal)).payload,
  });

/**
 * A chain's regions for a dropdown, by name; the store form loads 20 (spec 7) and searches the
 * server with `q` for the others, other forms load more.
 */
export const regionOptionsQueryOptions = (chainId: number, limit = 100, q = '') =>
  queryOptions({
    queryKey: [...REGIONS_KEY, chainId, 'options', limit, q],
    queryFn: ({ signal }) => getRegions(chainId, { limit, q, sort_by: 'region_name', sort_order: 'asc' }, signal),
    staleTime: 60_000,
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
        queryClient.invalidateQueries({ queryKey: ['chains'] }),
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
        queryClient.invalidateQueries({ queryKey: ['chains'] }),
      ]),
  });
}
