import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StoreImportRecord, UserImportResult } from '@wop/shared/imports';
import { ASSETS_KEY } from '../../../entities/assets.ts';
import { STORES_KEY } from '../../../entities/stores.ts';
import { USERS_KEY } from '../../../entities/users.ts';
import { api, getPage, type QueryParams, toFormData } from '../../../lib/api.ts';

export const STORE_IMPORTS_KEY = ['store-imports'] as const;

export const getStoreImports = (query: QueryParams, signal?: AbortSignal) =>
  getPage<StoreImportRecord>('/import/store', query, signal);

export function useImportStores() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ chainId, file }: { chainId: number; file: File }) =>
      api.post<StoreImportRecord>('/import/store', toFormData({ chain_id: chainId, data_file: file })),
    // A failed import is recorded too: reload the list either way.
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: STORE_IMPORTS_KEY });
      await queryClient.invalidateQueries({ queryKey: STORES_KEY });
    },
  });
}

export function useBulkUpdateUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => api.post<UserImportResult>('/import/user/update', toFormData({ data_file: file })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}

export const ASSET_IMPORTS_KEY = ['asset-imports'] as const;

export const getAssetImports = (query: QueryParams, signal?: AbortSignal) =>
  getPage<StoreImportRecord>('/import/assets', query, signal);

export function useImportAssets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ chainId, file }: { chainId: number; file: File }) =>
      api.post<StoreImportRecord>('/import/assets', toFormData({ chain_id: chainId, data_file: file })),
    // A failed import is recorded too: reload the list either way.
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ASSET_IMPORTS_KEY });
      await queryClient.invalidateQueries({ queryKey: ASSETS_KEY });
    },
  });
}
