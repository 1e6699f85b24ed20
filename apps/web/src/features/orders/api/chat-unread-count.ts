import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnreadCount } from '@wop/shared/chat';
import { chatKeys } from '../../../entities/orders.ts';
import { api } from '../../../lib/api.ts';
import { usePollInterval } from '../../../lib/live-status.ts';

/** GET /api/orders/{id}/unreadmessages -> `{ message_count }`: others' messages the caller has not seen. */
export async function getUnreadCount(orderId: number, signal?: AbortSignal): Promise<number> {
  const { payload } = await api.get<UnreadCount>(`/orders/${orderId}/unreadmessages`, undefined, signal);
  return payload.message_count;
}

export const unreadCountQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: chatKeys.unread(orderId),
    queryFn: ({ signal }) => getUnreadCount(orderId, signal),
    staleTime: 0,
  });

/** The unread count of an order, polled every 10 s (the "messages" button badge). */
export function useUnreadCount(orderId: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...unreadCountQueryOptions(orderId),
    refetchInterval: usePollInterval(),
    enabled: options.enabled ?? true,
  });
}
