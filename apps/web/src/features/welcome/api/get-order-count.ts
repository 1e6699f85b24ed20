import { queryOptions } from '@tanstack/react-query';
import type { Page } from '@wop/shared/api';
import { ORDERS_KEY } from '../../../entities/orders.ts';
import { api } from '../../../lib/api.ts';

/** How many orders the user can see in a status: GET /api/orders?status=<slug>&limit=1 -> total. */
export async function getOrderCount(status: string, signal?: AbortSignal): Promise<number> {
  const { payload } = await api.get<Page<unknown>>('/orders', { status, limit: 1 }, signal);
  return payload?.total ?? 0;
}

export const orderCountQueryOptions = (status: string) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'count', { status }],
    queryFn: ({ signal }) => getOrderCount(status, signal),
    meta: { silent: true },
  });
