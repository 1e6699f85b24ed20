import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfirmOrderBody } from '@wop/shared/confirm';
import { ORDERS_KEY } from '../../../entities/orders.ts';
import { api } from '../../../lib/api.ts';

/** POST /api/orders/{id}/confirm: the store signs a completed order off as fixed, or not fixed (opens a follow-up). */
export function useConfirmOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ConfirmOrderBody }) =>
      api.post<{ id: number; recall_order_id: number | null }>(`/orders/${id}/confirm`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
  });
}
