import { queryOptions } from '@tanstack/react-query';
import { getOrders, ORDERS_KEY } from '../../../entities/orders.ts';

/** How many orders the user can see in a status: the total of a one-row page of the list. */
export async function getOrderCount(status: string, signal?: AbortSignal): Promise<number> {
  return (await getOrders({ status, limit: 1 }, signal)).total;
}

export const orderCountQueryOptions = (status: string) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'count', { status }],
    queryFn: ({ signal }) => getOrderCount(status, signal),
    meta: { silent: true },
  });
