import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@wop/shared/api';
import type { ChatMessage } from '@wop/shared/chat';
import { chatKeys } from '../../../entities/orders.ts';
import { getPage } from '../../../lib/api.ts';
import { usePollInterval } from '../../../lib/live-status.ts';

/** GET /api/orders/{id}/messages: the newest `limit` messages, newest first. */
export function getMessages(orderId: number, limit: number, signal?: AbortSignal): Promise<Page<ChatMessage>> {
  return getPage<ChatMessage>(`/orders/${orderId}/messages`, { limit, page: 1 }, signal);
}

export const messagesQueryOptions = (orderId: number, limit: number) =>
  queryOptions({
    queryKey: chatKeys.messages(orderId, limit),
    queryFn: ({ signal }) => getMessages(orderId, limit, signal),
    staleTime: 0,
  });

/** Polls every 10 s while the panel is open (spec 4); growing the limit keeps the shown page until the bigger one arrives. */
export function useMessages(orderId: number, limit: number) {
  return useQuery({
    ...messagesQueryOptions(orderId, limit),
    refetchInterval: usePollInterval(),
    placeholderData: keepPreviousData,
  });
}
