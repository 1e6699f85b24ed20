import { queryOptions } from '@tanstack/react-query';
import type { Role } from '@wop/shared/reference';
import { getPage, type QueryParams } from '../lib/api.ts';

export type { Role };

export const ROLES_KEY = ['roles'] as const;

export const getRoles = (query: QueryParams, signal?: AbortSignal) => getPage<Role>('/roles', query, signal);

/** Every role, for the user form and filters. */
export const roleOptionsQueryOptions = () =>
  queryOptions({
    queryKey: [...ROLES_KEY, 'options'],
    queryFn: ({ signal }) => getRoles({ limit: 100, sort_by: 'id', sort_order: 'asc' }, signal),
    staleTime: 5 * 60_000,
  });
