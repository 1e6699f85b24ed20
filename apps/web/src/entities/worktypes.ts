import { queryOptions } from '@tanstack/react-query';
import type { WorkType } from '@wop/shared/worktypes';
import { getPage } from '../lib/api.ts';

/** Every work type query starts with this key; invalidating it reloads lists and dropdowns. */
export const WORKTYPES_KEY = ['worktypes'] as const;

/** Every work type, titled in the interface language, for the order form and filters. */
export const workTypeOptionsQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: [...WORKTYPES_KEY, 'options', lang],
    queryFn: async ({ signal }) =>
      (await getPage<WorkType>('/worktypes', { all: 'true', sort_by: 'title', sort_order: 'asc', lang }, signal)).data,
    staleTime: 10 * 60_000,
  });
