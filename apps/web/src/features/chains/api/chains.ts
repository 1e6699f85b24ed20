import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Chain, ChainInput } from '@wop/shared/chains';
import { api, getPage, type QueryParams } from '../../../lib/api.ts';

/** Every chain query starts with this key; invalidating it reloads lists, details and dropdowns. */
export const CHAINS_KEY = ['chains'] as const;

export const getChains = (query: QueryParams, signal?: AbortSignal) => getPage<Chain>('/chains', query, signal);

export async function getChain(id: number, signal?: AbortSignal): Promise<Chain> {
  return (await api.get<Chain>(`/chains/${id}`, undefined, signal)).payload;
}

export const chainQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...CHAINS_KEY, 'detail', id], queryFn: ({ signal }) => getChain(id, signal) });

/** The chains dropdown of the store, user and filter forms (the caller's scope). */
export const chainOptionsQueryOptions = () =>
  queryOptions({
    queryKey: [...CHAINS_KEY, 'options'],
    queryFn: ({ signal }) => getChains({ limit: 1000, sort_by: 'chain_name', sort_order: 'asc' }, signal),
    staleTime: 60_000,
  });

export function useSaveChain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number | null; body: ChainInput }) =>
      id ? api.put<Chain>(`/chains/${id}`, body) : api.post<Chain>('/chains', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CHAINS_KEY }),
  });
}

export function useDeleteChain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/chains/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CHAINS_KEY }),
  });
}
