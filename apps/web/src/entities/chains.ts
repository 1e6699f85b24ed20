import { queryOptions } from '@tanstack/react-query';
import type { Chain } from '@wop/shared/chains';
import { api, getPage, type QueryParams } from '../lib/api.ts';

/** Every chain query starts with this key; invalidating it reloads lists, details and dropdowns. */
export const CHAINS_KEY = ['chains'] as const;

export const getChains = (query: QueryParams, signal?: AbortSignal) => getPage<Chain>('/chains', query, signal);

/** The chains dropdown of the store, user and filter forms (the caller's scope). */
export const chainOptionsQueryOptions = () =>
  queryOptions({
    queryKey: [...CHAINS_KEY, 'options'],
    queryFn: ({ signal }) => getChains({ limit: 1000, sort_by: 'chain_name', sort_order: 'asc' }, signal),
    staleTime: 60_000,
  });

export async function getChain(id: number, signal?: AbortSignal): Promise<Chain> {
  return (await api.get<Chain>(`/chains/${id}`, undefined, signal)).payload;
}

/** One chain: its dashboard, its tabs and its edit form share this cached copy. */
export const chainQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...CHAINS_KEY, 'detail', id], queryFn: ({ signal }) => getChain(id, signal) });

/** A chain's page: what other pages link to (app/router/route-table.ts has the route). */
export const chainPath = (id: number) => `/chains/${id}`;
