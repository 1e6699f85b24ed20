import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatMessage, ChatMessageBody } from '@wop/shared/chat';
import { chatKeys } from '../../../entities/orders.ts';
import { api } from '../../../lib/api.ts';
import { notifyErrorWithCode } from '../../../lib/errors.ts';

/** POST /api/orders/{id}/messages `{ body }` -> 201 with the message. */
export async function sendMessage(orderId: number, input: ChatMessageBody): Promise<ChatMessage> {
  const { payload } = await api.post<ChatMessage>(`/orders/${orderId}/messages`, input);
  return payload;
}

export function useSendMessage(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChatMessageBody) => sendMessage(orderId, input),
    // Chat errors: the first message with its code (spec 8), shown here rather than by the global handler.
    meta: { silent: true },
    onError: (error) => notifyErrorWithCode(error),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.all(orderId) }),
  });
}
