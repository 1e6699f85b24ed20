import { queryOptions } from '@tanstack/react-query';
import type { WorkType } from '@wop/shared/worktypes';
import { getPage } from '../../../lib/api.ts';

export interface StatusOption {
  id: number;
  slug: string;
  title: string;
  label: string;
}

/** Every work type, titled in the interface language, for the order form and filters. */
export const workTypeOptionsQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: ['worktypes', 'options', lang],
    queryFn: async ({ signal }) =>
      (await getPage<WorkType>('/worktypes', { all: 'true', sort_by: 'title', sort_order: 'asc', lang }, signal)).data,
    staleTime: 10 * 60_000,
  });

/** Every order status (the five built-in ones first). */
export const statusOptionsQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: ['orderstatus', 'options', lang],
    queryFn: async ({ signal }) => (await getPage<StatusOption>('/orderstatus/all', { limit: 100 }, signal)).data,
    staleTime: 10 * 60_000,
  });
