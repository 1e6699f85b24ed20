import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Chain, ChainInput } from '@wop/shared/chains';
import { CHAINS_KEY } from '../../../entities/chains.ts';
import { api } from '../../../lib/api.ts';

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
