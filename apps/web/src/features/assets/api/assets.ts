import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Asset, AssetHistoryItem, AssetInput } from '@wop/shared/assets';
import type { OrderOptions } from '@wop/shared/orders';
import { ASSETS_KEY } from '../../../entities/assets.ts';
import { api, getPage, openDownload, type QueryParams, request } from '../../../lib/api.ts';

export const assetQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...ASSETS_KEY, 'detail', id],
    queryFn: async ({ signal }) => (await api.get<Asset>(`/assets/${id}`, undefined, signal)).payload,
  });

/** A page of the asset's orders: open ones first, newest first. */
export const assetHistoryQueryOptions = (id: number, page: number) =>
  queryOptions({
    queryKey: [...ASSETS_KEY, 'history', id, page],
    queryFn: async ({ signal }) => getPage<AssetHistoryItem>(`/assets/${id}/history`, { page, limit: 20 }, signal),
  });

/** The asset a label names; `chain_id` when the tag is used in several chains the caller sees. */
export const assetByTagQueryOptions = (tag: string, chainId?: number) =>
  queryOptions({
    queryKey: [...ASSETS_KEY, 'tag', tag, chainId ?? null],
    queryFn: async ({ signal }) =>
      (await api.get<Asset>(`/assets/by-tag/${encodeURIComponent(tag)}`, { chain_id: chainId }, signal)).payload,
    retry: false,
  });

/** The stores (and chains) of the caller's scope: where it may register assets. */
export const scopeStoresQueryOptions = () =>
  queryOptions({
    queryKey: [...ASSETS_KEY, 'stores'],
    queryFn: async ({ signal }) => (await api.get<OrderOptions>('/orders/options', undefined, signal)).payload,
    staleTime: 60_000,
  });

/** POST, or PUT against the version the form was opened on (If-Match: a newer one answers 412). */
export function useSaveAsset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version, body }: { id?: number | null; version?: number; body: AssetInput }) =>
      id
        ? request<Asset>('PUT', `/assets/${id}`, {
            body,
            headers: version ? { 'If-Match': `"${version}"` } : undefined,
          })
        : api.post<Asset>('/assets', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ASSETS_KEY }),
  });
}

export function useDeleteAsset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/assets/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ASSETS_KEY }),
  });
}

/** The label sheet (PDF) of chosen assets, or of those the list's filters match. */
export const openLabels = (query: QueryParams, lang: string) => openDownload('/assets/labels', { ...query, lang });
