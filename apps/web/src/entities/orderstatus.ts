import { queryOptions } from '@tanstack/react-query';
import { getPage } from '../lib/api.ts';

/** Every order status query starts with this key; invalidating it reloads lists and dropdowns. */
export const ORDERSTATUS_KEY = ['orderstatus'] as const;

export interface StatusOption {
  id: number;
  slug: string;
  title: string;
  label: string;
}

/** Every order status (the five built-in ones first). */
export const statusOptionsQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: [...ORDERSTATUS_KEY, 'options', lang],
    queryFn: async ({ signal }) => (await getPage<StatusOption>('/orderstatus/all', { limit: 100 }, signal)).data,
    staleTime: 10 * 60_000,
  });
