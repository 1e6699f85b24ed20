import { queryOptions } from '@tanstack/react-query';
import type { OrderStatus } from '@wop/shared/reference';
import { ORDERSTATUS_KEY } from '../../../entities/orderstatus.ts';
import { api } from '../../../lib/api.ts';

export type OrderStatusOption = Pick<OrderStatus, 'id' | 'title' | 'slug'>;

/** GET /api/orderstatus/all -> `{ payload: { data: [{ id, title, slug }] } }`. */
export async function getOrderStatuses(signal?: AbortSignal): Promise<OrderStatusOption[]> {
  const { payload } = await api.get<{ data: OrderStatusOption[] }>('/orderstatus/all', { limit: 100 }, signal);
  return payload?.data ?? [];
}

export const orderStatusesQueryOptions = () =>
  queryOptions({
    queryKey: [...ORDERSTATUS_KEY, 'all'],
    queryFn: ({ signal }) => getOrderStatuses(signal),
    staleTime: 10 * 60_000,
    // The welcome page explains the failure in place.
    meta: { silent: true },
  });
