import { queryOptions } from '@tanstack/react-query';
import type { Store } from '@wop/shared/stores';
import { getPage, type QueryParams } from '../lib/api.ts';

export const STORES_KEY = ['stores'] as const;

export const getStores = (query: QueryParams, signal?: AbortSignal) => getPage<Store>('/stores', query, signal);

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
