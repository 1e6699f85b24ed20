import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, ApiKeyBody } from '@wop/shared/api-keys';
import { api } from '../../../lib/api.ts';

const API_KEYS_KEY = ['api-keys'] as const;

/** Every key the caller manages (an admin every one, a chain-admin those of its chains). */
export const apiKeysQueryOptions = () =>
  queryOptions({
    queryKey: API_KEYS_KEY,
    queryFn: async ({ signal }) => (await api.get<ApiKey[]>('/api-keys', undefined, signal)).payload,
  });

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiKeyBody) => api.post<ApiKey & { key: string }>('/api-keys', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api-keys/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
}
