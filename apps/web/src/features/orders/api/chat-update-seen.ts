import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SeenMarker } from '@wop/shared/chat';
import { chatKeys } from '../../../entities/orders.ts';
import { api } from '../../../lib/api.ts';
import { notifyErrorWithCode } from '../../../lib/errors.ts';

/**
 * POST /api/orders/{id}/updateseen: marks the order's messages as read by the caller, up to
 * `messageId` (the newest message shown) so that one arriving meanwhile stays unread.
 */
export async function updateSeen(orderId: number, messageId?: number): Promise<SeenMarker> {
  const { payload } = await api.post<SeenMarker>(
    `/orders/${orderId}/updateseen`,
    messageId ? { message_id: messageId } : {},
  );
  return payload;
}

export function useUpdateSeen(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId?: number) => updateSeen(orderId, messageId),
    meta: { silent: true },
    onError: (error) => notifyErrorWithCode(error),
    onSuccess: (marker) => queryClient.setQueryData(chatKeys.unread(orderId), marker.message_count),
  });
}
