import { queryOptions } from '@tanstack/react-query';
import type { Region } from '@wop/shared/regions';
import { getPage, type QueryParams } from '../lib/api.ts';

export const REGIONS_KEY = ['regions'] as const;

export const getRegions = (chainId: number, query: QueryParams, signal?: AbortSignal) =>
  getPage<Region>(`/chains/${chainId}/regions`, query, signal);

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
